import { expect, test } from '../support/test';

// The menu's 0.3 s slide is checked here, so this spec does not ask for reduced motion.
test.use({ viewport: { width: 375, height: 740 }, contextOptions: { reducedMotion: 'no-preference' } });

test('the mobile menu opens, navigates, closes on the route change and with Escape', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  const menu = page.locator('#mobile-menu');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(menu).toHaveAttribute('data-state', 'closed');
  await expect(menu.getByRole('link', { name: 'Contact' })).toBeHidden();

  await toggle.click();
  await expect(menu).toHaveAttribute('data-state', 'open');
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  // The 0.3 s animation.
  expect(await menu.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.3s');
  await expect(menu.getByRole('link', { name: 'How It Works' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();

  await menu.getByRole('link', { name: 'How It Works' }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect(menu).toHaveAttribute('data-state', 'closed');
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

  // Keyboard: open, then Escape closes and returns focus to the toggle.
  await page.getByRole('button', { name: 'Open menu' }).focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('data-state', 'open');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('data-state', 'closed');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  // A route change from outside the menu (the footer) closes it too.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toHaveAttribute('data-state', 'open');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(menu).toHaveAttribute('data-state', 'closed');
});
