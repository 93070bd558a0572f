import { expect, test } from '../support/test';
import { DEMO } from '../support/auth';
import { screenLoaded } from '../support/settled';

/**
 * Axe on every screen of each portal's sidebar, reached the way a user does (the sidebar links),
 * once the screen has its data. The journeys audit what they visit on their own; this sweep makes
 * sure no portal page is left out. The staff portal shows the admin's pages with fewer items.
 */
const PORTALS = [
  {
    who: 'courier admin',
    login: '/api/auth/login',
    email: 'admin@jamaicaexpress.test',
    password: DEMO.courier_admin.password,
    home: '/admin/dashboard',
    nav: 'Admin navigation',
  },
  {
    who: 'customer',
    login: '/api/customers/login',
    email: 'customer@example.test',
    password: DEMO.customer.password,
    home: '/customer/dashboard',
    nav: 'Customer navigation',
  },
  {
    who: 'super admin',
    login: '/api/auth/super-admin/login',
    email: 'superadmin@courierportal.test',
    password: DEMO.super_admin.password,
    home: '/superadmin/dashboard',
    nav: 'Super admin navigation',
  },
] as const;

for (const p of PORTALS) {
  test(`every ${p.who} screen passes axe`, async ({ page, request, a11y }) => {
    test.setTimeout(180_000);
    const res = await request.post(p.login, { data: { email: p.email, password: p.password } });
    expect(res.ok(), await res.text()).toBe(true);
    const { token } = (await res.json()) as { token: string };
    await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
    await page.goto(p.home);
    const nav = page.getByRole('navigation', { name: p.nav });
    await expect(nav.getByRole('link').first()).toBeVisible();
    const hrefs = await nav.getByRole('link').evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href') ?? ''))]);
    expect(hrefs.length).toBeGreaterThan(5);
    for (const href of hrefs) {
      // A full-screen page (the signature pad) hides the sidebar: the next one is opened by address.
      const link = nav.locator(`a[href="${href}"]`).first();
      if (await link.isVisible()) await link.click();
      else await page.goto(href);
      await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, '\\?')}$`));
      await screenLoaded(page);
      await a11y.checkOnce(page);
    }

    // On a phone: the sidebar drawer, opened and closed with the keyboard, audited open.
    await page.goto(p.home);
    await page.setViewportSize({ width: 375, height: 812 });
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    await openMenu.focus();
    await page.keyboard.press('Enter');
    await expect(nav).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await a11y.check(page);
    // Tab stays in the drawer (its last item, Log out, is followed by the close button again).
    const drawer = page.getByRole('dialog', { name: p.nav.replace('navigation', 'menu') });
    for (let i = 0; i < 30; i++) await page.keyboard.press('Tab');
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(openMenu).toBeFocused();
  });
}

test('the public account menu opens from the keyboard and passes axe open', async ({ page, request, a11y }) => {
  const res = await request.post('/api/customers/login', { data: DEMO.customer });
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  await page.goto('/');
  const trigger = page.getByRole('banner').getByRole('button', { name: /^Account menu for/ });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await a11y.check(page);
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem').nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();
});
