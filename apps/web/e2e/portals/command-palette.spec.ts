import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { DEMO } from '../support/auth';

/** The grouped sidebar keeps Settings in view on a laptop, and Ctrl+K jumps anywhere. */
test.use({ viewport: { width: 1366, height: 900 } });

async function signInAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill('admin@jamaicaexpress.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO.courier_admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page.getByRole('navigation', { name: 'Admin navigation' });
}

async function openPalette(page: Page) {
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Search screens and records' });
  await expect(palette).toBeVisible();
  await expect(palette.getByRole('combobox')).toBeFocused();
  return palette;
}

test('the admin sees Settings at 1366x900, and jumps by Control+K to an invoice, a package and a screen', async ({ page, a11y }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const nav = await signInAsAdmin(page);

  // Sections are labelled groups; Settings is pinned below them, in view without scrolling.
  await expect(nav.getByRole('group', { name: 'Operations' }).getByRole('link', { name: 'Maniefest', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toBeInViewport({ ratio: 1 });

  // An invoice of the demo data, by its number: the invoice list opens on it.
  let palette = await openPalette(page);
  await a11y.check(page);
  await palette.getByRole('combobox').fill('INV-000001');
  const invoice = palette.getByRole('option', { name: /INV-000001/ });
  await expect(invoice).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/invoices\?invoice=INV-000001$/);
  await expect(page.getByRole('dialog', { name: 'Invoice INV-000001' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Invoice INV-000001' })).toBeHidden();

  // A package by its number: the package list, its detail open.
  palette = await openPalette(page);
  await palette.getByRole('combobox').fill('pkg-000001');
  await expect(palette.getByRole('option', { name: /PKG-000001/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/packages\?search=PKG-000001&package=\d+$/);
  await expect(page.getByRole('dialog').filter({ hasText: 'PKG-000001' })).toBeVisible();
  await page.keyboard.press('Escape');

  // A screen of the sidebar, typed and chosen with the arrows; Escape closes without moving.
  palette = await openPalette(page);
  await palette.getByRole('combobox').fill('Repo');
  await expect(palette.getByRole('option').first()).toHaveText('Reports');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await page.getByRole('button', { name: /^Search/ }).click();
  await expect(palette).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/reports$/);

  // Folding every section is remembered across a reload; Settings stays where it was.
  for (const section of ['Operations', 'Customers', 'Billing', 'Support', 'Organisation']) {
    await nav.getByRole('button', { name: section, exact: true }).click();
  }
  await page.reload();
  await expect(nav.getByRole('button', { name: 'Operations', exact: true })).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Scan', exact: true })).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toBeInViewport({ ratio: 1 });
  expect(errors).toEqual([]);
});
