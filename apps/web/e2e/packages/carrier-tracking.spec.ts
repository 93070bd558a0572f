import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { type TrackingSimulator, startTrackingSimulator } from '../../../api/src/modules/carrier-tracking/simulator';
import { workerPorts } from '../support/ports';
import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { tokenFor } from '../support/auth';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/carrier-tracking-shots';
const PHONE = { width: 375, height: 740 };
const DESK = { width: 1280, height: 800 };

let sim: TrackingSimulator;
test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // The server's TRACKING_SIMULATOR_URL: the demo courier is in test mode, so it follows pre-alerts here.
  sim = await startTrackingSimulator(workerPorts().tracking);
});
test.afterAll(async () => sim?.close());

async function signedIn(browser: Browser, token: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  return context.newPage();
}
const snap = (page: Page, name: string) => shot(page, { path: path.join(SHOTS, `${name}.png`), fullPage: false });

test('the carrier’s scans reach the customer’s pre-alert and the warehouse staff, marked TEST', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const customerToken = await tokenFor(request, 'customer');
  const adminToken = await tokenFor(request, 'courier_admin');
  const trackingNumber = `1Z${Date.now().toString().slice(-12)}AB12`;
  const created = await request.post('/api/customer/pre-alerts', {
    headers: { authorization: `Bearer ${customerToken}` },
    data: { trackingNumber, merchant: 'Best Buy', description: 'Headphones', declaredValueUsdCents: 12_999 },
  });
  expect(created.ok(), await created.text()).toBe(true);

  // The tracking job registers the number with the aggregator (every 10 s).
  await expect.poll(() => sim.trackings.some((t) => t.tracking_number === trackingNumber), { timeout: 45_000 }).toBe(true);
  for (const tag of ['InTransit', 'OutForDelivery', 'Delivered']) {
    expect(await sim.checkpoint({ trackingNumber, tag })).toEqual([200]);
  }

  // The customer, on a phone, opens the pre-alert's scans from My packages.
  const customer = await signedIn(browser, customerToken, PHONE);
  await customer.goto('/customer/packages');
  await customer.getByRole('button', { name: `Carrier scans of ${trackingNumber}` }).click();
  const dialog = customer.getByRole('dialog', { name: 'On its way to us' });
  await expect(dialog.getByText('Delivered to our Miami warehouse').first()).toBeVisible();
  await expect(dialog.getByText('Out for delivery', { exact: true })).toBeVisible();
  await expect(dialog.getByText('In transit', { exact: true })).toBeVisible();
  await expect(dialog.getByText('TEST', { exact: true })).toBeVisible();
  await snap(customer, 'pre-alert-scans-375');
  await expectNoSeriousA11yViolations(customer);
  await customer.emulateMedia({ colorScheme: 'dark' });
  await snap(customer, 'pre-alert-scans-375-dark');
  await expectNoSeriousA11yViolations(customer);
  await customer.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Staff at a desk find it among the parcels delivered to us and not received, and open its scans by keyboard.
  const desk = await signedIn(browser, adminToken, DESK);
  await desk.goto('/admin/carrier-tracking');
  await expect(desk.getByRole('heading', { name: 'On the way to the warehouse', level: 1 })).toBeVisible();
  await desk.getByLabel('Show').selectOption('waiting');
  const row = desk.getByRole('listitem').filter({ hasText: trackingNumber });
  await expect(row).toContainText('not received yet');
  await expect(row.getByText('TEST', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Scans' }).focus();
  await desk.keyboard.press('Enter');
  await expect(row.getByRole('list', { name: 'Carrier scans' })).toBeVisible();
  await snap(desk, 'on-the-way-desk');
  await expectNoSeriousA11yViolations(desk);
  await desk.emulateMedia({ colorScheme: 'dark' });
  await snap(desk, 'on-the-way-desk-dark');
  await expectNoSeriousA11yViolations(desk);
});
