import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { DEMO } from '../support/auth';
import { shot } from '../support/screenshots';

const STAFF = DEMO.staff;
const MAILBOX = 'JXP-10001'; // the demo customer's

async function staffToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/staff/login', { data: STAFF });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** A keyboard-wedge scanner: the characters, then Enter, with no pause. */
async function gun(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 0 });
  await page.keyboard.press('Enter');
}

/**
 * The scan station installs as an app. The manifest opens Scan full screen, the
 * service worker keeps the app shell so a reload without a network still shows the station, in a
 * clear offline state where scans are refused (never silently lost) and can be scanned again once
 * the connection is back.
 */
test.describe('the installable scan station', () => {
  test('the web app manifest is served, valid, and linked from the staff portal only', async ({ page, request }) => {
    const res = await request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({ start_url: '/staff/scan', scope: '/', display: 'standalone' });
    expect(manifest.name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    // Chromium's install criteria: a 192 px and a 512 px icon; a maskable one for Android's shapes.
    for (const size of ['192x192', '512x512']) expect(manifest.icons.some((i) => i.sizes === size && i.type === 'image/png')).toBe(true);
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const img = await request.get(icon.src);
      expect(img.status(), icon.src).toBe(200);
      expect(img.headers()['content-type']).toBe('image/png');
      const bytes = await img.body();
      // PNG signature, then the IHDR width and height match the declared size.
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    const sw = await request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toMatch(/javascript/);
    expect(sw.headers()['cache-control']).toBe('no-cache');

    // The public site offers no scan station to install.
    await page.goto('/');
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  });

  test('registers its service worker, then opens offline in a clear offline state', async ({ browser, request }) => {
    test.setTimeout(90_000);
    const token = await staffToken(request);
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, serviceWorkers: 'allow' });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
    const page = await context.newPage();
    await page.goto('/staff/scan');
    await expect(page.getByRole('heading', { name: 'Scan', exact: true })).toBeVisible();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');

    // Registered, installed (the app shell precached), active, and in control of this page.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(new URL('/', page.url()).href);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      let count = 0;
      for (const name of names) count += (await (await caches.open(name)).keys()).length;
      return count;
    });
    expect(cached).toBeGreaterThan(20);

    await context.setOffline(true);
    await page.reload();
    const field = page.getByLabel('Tracking number');
    await expect(page.getByRole('heading', { name: 'Scan', exact: true })).toBeVisible({ timeout: 20_000 });
    const offline = page.getByTestId('scan-offline');
    await expect(offline).toContainText('Offline: scans are not recorded');
    await expect(offline).toHaveAttribute('data-offline', 'true');
    await expect(field).toBeFocused();

    // A scan while offline is refused out loud and kept in view, not lost.
    const tracking = `1ZPWA${Date.now().toString().slice(-9)}0001`;
    await gun(page, tracking);
    const result = page.getByTestId('scan-result');
    await expect(result.locator('[data-tone]')).toHaveAttribute('data-tone', 'error');
    await expect(result).toContainText(`No connection: ${tracking} was not recorded`);
    await expect(page.getByTestId('scan-missed-count')).toHaveText('1 scan was refused while offline');
    await expect(offline.getByRole('listitem')).toHaveText([tracking]);
    await expect(field).toHaveValue('');
    await expect(field).toBeFocused();
    await shot(page, { path: `${process.env.E2E_SCREENSHOTS ?? '/tmp/floor-shots'}/scan-offline-1366.png`, fullPage: true });

    // Back online: the refused scan is offered again and, scanned again, reaches the server.
    await context.setOffline(false);
    await expect(offline).toContainText('Connection back');
    const lookup = page.waitForResponse((r) => r.url().includes('/api/packages/scan?') && r.status() === 200);
    await offline.getByRole('button', { name: 'Scan them again' }).focus();
    await page.keyboard.press('Enter');
    await lookup;
    await expect(result.locator('[data-tone]')).toHaveAttribute('data-tone', 'ok');
    await expect(result).toContainText(`New UPS package ${tracking}`);
    await expect(offline).toHaveCount(0);
    await context.close();
  });

  test('the unknown-package assignment screen takes a scan gun: package, then mailbox', async ({ browser, request }) => {
    const token = await staffToken(request);
    const tracking = `1ZUNK${Date.now().toString().slice(-9)}0001`;
    const created = await request.post('/api/packages', {
      headers: { authorization: `Bearer ${token}` },
      data: { trackingNumber: tracking, weightLb: 2.5, mode: 'AIR' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const unknown = (await created.json()) as { id: number; packageNumber: string; status: string };
    expect(unknown.status).toBe('unknown');

    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
    const page = await context.newPage();
    await page.goto('/staff/unknown-packages');
    const field = page.getByRole('textbox', { name: 'Unknown package', exact: true });
    await expect(field).toBeFocused();
    const result = page.getByTestId('scan-result');

    // Our label as a person types it (lowercase, no hyphen), fast, then Enter.
    await gun(page, unknown.packageNumber.replace('-', '').toLowerCase());
    await expect(result).toContainText(`${unknown.packageNumber} (${tracking}, 2.50 lb): now scan the customer’s mailbox`);
    await expect(result.locator('[data-tone]')).toHaveAttribute('data-tone', 'ok');
    const mailboxField = page.getByRole('textbox', { name: `Mailbox for ${unknown.packageNumber}`, exact: true });
    await expect(mailboxField).toBeFocused();
    await expect(mailboxField).toHaveValue('');

    // A wrong mailbox is refused in our words and the package stays waiting.
    await gun(page, 'JXP-99999');
    await expect(result.locator('[data-tone]')).toHaveAttribute('data-tone', 'error');
    await expect(result).toContainText('No customer has that mailbox number');
    await expect(mailboxField).toBeFocused();

    await gun(page, MAILBOX.replace('-', '').toLowerCase());
    await expect(result).toContainText(new RegExp(`${unknown.packageNumber} assigned to .+ \\(${MAILBOX}\\)`));
    await expect(result.locator('[data-tone]')).toHaveAttribute('data-tone', 'ok');
    await expect(field).toBeFocused();
    await shot(page, { path: `${process.env.E2E_SCREENSHOTS ?? '/tmp/floor-shots'}/unknown-assign-375.png`, fullPage: true });

    const after = await request.get(`/api/packages/${unknown.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(await after.json()).toMatchObject({ status: 'received', mailboxNumber: MAILBOX });

    // The same package scanned again is no longer unknown: refused, with its status.
    await gun(page, unknown.packageNumber);
    await expect(result).toContainText(`${unknown.packageNumber} is not an unknown package: it is Received`);
    await context.close();
  });
});
