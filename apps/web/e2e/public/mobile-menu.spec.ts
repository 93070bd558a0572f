import { expect, test } from '../support/test';

// The menu's 0.3 s slide is checked here, so this spec does not ask for reduced motion.
test.use({ viewport: { width: 375, height: 740 }, contextOptions: { reducedMotion: 'no-preference' } });

/**
 * What only the browser's CSS shows: on a phone the links fold into a menu that is hidden while
 * closed and slides open in 0.3 s. Opening, closing on a route change and with Escape, and the
 * signed-in links are in site-header.test.tsx.
 */
test('on a phone the links fold into a hidden menu that slides open in 0.3 s', async ({ page, a11y }) => {
  await page.goto('/');
  const menu = page.locator('#mobile-menu');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(menu).toHaveAttribute('data-state', 'closed');
  await expect(menu.getByRole('link', { name: 'Contact' })).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toHaveAttribute('data-state', 'open');
  // The 0.3 s animation.
  expect(await menu.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.3s');
  await expect(menu.getByRole('link', { name: 'How It Works' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  // The open menu has no role of its own, so the automatic audit does not tell it from the closed page.
  await a11y.check(page);
});
