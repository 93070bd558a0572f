import { expect, test } from '../support/test';
import { loginAs } from '../support/auth';

/**
 * A customer opening their dashboard (a bookmark, the installed app, an e-mail's link): the entry
 * has asked for the page's code and data before React arrives, so the first thing drawn is the
 * page with the US address, never the router's loading spinner first.
 */
test("the signed-in customer's dashboard is the first thing drawn: no loading spinner before it", async ({ page, request }) => {
  await loginAs(page, request, 'customer');
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { firstRenders: string[] }).firstRenders = seen;
    const watch = new MutationObserver(() => {
      const root = document.getElementById('root');
      const now = root?.querySelector('address') ? 'address' : root?.querySelector('main[aria-busy="true"]') ? 'spinner' : null;
      if (now && seen.at(-1) !== now) seen.push(now);
    });
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      if (root) watch.observe(root, { childList: true, subtree: true });
    });
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/customer/dashboard');
  await expect(page.getByRole('heading', { name: 'Your US shipping address' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { firstRenders: string[] }).firstRenders)).toEqual(['address']);

  // A page whose code was not asked for early still shows the spinner while it loads, then the page.
  await page.goto('/customer/packages');
  await expect(page.getByRole('heading', { name: 'My packages', level: 1 })).toBeVisible();
});
