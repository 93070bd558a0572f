import type { Page } from '@playwright/test';
import { createSecondCourier } from '../support/couriers';
import { waitForMail } from '../support/mailbox';
import { expect, test } from '../support/test';

/** Waits for the toast, then closes it, so a later identical toast cannot be mistaken for it. */
async function expectToast(page: Page, text: string, timeout?: number) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible({ timeout });
  await toast.locator('[data-close-button]').dispatchEvent('click');
  await expect(toast).toHaveCount(0);
}

/**
 * A courier moving to us brings its 500 customers across: the admin checks the old system's file
 * (two bad rows are named with their reasons, nothing is written), imports the rest with their
 * account numbers as mailbox numbers, then invites them. One customer follows the invitation on a
 * phone, chooses a password and finds the mailbox number they always had. The courier is this
 * run's own, so the demo courier's screens are untouched.
 */
test('a courier migrates 500 customers with their mailbox numbers, and one signs in from the invitation', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const courier = await createSecondCourier(request);
  const code = `IS${courier.name.split(' ').at(-1)}`;
  const tag = code.toLowerCase();
  const rows = Array.from(
    { length: 500 },
    (_, i) => `${5001 + i},Migrated Person${i + 1},m${i + 1}-${tag}@migrate.test,876-555-${String(1000 + i)},Ocho Rios`,
  );
  const header = 'Account #,Full Name,Email,Phone,Branch';
  const twice = `5001,Twice Over,twice-${tag}@migrate.test,,`;
  const csv = [header, ...rows, twice, '6001,No Mail,,,'].join('\n');

  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(courier.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(courier.admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/admin\/dashboard/);
  await page.goto('/admin/customers');
  await page.getByRole('link', { name: 'Import customers' }).click();
  await expect(page.getByRole('heading', { name: 'Import Customers' })).toBeVisible();

  // Checking the file writes nothing and names each bad row.
  await page.locator('input[type="file"]').setInputFiles({ name: 'old-system.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('heading', { name: 'What the import will do' })).toBeVisible();
  const problems = page.getByRole('list', { name: 'Rows with problems' });
  await expect(problems).toContainText('Line 502: Twice Over');
  await expect(problems).toContainText(`Mailbox ${code}-5001 is also on line 2`);
  await expect(problems).toContainText('Line 503: No Mail');
  await expect(problems).toContainText('Email is missing');
  await expect(page.getByText(`${code}-5501`)).toBeVisible();

  await page.getByRole('button', { name: 'Import 500 customers' }).click();
  const confirm = page.getByRole('dialog', { name: 'Import customers' });
  await expect(confirm).toContainText('Rows with problems are left out');
  await confirm.getByRole('button', { name: 'Import 500' }).click();
  await expectToast(page, '500 customers imported');
  await expect(page.getByRole('heading', { name: 'Imported' })).toBeVisible();

  // The customers list has them, each with the number from the old system.
  await page.goto('/admin/customers');
  await page.getByRole('searchbox').fill(`m17-${tag}@migrate.test`);
  await expect(page.getByRole('row').filter({ hasText: `${code}-5017` })).toBeVisible();

  // Invitations go out when the courier chooses.
  await page.goto('/admin/customers/import');
  await expect(page.getByText('500 imported customers have not been invited to choose a password yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await page.getByRole('dialog', { name: 'Send invitations' }).getByRole('button', { name: 'Send invitations' }).click();
  // A batch of 100 per request, the progress shown meanwhile.
  await expect(page.getByRole('status').filter({ hasText: /Sending invitations: \d+ of 500/ })).toBeVisible({ timeout: 30_000 });
  await expectToast(page, '500 invitations sent', 90_000);
  await expect(page.getByText('have not been invited')).toHaveCount(0);

  // One customer opens the invitation on a phone, chooses a password and signs in.
  const mail = await waitForMail(`m1-${tag}@migrate.test`, /reset-password/, 60_000);
  const decoded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  expect(decoded).toContain(`${code}-5001`);
  const link = /https?:\/\/[^\s"<>]+\/reset-password\?[^\s"<>]+/.exec(decoded)?.[0];
  if (!link) throw new Error('no password link in the invitation');
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, reducedMotion: 'reduce' });
  const customer = await phone.newPage();
  const url = new URL(link.replace(/&amp;/g, '&'));
  await customer.goto(url.pathname + url.search);
  await customer.getByLabel('New Password').fill('Migrated#2026');
  await customer.getByLabel('Confirm Password').fill('Migrated#2026');
  await customer.getByRole('button', { name: 'Reset Password' }).click();
  await expect(customer.getByText('Password reset successful! Please login with your new password.')).toBeVisible();
  await customer.waitForURL(/\/login/);
  await customer.getByLabel('Email').fill(`m1-${tag}@migrate.test`);
  await customer.getByLabel('Password', { exact: true }).fill('Migrated#2026');
  await customer.getByRole('button', { name: 'Sign In' }).click();
  await customer.waitForURL(/\/customer\/dashboard/);
  await expect(customer.getByText(`${code}-5001`).first()).toBeVisible();
  await phone.close();
});
