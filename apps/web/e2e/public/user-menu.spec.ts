import { expect, test } from '../support/test';
import { loginAs } from '../support/auth';

test('a signed-in customer gets the user menu with their initials, own pages and Log out', async ({ page, request }) => {
  await loginAs(page, request, 'customer');
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
  const trigger = header.getByRole('button', { name: 'Account menu for Kimberly Williams' });
  await expect(trigger).toContainText('KW');
  await trigger.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/customer/dashboard');
  await expect(menu.getByRole('menuitem', { name: 'Packages' })).toHaveAttribute('href', '/customer/packages');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/customer/profile');
  await expect(menu.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});

test('a courier admin also sees the Admin Panel, on a phone too', async ({ page, request }) => {
  await loginAs(page, request, 'courier_admin');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin/dashboard');
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
  await expect(menu.getByText('AC', { exact: true })).toBeVisible();
  await menu.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
});
