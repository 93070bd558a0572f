import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { tokenFor } from '../support/auth';
import { shot } from '../support/screenshots';

/** A MAWB reused asks to confirm a split in our words; a manifest that has not arrived is not offered "ready for pickup". */

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/manifest-rules-shots';

async function pageAs(browser: import('@playwright/test').Browser, token: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  return page;
}

test('a clerk reusing a MAWB is told which manifest has it and may confirm a split', async ({ browser, request }) => {
  const token = await tokenFor(request, 'branch_manager');
  const headers = { authorization: `Bearer ${token}` };
  const mawb = `176-${String(Date.now()).slice(-8)}`;
  const first = await request.post('/api/manifests', { headers, data: { type: 'AIR', mawbOrBl: mawb } });
  expect(first.status()).toBe(201);
  const firstNumber = ((await first.json()) as { manifestNumber: string }).manifestNumber;

  const page = await pageAs(browser, token);
  await page.goto('/staff/maniefest');
  await page.getByRole('button', { name: 'New manifest' }).click();
  const form = page.getByRole('dialog', { name: 'New manifest' });
  await form.getByLabel('MAWB number').fill(mawb.replace('-', ' '));
  await form.getByRole('button', { name: 'Create' }).click();
  const confirm = page.getByRole('dialog', { name: 'Split shipment?' });
  await expect(confirm).toContainText(`MAWB ${mawb.replace('-', ' ')} is already on manifest ${firstNumber}.`);
  await expect(confirm).toContainText('confirm the split');
  await shot(page, { path: `${SHOTS}/split-confirm.png` });
  // Cancel keeps the form as it was; confirming creates the second manifest.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(form.getByLabel('MAWB number')).toHaveValue(mawb.replace('-', ' '));
  await form.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('dialog', { name: 'Split shipment?' }).getByRole('button', { name: 'Confirm the split' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: /Manifest created: MAN-\d{6}/ })).toBeVisible();
});

test('a shipped manifest offers no "ready for pickup", and the API refuses it in our words', async ({ browser, request }) => {
  const token = await tokenFor(request, 'branch_manager');
  const headers = { authorization: `Bearer ${token}` };
  const tracking = `1ZRDY${Date.now().toString(36).toUpperCase()}`;
  const pkg = await request.post('/api/packages', { headers, data: { trackingNumber: tracking, weightLb: 2, mailbox: 'JXP-10001' } });
  expect(pkg.ok(), await pkg.text()).toBe(true);
  const m = (await (await request.post('/api/manifests', { headers, data: { type: 'AIR' } })).json()) as {
    id: number;
    manifestNumber: string;
  };
  await request.post(`/api/manifests/${m.id}/packages`, { headers, data: { packageIds: [((await pkg.json()) as { id: number }).id] } });
  expect((await request.post(`/api/manifests/${m.id}/close`, { headers })).ok()).toBe(true);
  expect((await request.post(`/api/manifests/${m.id}/ship`, { headers })).ok()).toBe(true);

  const refused = await request.post(`/api/manifests/${m.id}/ready`, { headers });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(
    `${m.manifestNumber} has not arrived: its packages are made ready for pickup once it has arrived and cleared customs`,
  );

  const page = await pageAs(browser, token);
  await page.goto(`/staff/reconciliation?manifest=${m.id}`);
  await expect(page.getByText(`${m.manifestNumber} is shipped.`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Cleared customs/ })).toHaveCount(0);
  await shot(page, { path: `${SHOTS}/shipped-reconciliation.png` });
});
