import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { pageSettled } from '../support/settled';
import { expect, test } from '../support/test';
import { DEMO } from '../support/auth';
import { shot } from '../support/screenshots';

/**
 * Every list fits its box on a laptop (no table wider than its container at 1366 px:
 * low-priority columns fold into the row's details, Actions stay in view) and on a phone each row
 * is a card whose status can be seen without scrolling sideways.
 */
const SHOTS = process.env.PORTAL_SHOTS_DIR ?? '/tmp/portal-shots';

const WHO = {
  super_admin: { ...DEMO.super_admin, login: '/api/auth/super-admin/login' },
  courier_admin: { ...DEMO.courier_admin, login: '/api/auth/login' },
  customer: { ...DEMO.customer, login: '/api/customers/login' },
};

/** The main list screens of each portal, and whether their rows carry a status. */
const SCREENS: Record<keyof typeof WHO, Array<{ path: string; status: boolean }>> = {
  super_admin: [
    { path: '/superadmin/couriers', status: true },
    { path: '/superadmin/packages', status: true },
    { path: '/superadmin/manifests', status: true },
    { path: '/superadmin/staff', status: true },
    { path: '/superadmin/branches', status: true },
    { path: '/superadmin/invoices', status: true },
    { path: '/superadmin/payments', status: false },
  ],
  courier_admin: [
    { path: '/admin/packages', status: true },
    { path: '/admin/manifests', status: true },
    { path: '/admin/customers', status: true },
    { path: '/admin/staff', status: true },
    { path: '/admin/invoices', status: true },
    { path: '/admin/payments', status: false },
    { path: '/admin/uncollected', status: false },
    { path: '/admin/support-tickets', status: true },
  ],
  customer: [
    { path: '/customer/packages', status: true },
    { path: '/customer/invoices', status: true },
    { path: '/customer/payments', status: false },
  ],
};

async function pageAs(browser: Browser, request: APIRequestContext, who: keyof typeof WHO, width: number, height: number): Promise<Page> {
  const d = WHO[who];
  const res = await request.post(d.login, { data: { email: d.email, password: d.password } });
  expect(res.ok(), await res.text()).toBe(true);
  const { token } = (await res.json()) as { token: string };
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  return page;
}

/** Waits for the first list on the screen to have loaded (no skeleton, no spinner). */
async function listLoaded(page: Page) {
  const box = page.locator('[data-table-box]').first();
  await expect(box).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
  await pageSettled(page);
}

/**
 * Opens a list the way a link in the app does (the router follows the address, nothing reloads):
 * the app loads once per width, not once per list.
 */
async function openList(page: Page, path: string) {
  if (!page.url().startsWith('http')) {
    await page.goto(path);
    return;
  }
  // The list being left is marked, so the next one is measured only once it has replaced it.
  await page.evaluate((to) => {
    for (const box of document.querySelectorAll('[data-table-box]')) box.setAttribute('data-left-behind', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.locator('[data-left-behind]')).toHaveCount(0, { timeout: 15_000 });
}

const shotName = (path: string, size: string) => `${SHOTS}/table-${path.replaceAll('/', '-').slice(1)}-${size}.png`;

// On a busy machine the server may still be seeding when the first journey starts.
test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  await expect
    .poll(async () => (await request.get('/api/health').catch(() => null))?.ok() ?? false, { timeout: 170_000, intervals: [1_000] })
    .toBe(true);
});

