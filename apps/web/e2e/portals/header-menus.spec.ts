import type { Browser, Locator, Page } from '@playwright/test';
import { type A11yAudit, expect, test } from '../support/test';
import { type DemoRole, tokenFor } from '../support/auth';
import { turnSystemMode } from '../support/colour-mode';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/header-menus';
const WIDTHS = [1366, 375] as const;
const MODES = ['light', 'dark'] as const;

interface HeaderMenu {
  name: string;
  trigger: (page: Page) => Locator;
  /** Only at these widths (the public site's user menu becomes the mobile menu on a phone). */
  widths?: readonly number[];
}

const banner = (page: Page) => page.getByRole('banner');
const THEME: HeaderMenu = { name: 'theme', trigger: (page) => banner(page).getByRole('button', { name: /^Colour mode:/ }) };
const NOTIFICATIONS: HeaderMenu = { name: 'notifications', trigger: (page) => page.getByTestId('notification-bell') };
const TICKETS: HeaderMenu = { name: 'tickets', trigger: (page) => page.getByTestId('ticket-bell') };
const userMenu = (person: string): HeaderMenu => ({
  name: 'user-menu',
  trigger: (page) => banner(page).getByRole('button', { name: `Account menu for ${person}` }),
  widths: [1366],
});

/** Each header with its menus: the portals' headers and the public site's header signed in. */
const HEADERS: Array<{ who: DemoRole; path: string; menus: HeaderMenu[] }> = [
  { who: 'customer', path: '/customer/dashboard', menus: [THEME] },
  { who: 'customer', path: '/', menus: [userMenu('Kimberly Williams')] },
  { who: 'staff', path: '/staff/dashboard', menus: [NOTIFICATIONS, TICKETS, THEME] },
  { who: 'courier_admin', path: '/admin/dashboard', menus: [TICKETS, THEME] },
];

/** What covers or cuts the open menu: points of it where another element is on top, ancestors that clip it. */
async function hiddenParts(menu: Locator): Promise<{ covered: string[]; clippedBy: string[] }> {
  return menu.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const inset = 10; // clear of the rounded corners
    const points: Array<[number, number]> = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + inset, r.top + inset],
      [r.right - inset, r.top + inset],
      [r.left + inset, r.bottom - inset],
      [r.right - inset, r.bottom - inset],
    ];
    const covered = points
      .filter(([x, y]) => !el.contains(document.elementFromPoint(x, y)))
      .map(([x, y]) => {
        const top = document.elementFromPoint(x, y);
        return `(${Math.round(x)},${Math.round(y)}) under ${top ? `${top.tagName.toLowerCase()}.${String(top.className).slice(0, 60)}` : 'nothing'}`;
      });
    const clippedBy: string[] = [];
    for (let p = el.parentElement; p; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (!/hidden|clip|auto|scroll/.test(`${style.overflowX} ${style.overflowY}`)) continue;
      const q = p.getBoundingClientRect();
      if (r.left < q.left - 0.5 || r.top < q.top - 0.5 || r.right > q.right + 0.5 || r.bottom > q.bottom + 0.5)
        clippedBy.push(`${p.tagName.toLowerCase()}.${String(p.className).slice(0, 60)}`);
    }
    return { covered, clippedBy };
  });
}

/** Opens the menu from its button, checks it whole, on top and clean for axe, photographs it, closes it with Escape. */
async function checkMenu(page: Page, a11y: A11yAudit, menu: HeaderMenu, name: string) {
  const trigger = menu.trigger(page);
  await trigger.click();
  const open = page.getByRole('menu');
  await expect(open).toBeVisible();
  // Radix places the menu a frame after it opens.
  await expect(open).toHaveAttribute('data-state', 'open');
  await expect(async () => {
    const box = await open.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport).toBeTruthy();
    if (!box || !viewport) return;
    expect(box.x, 'left edge inside the window').toBeGreaterThanOrEqual(0);
    expect(box.y, 'top edge inside the window').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, 'right edge inside the window').toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height, 'bottom edge inside the window').toBeLessThanOrEqual(viewport.height);
  }).toPass({ timeout: 5_000 });
  expect(await hiddenParts(open)).toEqual({ covered: [], clippedBy: [] });
  await a11y.check(page);
  await shot(page, { path: `${SHOTS}/${name}.png` });
  await page.keyboard.press('Escape');
  await expect(open).toHaveCount(0);
  await expect(menu.trigger(page)).toBeFocused();
}

async function signedInPage(browser: Browser, token: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 740 : 900 }, colorScheme: 'light' });
  await context.addInitScript((t) => window.localStorage?.setItem('token', t), token);
  return { context, page: await context.newPage() };
}

for (const { who, path, menus } of HEADERS) {
  test(`the header menus of ${path} (${who}) open whole, on top, at 1366 and 375 px, light and dark`, async ({
    browser,
    request,
    a11y,
  }) => {
    test.setTimeout(180_000);
    const token = await tokenFor(request, who);
    for (const width of WIDTHS) {
      // One visit per width, in the light mode; the system's mode then turns dark on the open page.
      const { context, page } = await signedInPage(browser, token, width);
      await page.goto(path);
      await expect(banner(page)).toBeVisible();
      for (const mode of MODES) {
        await turnSystemMode(page, mode);
        for (const menu of menus) {
          if (menu.widths && !menu.widths.includes(width)) continue;
          const place = path === '/' ? 'site' : path.split('/')[1];
          await checkMenu(page, a11y, menu, `header-${place}-${menu.name}-${width}-${mode}`);
        }
      }
      await context.close();
    }
  });
}
