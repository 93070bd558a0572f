import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { tokenFor } from '../support/auth';
import { shot } from '../support/screenshots';

/** Corrections, void and the admin's floor screens, through the UI. */

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/corrections-shots';

async function pageAs(browser: import('@playwright/test').Browser, token: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  return page;
}

const toast = (page: Page, text: string | RegExp) =>
  expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();

test('staff correct a 340 lb typo with confirmation, then void a phantom package', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const token = await tokenFor(request, 'branch_manager');
  const tracking = `1ZFIX${Date.now().toString(36).toUpperCase()}`;
  const received = await request.post('/api/packages', {
    headers: { authorization: `Bearer ${token}` },
    data: { trackingNumber: tracking, weightLb: 340, mailbox: 'JXP-10001' },
  });
  expect(received.ok(), await received.text()).toBe(true);
  const pkg = (await received.json()) as { packageNumber: string };

  const page = await pageAs(browser, token);
  await page.goto(`/staff/packages?search=${pkg.packageNumber}`);
  await page.getByRole('button', { name: `Open ${pkg.packageNumber}` }).click();
  const detail = page.getByRole('dialog', { name: pkg.packageNumber });
  await detail.getByRole('button', { name: 'Correct' }).click();
  const correct = page.getByRole('dialog', { name: `Correct ${pkg.packageNumber}` });
  await correct.getByLabel('Weight (lb)').fill('0');
  await correct.getByRole('button', { name: 'Save correction' }).click();
  await expect(correct.getByText('The weight must be more than 0 lb')).toBeVisible();
  await correct.getByLabel('Weight (lb)').fill('3.4');
  await correct.getByLabel('Why (kept on the timeline)').fill('Typo at the scale');
  await shot(page, { path: `${SHOTS}/correct-dialog.png` });
  await correct.getByRole('button', { name: 'Save correction' }).click();
  await toast(page, 'Package corrected');
  await expect(detail.getByText('Corrected: weight (lb) 340 → 3.4 (Typo at the scale)')).toBeVisible();

  // A heavy weight asks first.
  await detail.getByRole('button', { name: 'Correct' }).click();
  await correct.getByLabel('Weight (lb)').fill('250');
  await correct.getByRole('button', { name: 'Save correction' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm the weight' });
  await expect(confirm).toContainText('250 lb is more than 150 lb');
  await shot(page, { path: `${SHOTS}/heavy-confirm.png` });
  await confirm.getByRole('button', { name: 'The weight is right' }).click();
  await toast(page, 'Package corrected');

  await detail.getByRole('button', { name: 'Void' }).click();
  const voidDialog = page.getByRole('dialog', { name: `Void ${pkg.packageNumber}` });
  await voidDialog.getByLabel('Reason').fill('Two scans glued together');
  await voidDialog.getByRole('button', { name: 'Void package' }).click();
  await toast(page, 'Package voided');
  await expect(detail.getByRole('status').filter({ hasText: 'Voided: Two scans glued together' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, { path: `${SHOTS}/voided-375.png`, fullPage: true });
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
});

test('the courier admin opens Maniefest, Reconciliation and Uncollected from the sidebar', async ({ browser, request }) => {
  const page = await pageAs(browser, await tokenFor(request, 'courier_admin'));
  await page.goto('/admin/dashboard');
  for (const [label, heading, path] of [
    ['Maniefest', 'Maniefest', '/admin/maniefest'],
    ['Reconciliation', 'Reconciliation', '/admin/reconciliation'],
    ['Uncollected', 'Uncollected', '/admin/uncollected'],
  ] as const) {
    await page.getByRole('navigation').getByRole('link', { name: label, exact: true }).first().click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await shot(page, { path: `${SHOTS}/admin-uncollected.png` });
});
