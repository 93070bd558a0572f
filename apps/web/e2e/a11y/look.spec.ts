import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { tokenFor } from '../support/auth';
import { turnSystemMode } from '../support/colour-mode';
import { openInvoiceOfDemoCustomer } from '../support/invoices';
import { screenLoaded } from '../support/settled';

/**
 * Look and feel: the main screens in the light and the dark mode, at 1366 and 375 px, pass axe
 * (colour contrast included), and the type, the store marks, the tracking numbers and the focus
 * ring are what they should be. With SCREENS_DIR set (scripts/screens.ts) each screen is also
 * saved as a PNG there.
 */
const SCREENS_DIR = process.env.SCREENS_DIR;
const MODES = ['light', 'dark'] as const;
const WIDTHS = [1366, 375] as const;

type Role = 'customer' | 'courier_admin' | 'staff';
interface Screen {
  name: string;
  who: Role;
  /** The address, or how to find it from the API. */
  path: string | ((request: import('@playwright/test').APIRequestContext, token: string) => Promise<string>);
}

const SCREENS: Screen[] = [
  { name: 'customer-dashboard', who: 'customer', path: '/customer/dashboard' },
  { name: 'customer-packages', who: 'customer', path: '/customer/packages' },
  {
    name: 'customer-invoice',
    who: 'customer',
    path: async (request, token) => `/customer/invoices/${(await openInvoiceOfDemoCustomer(request, token)).invoiceNo}`,
  },
  { name: 'scan-station', who: 'staff', path: '/staff/scan' },
  { name: 'admin-dashboard', who: 'courier_admin', path: '/admin/dashboard' },
  { name: 'admin-packages', who: 'courier_admin', path: '/admin/packages' },
  { name: 'admin-settings', who: 'courier_admin', path: '/admin/settings' },
  { name: 'customer-invoices', who: 'customer', path: '/customer/invoices' },
  { name: 'admin-invoices', who: 'courier_admin', path: '/admin/invoices' },
  { name: 'admin-customers', who: 'courier_admin', path: '/admin/customers' },
];

/** Waits until the screen has loaded (the invoice page is headed by the invoice itself) and the font is in. */
async function settled(page: Page) {
  await screenLoaded(page, 'main h1, main [data-testid="invoice-status"]');
  await page.evaluate(() => document.fonts.ready);
}

async function save(page: Page, name: string) {
  if (!SCREENS_DIR) return;
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`) });
}

for (const screen of SCREENS) {
  test(`${screen.name} passes axe in both modes at 1366 and 375 px`, async ({ page, request, a11y }) => {
    test.setTimeout(120_000);
    const token = await tokenFor(request, screen.who);
    await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
    const address = typeof screen.path === 'string' ? screen.path : await screen.path(request, token);
    for (const width of WIDTHS) {
      // A visit starts in the light mode; the system's mode then turns dark on the open page, which
      // the tokens follow by CSS alone (a visit that starts dark: "the switch pins a mode" below).
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(address);
      await settled(page);
      for (const mode of MODES) {
        // The system's mode is followed: the page's surface changes with it.
        await turnSystemMode(page, mode);
        await a11y.checkOnce(page);
        await save(page, `${screen.name}-${mode}-${width}`);
      }
    }
  });
}

test("on a phone the customer's invoice starts at the top, the balance due large with Pay now beside it", async ({ page, request }) => {
  const token = await tokenFor(request, 'customer');
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  const { invoiceNo } = await openInvoiceOfDemoCustomer(request, token);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/customer/invoices/${invoiceNo}`);
  await settled(page);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(`Invoice ${invoiceNo}`);
  // Under the portal's header and the way back: nothing else comes before the invoice.
  expect((await heading.boundingBox())?.y ?? 999).toBeLessThan(200);
  const balance = page.getByTestId('invoice-balance');
  const pay = page.getByRole('button', { name: /^Pay now/ });
  await expect(pay).toBeVisible();
  const [b, p] = [await balance.boundingBox(), await pay.boundingBox()];
  // Both on the phone's first screen, before the lines of the invoice.
  expect((p?.y ?? 999) + (p?.height ?? 0)).toBeLessThan(812);
  // One block: Pay now right under or beside the figure, the figure in large type.
  expect(Math.abs((p?.y ?? 0) - (b?.y ?? 999))).toBeLessThan(80);
  expect(await balance.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(24);
  // Credit and coupon are folded under it.
  await expect(page.getByRole('form', { name: 'Use account credit' })).toBeHidden();
});

