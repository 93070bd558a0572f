import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { tokenFor } from '../support/auth';
import { shot } from '../support/screenshots';

/**
 * The hazard rule on the status buttons: a plain staff member opening a parcel being disposed of,
 * or an undecided lithium parcel, is offered no way on (no "In Transit"), and the API refuses the
 * move in our words by one button or in bulk.
 */

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/hazard-status-shots';

async function pageAs(browser: import('@playwright/test').Browser, token: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  return page;
}

test('a disposed or undecided hazardous parcel offers no way on to a plain staff member', async ({ browser, request }) => {
  const manager = { authorization: `Bearer ${await tokenFor(request, 'branch_manager')}` };
  const staffToken = await tokenFor(request, 'staff');
  const staff = { authorization: `Bearer ${staffToken}` };
  const received = async (tag: string, hazard: Record<string, unknown>) => {
    const res = await request.post('/api/packages', {
      headers: manager,
      data: { trackingNumber: `1ZHZ${tag}${Date.now().toString(36).toUpperCase()}`, weightLb: 2, mailbox: 'JXP-10001' },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const pkg = (await res.json()) as { id: number; packageNumber: string };
    const flag = await request.post(`/api/packages/${pkg.id}/hazard`, { headers: manager, data: hazard });
    expect(flag.ok(), await flag.text()).toBe(true);
    return pkg;
  };
  const dispose = await received('D', { level: 'hazardous', category: 'aerosols', outcome: 'dispose' });
  const lithium = await received('L', { level: 'hazardous', category: 'lithium_batteries' });

  const page = await pageAs(browser, staffToken);
  await page.goto(`/staff/packages?package=${dispose.id}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'On Hold', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'In Transit', exact: true })).toHaveCount(0);
  await shot(page, { path: `${SHOTS}/01-dispose-buttons.png`, fullPage: true });

  await page.goto(`/staff/packages?package=${lithium.id}`);
  await expect(page.getByRole('dialog').getByRole('button', { name: 'On Hold', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'In Transit', exact: true })).toHaveCount(0);
  await shot(page, { path: `${SHOTS}/02-lithium-buttons.png`, fullPage: true });

  // A stale screen or a script gets the rule's refusal, by one button or in bulk.
  const one = await request.post(`/api/packages/${dispose.id}/status`, { headers: staff, data: { status: 'in_transit' } });
  expect(one.status()).toBe(409);
  expect(((await one.json()) as { message: string }).message).toBe(
    `${dispose.packageNumber}: The parcel is flagged to be disposed of: it cannot move on`,
  );
  const bulk = await request.post('/api/packages/bulk-status', { headers: staff, data: { ids: [lithium.id], status: 'in_transit' } });
  expect(((await bulk.json()) as { changed: number; results: Array<{ message?: string }> }).results[0]?.message).toBe(
    `${lithium.packageNumber}: The parcel is flagged hazardous: choose sea, return or disposal before it ships`,
  );
});
