import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { waitForMail } from '../support/mailbox';
import { DEMO, tokenFor } from '../support/auth';
import { shot } from '../support/screenshots';

const CUSTOMER = DEMO.customer;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/packages-shots';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function pageAs(browser: import('@playwright/test').Browser, token: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  return page;
}

const toast = (page: Page, text: string | RegExp) =>
  expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();

test('a pre-alerted package is received on Scan, shipped, reconciled, made ready, and the customer follows it', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const tracking = `1Z${Date.now().toString(36).toUpperCase().padStart(16, '0').slice(-16)}`;
  const customer = await pageAs(browser, await tokenFor(request, 'customer'));

  // The customer pre-alerts the package with its invoice.
  await customer.goto('/customer/packages');
  await customer.getByRole('button', { name: 'Pre-alert a package' }).click();
  const form = customer.getByRole('form', { name: 'Pre-alert a package' });
  await form.getByLabel('Tracking number').fill(tracking);
  await form.getByLabel('Merchant').fill('Amazon');
  await form.getByLabel('Description').fill('Noise-cancelling headphones');
  await form.getByLabel('Declared value (USD)').fill('149.99');
  await form.getByLabel(/^Invoice/).setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: 'Submit pre-alert' }).click();
  await toast(customer, 'Pre-alert submitted');
  const preAlerts = customer.getByRole('table', { name: 'My pre-alerts' });
  await expect(preAlerts.getByRole('row').filter({ hasText: tracking })).toContainText('On file');

  // Staff receive it on the Scan screen with the keyboard alone.
  const staff = await pageAs(browser, await tokenFor(request, 'staff'));
  await staff.goto('/staff/scan');
  await expect(staff.getByRole('textbox', { name: 'Tracking number' })).toBeFocused();
  await staff.keyboard.type(tracking.toLowerCase());
  await staff.keyboard.press('Enter');
  await expect(staff.getByText(/Pre-alert by Kimberly Williams/)).toBeVisible();
  await expect(staff.getByLabel('Weight (lb)')).toBeFocused();
  await staff.keyboard.type('2.75');
  await staff.keyboard.press('Enter');
  await toast(staff, /Package received: PKG-\d{6}/);
  await expect(staff.getByRole('textbox', { name: 'Tracking number' })).toBeFocused();
  await expect(staff.getByText(/Last received:/)).toContainText('Kimberly Williams');
  await shot(staff, { path: `${SHOTS}/scan-desktop.png`, fullPage: true });
  // The toast fades in and out; check the page itself once it has gone.
  await expect(staff.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(staff);
  await staff.setViewportSize({ width: 375, height: 800 });
  await shot(staff, { path: `${SHOTS}/scan-375.png`, fullPage: true });
  await waitForMail(CUSTOMER.email, /received at our Miami warehouse/);

  // A manager puts it on an AIR manifest, closes, ships and marks it arrived.
  const manager = await pageAs(browser, await tokenFor(request, 'branch_manager'));
  await manager.goto('/staff/maniefest');
  await manager.getByRole('button', { name: 'New manifest' }).click();
  await manager.getByLabel('MAWB number', { exact: true }).fill('176-55501234');
  await manager.getByLabel('Flight', { exact: true }).fill('JM 018');
  await manager.getByRole('button', { name: 'Create' }).click();
  await toast(manager, /Manifest created: MAN-\d{6}/);
  const dialog = manager.getByRole('dialog');
  await dialog.getByLabel('Scan a package to add it').fill(tracking);
  await dialog.getByLabel('Scan a package to add it').press('Enter');
  await expect(dialog.getByText('1 pieces · 2.75 lb')).toBeVisible();
  for (const [button, confirm, done] of [
    ['Close manifest', 'Close', 'Manifest closed'],
    ['Ship', 'Ship', 'Manifest shipped'],
    ['Mark arrived', 'Mark arrived', 'Manifest arrived'],
  ] as const) {
    await dialog.getByRole('button', { name: button, exact: true }).click();
    // The confirm button comes after the dialog's own close icon (also named Close).
    await manager.getByRole('dialog').last().getByRole('button', { name: confirm, exact: true }).last().click();
    await toast(manager, done);
  }
  await waitForMail(CUSTOMER.email, /shipped to Jamaica/);
  const manifestNumber = (await dialog.getByRole('heading').first().textContent())?.match(/MAN-\d{6}/)?.[0] ?? '';

  // At the branch it is scanned in, the reconciliation closed, and the package made ready.
  const managerToken = await tokenFor(request, 'branch_manager');
  const found = await request.get(`/api/manifests?search=${manifestNumber}`, { headers: { authorization: `Bearer ${managerToken}` } });
  const manifestId = ((await found.json()) as { data: Array<{ id: number }> }).data[0]?.id;
  await manager.goto(`/staff/reconciliation?manifest=${manifestId}`);
  await expect(manager.getByLabel('Scan a package')).toBeFocused();
  await manager.keyboard.type(tracking);
  await manager.keyboard.press('Enter');
  await expect(manager.getByRole('status').filter({ hasText: 'received' })).toBeVisible();
  await manager.getByRole('button', { name: 'Close reconciliation' }).click();
  await manager.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
  await toast(manager, 'Reconciliation closed');
  await manager.getByRole('button', { name: /make ready for pickup/ }).click();
  await toast(manager, /ready for pickup/);
  await waitForMail(CUSTOMER.email, /ready for pickup/);

  // The customer sees every step.
  await customer.goto('/customer/packages');
  const row = customer.getByRole('table', { name: 'My packages' }).getByRole('row').filter({ hasText: tracking });
  await expect(row).toContainText('Ready for Pickup');
  await row.getByRole('button', { name: /Timeline of/ }).click();
  const timeline = customer.getByRole('list', { name: 'Package timeline' });
  for (const step of ['Received', 'In Transit', 'At Customs', 'Ready for Pickup'])
    await expect(timeline.getByText(step, { exact: true })).toBeVisible();
  await shot(customer, { path: `${SHOTS}/customer-timeline-desktop.png`, fullPage: true });
  await customer.setViewportSize({ width: 375, height: 800 });
  await shot(customer, { path: `${SHOTS}/customer-timeline-375.png`, fullPage: true });
});
