import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, type FrameLocator, type Page, chromium } from '@playwright/test';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { expect, test } from '../support/test';
import { DEMO } from '../support/auth';
import { CHROMIUM, CHROMIUM_ARGS, FULL_CHROMIUM } from '../support/browsers';
import { shot } from '../support/screenshots';
import { screenLoaded } from '../support/settled';

/**
 * The customer portal inside a courier's own website, on another site than ours (localhost framing
 * 127.0.0.1): current Chromium refuses such a frame its storage, other browsers partition it or
 * (older ones) share it with our own tabs. Each way the courier's customer signs in and sees the
 * portal, and another courier's website never shows it.
 */

const CUSTOMER = { email: 'customer@example.test', password: DEMO.customer.password, name: 'Kimberly Williams' };
const DEMO_ADMIN = DEMO.courier_admin;

/** A website on http://localhost:<port>: another site than the app's http://127.0.0.1, that frames `src`. */
async function websiteFraming(src: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><html lang="en"><title>Courier website</title><h1>Our website</h1><iframe id="portal" title="Customer portal" src="${src}" width="1100" height="760"></iframe></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}

async function bearerOf(request: APIRequestContext, url: string, data: object) {
  const res = await request.post(url, { data });
  expect(res.ok(), await res.text()).toBe(true);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

async function allowOrigins(request: APIRequestContext, admin: { email: string; password: string }, origins: string[]) {
  const headers = await bearerOf(request, '/api/auth/login', admin);
  const before = (await (await request.get('/api/settings/embed', { headers })).json()) as { allowedOrigins: string[] };
  const saved = await request.put('/api/settings/embed', { headers, data: { allowedOrigins: origins } });
  expect(saved.ok(), await saved.text()).toBe(true);
  return () => request.put('/api/settings/embed', { headers, data: { allowedOrigins: before.allowedOrigins } });
}

async function signInFramed(framed: FrameLocator) {
  await framed.getByLabel('Email').fill(CUSTOMER.email);
  await framed.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
  await framed.getByRole('button', { name: 'Sign In' }).click();
}

// The first journey is about full Chromium's own rule (the headless shell gives the frame its storage).
test.use(FULL_CHROMIUM);

const portalHeader = (framed: FrameLocator | Page) => framed.getByRole('banner').getByText(CUSTOMER.name);

test('in current Chromium the customer signs in inside the frame, and opens the portal in its own tab, signed in', async ({
  page,
  request,
  baseURL,
}) => {
  const site = await websiteFraming(`${baseURL}/login?api_key=${DEFAULT_API_KEY}`);
  const restore = await allowOrigins(request, DEMO_ADMIN, [site.origin]);
  try {
    await page.goto(site.origin);
    const framed = page.frameLocator('#portal');
    await signInFramed(framed);
    // No "Token not found after login": the portal shows in the frame.
    await expect(portalHeader(framed)).toBeVisible();
    await expect(framed.getByText('Token not found after login')).toHaveCount(0);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame?.url()).toBe(`${baseURL}/customer/dashboard`);
    // This browser refuses the frame its storage: the sign-in lasts only for this page, and it says so.
    expect(
      await frame?.evaluate(() =>
        (() => {
          try {
            return window.localStorage.length >= 0;
          } catch {
            return false;
          }
        })(),
      ),
    ).toBe(false);
    await expect(framed.getByText('Your browser does not let this website remember your sign-in')).toBeVisible();
    await shot(page, { path: test.info().outputPath('framed-portal.png') });

    const issued = page.waitForResponse((res) => res.url().endsWith('/api/customers/handoff'));
    const opened = page.context().waitForEvent('page');
    await framed.getByRole('button', { name: 'Open in its own tab' }).click();
    const code = ((await (await issued).json()) as { code: string }).code;
    const tab = await opened;
    await expect(tab).toHaveURL(`${baseURL}/customer/dashboard`);
    await expect(portalHeader(tab)).toBeVisible();
    // Its own session, in its own storage; no hand-off banner where storage works.
    expect(await tab.evaluate(() => window.localStorage.getItem('token'))).toMatch(/^ey/);
    await expect(tab.getByText('Your browser does not let this website remember your sign-in')).toHaveCount(0);
    await shot(tab, { path: test.info().outputPath('own-tab.png') });
    // The code opened one tab: it is spent, and it was never a session.
    expect((await request.post('/api/customers/handoff/redeem', { data: { code } })).status()).toBe(401);
    expect((await request.get('/api/customers/profile', { headers: { authorization: `Bearer ${code}` } })).status()).toBe(401);
  } finally {
    await restore();
    site.server.close();
  }
});

