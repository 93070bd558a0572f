import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { DEMO } from '../support/auth';

async function signInAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill('admin@jamaicaexpress.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO.courier_admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page.getByRole('navigation', { name: 'Admin navigation' });
}

test('a dropped connection shows one offline banner and keeps the person signed in; Retry brings the list back', async ({
  page,
  context,
}) => {
  const nav = await signInAsAdmin(page);
  // The Invoices screen's code is in the browser already; only its data will fail to arrive.
  await nav.getByRole('link', { name: 'Invoices', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Invoices' })).toBeVisible();
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await context.setOffline(true);
  await nav.getByRole('link', { name: 'Invoices', exact: true }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'You are offline' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  // Still signed in, still in the portal: no trip to the login page.
  await expect(page).toHaveURL(/\/admin\/invoices$/);
  await expect(nav).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();

  // Back online: the banner goes and the list arrives by itself.
  await context.setOffline(false);
  await expect(banner).toBeHidden();
  await expect(page.getByRole('table', { name: 'Invoices' })).toBeVisible();

  // The browser is online but the server cannot be reached: the banner says so, Retry asks again.
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await nav.getByRole('link', { name: 'Payments', exact: true }).click();
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(nav).toBeVisible();
  await page.unroute('**/api/**');
  await banner.getByRole('button', { name: 'Retry' }).click();
  await expect(banner).toBeHidden();
  await expect(page.getByRole('table', { name: 'Payments' })).toBeVisible();
});

test('a screen whose code cannot be downloaded says so in our words, with Try again', async ({ page, context }) => {
  const nav = await signInAsAdmin(page);
  await context.setOffline(true);
  await nav.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'This screen could not load' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Hey developer')).toHaveCount(0);
  // Only the screen failed: the portal's navigation stays, so the person can go elsewhere.
  await expect(nav.getByRole('link', { name: 'Invoices', exact: true })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
});