for (const who of Object.keys(WHO) as Array<keyof typeof WHO>) {
  test(`${who}: every list fits at 1366 px and shows status on a phone`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const laptop = await pageAs(browser, request, who, 1366, 900);
    for (const screen of SCREENS[who]) {
      await openList(laptop, screen.path);
      await listLoaded(laptop);
      const boxes = await laptop.locator('[data-table-box]').evaluateAll((els) =>
        els.map((box) => {
          const scroller = box.querySelector('.overflow-x-auto') ?? box;
          const table = box.querySelector('table');
          return {
            box: { scroll: box.scrollWidth, client: box.clientWidth },
            scroller: { scroll: scroller.scrollWidth, client: scroller.clientWidth },
            table: table ? Math.round(table.getBoundingClientRect().width) : 0,
          };
        }),
      );
      expect(boxes.length, screen.path).toBeGreaterThan(0);
      for (const b of boxes) {
        expect(b.box.scroll, `${screen.path} box`).toBeLessThanOrEqual(b.box.client);
        expect(b.scroller.scroll, `${screen.path} table ${b.table}px`).toBeLessThanOrEqual(b.scroller.client);
      }
      // Actions, when the list has them, are in view at the right of the box.
      const actions = laptop.locator('[data-table-box] td[data-sticky="actions"]').first();
      if ((await actions.count()) > 0) {
        const [cell, box] = await Promise.all([actions.boundingBox(), laptop.locator('[data-table-box]').first().boundingBox()]);
        expect(cell && box && cell.x + cell.width <= box.x + box.width + 1, `${screen.path} actions in view`).toBe(true);
      }
      await shot(laptop, { path: shotName(screen.path, '1366'), fullPage: true });
    }
    await laptop.context().close();

    const phone = await pageAs(browser, request, who, 375, 812);
    for (const screen of SCREENS[who]) {
      await openList(phone, screen.path);
      await listLoaded(phone);
      // The settled layout: on a loaded machine the cards can replace the table a frame after the rows arrive.
      await expect
        .poll(() => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
          message: `${screen.path} page overflow on a phone`,
        })
        .toBeLessThanOrEqual(0);
      const cards = phone.getByTestId('table-card');
      if ((await cards.count()) > 0) {
        await expect(phone.locator('[data-table-box] table')).toHaveCount(0);
        if (screen.status) {
          const status = cards.first().getByTestId('card-status');
          await expect(status, `${screen.path} status on a phone`).toBeVisible();
          const box = await status.boundingBox();
          expect(box && box.x + box.width <= 375, `${screen.path} status inside the screen`).toBe(true);
          expect((await status.innerText()).trim().length).toBeGreaterThan(0);
        }
      }
      await shot(phone, { path: shotName(screen.path, '375'), fullPage: true });
    }
    await phone.context().close();
  });
}

/**
 * A phone's list of several pages (7 at 10 a page: eleven page buttons once made the customer's
 * packages page 41 px wider than the screen) with long unbroken values fits: every element of the
 * page's main area ends inside it, measured on the elements themselves so no clip can hide one.
 * The lists' answers are the real ones with a larger total and one long row, so the layout does not
 * depend on what earlier journeys left.
 */
test('customer: a long list and long values stay inside a phone screen', async ({ browser, request }) => {
  const phone = await pageAs(browser, request, 'customer', 375, 812);
  const long = `1Z${'9'.repeat(38)}`;
  for (const list of ['packages', 'pre-alerts']) {
    await phone.route(new RegExp(`/api/customer/${list}(\\?|$)`), async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Array<Record<string, unknown>>; total: number };
      const [first, ...rest] = body.data;
      const row = first && { ...first, trackingNumber: long, description: `Lithium${'-battery'.repeat(12)}`, merchant: 'M'.repeat(60) };
      await route.fulfill({ response, json: { ...body, data: row ? [row, ...rest] : [], total: 65 } });
    });
  }
  await phone.goto('/customer/packages');
  await listLoaded(phone);
  await expect(phone.getByTestId('table-card').first()).toBeVisible();
  await expect(phone.getByRole('navigation', { name: 'Pages of My packages' })).toBeVisible();
  await expect
    .poll(
      () =>
        phone.evaluate(() => {
          const main = document.querySelector('main');
          if (!main) return ['no main'];
          const edge = main.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(main).paddingRight);
          // Inside a box that scrolls sideways on its own, content may be wider than the page.
          const scrolls = (el: Element) => el !== main && /auto|scroll/.test(getComputedStyle(el).overflowX);
          return [...main.querySelectorAll('*')]
            .filter((el) => el.getBoundingClientRect().right > edge + 0.5)
            .filter((el) => {
              for (let up = el.parentElement; up && up !== main; up = up.parentElement) if (scrolls(up)) return false;
              return true;
            })
            .map(
              (el) =>
                `${el.tagName.toLowerCase()}.${el.getAttribute('class')} ${Math.round(el.getBoundingClientRect().right)}px "${el.textContent?.slice(0, 40)}"`,
            );
        }),
      { message: 'elements wider than the phone screen' },
    )
    .toEqual([]);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await shot(phone, { path: `${SHOTS}/table-customer-packages-long-375.png`, fullPage: true });
  await phone.context().close();
});