/** A Chromium of its own with these features off (how other browsers treat a frame's storage). */
async function browserWithout(features: string) {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, `--disable-features=${features}`] });
}

test('a browser that partitions frame storage: the customer signs in inside the frame and stays signed in there, with no banner', async ({
  request,
  baseURL,
}) => {
  const site = await websiteFraming(`${baseURL}/login?api_key=${DEFAULT_API_KEY}`);
  const restore = await allowOrigins(request, DEMO_ADMIN, [site.origin]);
  const browser = await browserWithout('TrackingProtection3pcd');
  try {
    const page = await browser.newPage();
    await page.goto(site.origin);
    const framed = page.frameLocator('#portal');
    await signInFramed(framed);
    await expect(portalHeader(framed)).toBeVisible();
    await expect(framed.getByText('Your browser does not let this website remember your sign-in')).toHaveCount(0);
  } finally {
    await browser.close();
    await restore();
    site.server.close();
  }
});

/**
 * The frame's storage holding the customer's session as a browser that shares it with our own tabs
 * would (partitioned storage, given the token by the test), then the framed page loaded again.
 * The token is stored once the first page has settled, so nothing it still does races the store.
 */
async function framedWithSession(page: Page, site: string, src: string, token: string): Promise<FrameLocator> {
  await page.goto(site);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) throw new Error('no frame');
  await frame.waitForLoadState();
  await screenLoaded(frame);
  await frame.evaluate((value) => window.localStorage.setItem('token', value), token);
  await frame.evaluate((url) => window.location.assign(url), src);
  return page.frameLocator('#portal');
}

test("another courier's allowed website does not show the demo courier's signed-in customer", async ({ request, baseURL }) => {
  const other = await createOtherCourier(request);
  const otherSrc = `${baseURL}/customer/dashboard?api_key=${other.apiKey}`;
  const ownSrc = `${baseURL}/customer/dashboard?api_key=${DEFAULT_API_KEY}`;
  const otherSite = await websiteFraming(otherSrc);
  const ownSite = await websiteFraming(ownSrc);
  const restoreOther = await allowOrigins(request, other.admin, [otherSite.origin]);
  const restoreOwn = await allowOrigins(request, DEMO_ADMIN, [ownSite.origin]);
  const session = await bearerOf(request, '/api/customers/login', {
    email: CUSTOMER.email,
    password: CUSTOMER.password,
    api_key: DEFAULT_API_KEY,
  });
  const token = session.authorization.slice('Bearer '.length);
  const browser = await browserWithout('TrackingProtection3pcd');
  try {
    const page = await browser.newPage();
    // The demo courier's own website shows its customer's portal.
    await expect(portalHeader(await framedWithSession(page, ownSite.origin, ownSrc, token))).toBeVisible();

    // The other courier's website: its api key lets the HTML be framed there, but the signed-in portal is not shown.
    const framed = await framedWithSession(page, otherSite.origin, otherSrc, token);
    await expect(framed.getByRole('heading', { name: 'Your account cannot be shown on this website' })).toBeVisible();
    await expect(framed.getByText(CUSTOMER.name)).toHaveCount(0);
    await expect(framed.getByRole('link', { name: 'Open my account in a new tab' })).toHaveAttribute('target', '_blank');
    await shot(page, { path: test.info().outputPath('other-courier-frame.png') });
  } finally {
    await browser.close();
    await restoreOther();
    await restoreOwn();
    otherSite.server.close();
    ownSite.server.close();
  }
});

/** A second courier made by the super admin, with its own admin (unique per run: one shared database). */
async function createOtherCourier(request: APIRequestContext) {
  const headers = await bearerOf(request, '/api/auth/super-admin/login', {
    email: 'superadmin@courierportal.test',
    password: DEMO.super_admin.password,
  });
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  const admin = { email: `admin-${stamp.toLowerCase()}@frameother.test`, password: 'FrameOther#2026' };
  const created = await request.post('/api/platform/couriers', {
    headers,
    data: { name: `Frame Other ${stamp}`, code: `FO${stamp}`, admin: { firstName: 'Fran', lastName: 'Other', ...admin } },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return { ...((await created.json()) as { id: number; apiKey: string }), admin };
}