test('at 1366 px the dashboards show four main figures, each on one line', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  for (const [who, path] of [
    ['courier_admin', '/admin/dashboard'],
    ['customer', '/customer/dashboard'],
  ] as const) {
    const token = await tokenFor(request, who);
    await page.goto('/');
    await page.evaluate((t) => window.localStorage.setItem('token', t), token);
    await page.goto(path);
    await settled(page);
    const figures = page.locator('section[aria-label="Main figures"] .text-2xl');
    await expect(figures.first()).toBeVisible();
    expect(await figures.count()).toBeLessThanOrEqual(4);
    for (const figure of await figures.all()) {
      const lines = await figure.evaluate((el) =>
        Math.round(el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight)),
      );
      expect(lines, (await figure.textContent()) ?? '').toBe(1);
    }
  }
});

test('the switch pins a mode over the system one and it is remembered', async ({ page, request }) => {
  const token = await tokenFor(request, 'customer');
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/customer/dashboard');
  await settled(page);
  const surface = () => page.evaluate(() => getComputedStyle(document.querySelector('header') as Element).backgroundColor);
  const light = await surface();
  await page.getByRole('button', { name: 'Colour mode: System' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect.poll(surface).not.toBe(light);
  const dark = await surface();
  await page.reload();
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  expect(await surface()).toBe(dark);
});

test('type, store marks, tracking numbers and focus ring', async ({ page, request }) => {
  // Inter is served by us and used.
  await page.goto('/');
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
  expect(await page.evaluate(() => [...document.fonts].some((f) => f.family.includes('Inter') && f.status === 'loaded'))).toBe(true);

  // Every store card has a mark in the store's colour, white letters on it.
  const marks = page.locator('[data-store-mark]');
  await expect(marks).toHaveCount(6);
  for (const mark of await marks.all()) {
    const [bg, fg] = await mark.evaluate((m) => [getComputedStyle(m).backgroundColor, getComputedStyle(m).color]);
    expect(bg).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
    expect(fg).toBe('rgb(255, 255, 255)');
  }
  await page.locator('#retailers').scrollIntoViewIfNeeded();
  await save(page, 'home-store-marks-light-1366');

  // Tracking numbers stay on one line in the customer's packages table; figures are tabular.
  const token = await tokenFor(request, 'customer');
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/customer/packages');
  await settled(page);
  const table = page.getByRole('table').first();
  expect(await table.evaluate((t) => getComputedStyle(t).fontVariantNumeric)).toBe('tabular-nums');
  const codes = table.locator('tbody td .font-mono');
  expect(await codes.count()).toBeGreaterThan(0);
  for (const code of await codes.all()) {
    const lines = await code.evaluate((el) =>
      Math.round(el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight)),
    );
    expect(lines, (await code.textContent()) ?? '').toBe(1);
  }

  // Rows about 40 px high, headers in sentence case (read as written), the row opens its package.
  const rowHeights = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
  expect(Math.max(...rowHeights)).toBeLessThanOrEqual(44);
  expect(await table.locator('thead').evaluate((h) => getComputedStyle(h).textTransform)).toBe('none');
  const firstRow = table.locator('tbody tr').first();
  expect(await firstRow.evaluate((r) => getComputedStyle(r).cursor)).toBe('pointer');
  await firstRow
    .locator('td')
    .filter({ hasNot: page.locator('a, button, input') })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The focus ring reaches 3:1 against the page in both modes.
  for (const mode of MODES) {
    await page.emulateMedia({ colorScheme: mode });
    await page.goto('/customer/packages');
    await settled(page);
    await page.keyboard.press('Tab');
    const ratio = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const rgb = (c: string) => {
        const probe = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
        probe.fillStyle = c;
        probe.fillRect(0, 0, 1, 1);
        return [...probe.getImageData(0, 0, 1, 1).data].slice(0, 3);
      };
      const lum = (c: string) =>
        rgb(c)
          .map((v) => v / 255)
          .map((s) => (s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4))
          .reduce((sum, v, i) => sum + v * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
      const ring = lum(getComputedStyle(el).outlineColor);
      const page = lum(getComputedStyle(document.body).backgroundColor);
      return (Math.max(ring, page) + 0.05) / (Math.min(ring, page) + 0.05);
    });
    expect(ratio, `${mode} focus ring`).toBeGreaterThanOrEqual(3);
  }
});
