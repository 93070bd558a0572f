import type { APIRequestContext } from '@playwright/test';
import { type MessagingSimulator, startMessagingSimulator } from '../../../api/src/modules/messaging/simulator';
import { type PushReceiver, startPushReceiver } from '../../../api/test/push-receiver';
import { signIn, tokenFor } from '../support/auth';
import { FULL_CHROMIUM } from '../support/browsers';
import { workerPorts } from '../support/ports';
import { expect, test } from '../support/test';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/phone-shots';
const MAILBOX = 'JXP-10001'; // the demo customer's
const PHONE = '+18765550199';
const SID = `AC${'e'.repeat(32)}`;
const API_KEY = 'ck_demo_jamaica_express_2026';

// Notices are the full browser's: in the headless shell the profile never offered Turn on notices.
test.use(FULL_CHROMIUM);

/** A second customer of the demo courier, signed in through the API: the other person on the same phone. */
async function anotherCustomerToken(request: APIRequestContext): Promise<string> {
  const email = `phone.other.${Date.now().toString(36)}@example.test`;
  const password = 'OtherPerson#2026';
  const validate = await (await request.get(`/api/couriers/validate/${API_KEY}`)).json();
  const branches = await (await request.get(`/api/branches/public/${validate.data.id}`)).json();
  const created = await request.post('/api/customers/register', {
    data: {
      accountType: 'individual',
      title: 'Mr.',
      firstName: 'Other',
      lastName: 'Person',
      email,
      phone: '876-555-0177',
      password,
      trn: '999-888-222',
      address: '3 Test Lane',
      parish: 'Clarendon',
      city: 'May Pen',
      branchId: branches.data[0].id,
      api_key: API_KEY,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return tokenFor(request, { email, password, apiLogin: '/api/customers/login' });
}

let sim: MessagingSimulator;
let receiver: PushReceiver;
test.beforeAll(async () => {
  sim = await startMessagingSimulator(workerPorts().messaging, '127.0.0.1', 100);
  receiver = await startPushReceiver();
});
test.afterAll(async () => {
  await sim?.close();
  await receiver?.close();
});

async function connectSimulator(request: APIRequestContext) {
  const admin = await tokenFor(request, 'courier_admin');
  const res = await request.put('/api/settings/messaging', {
    headers: { authorization: `Bearer ${admin}` },
    data: {
      baseUrl: sim.origin,
      accountSid: SID,
      authToken: 'journey-auth-token',
      smsFrom: '+18765550000',
      whatsappFrom: '+18765550001',
      events: { package_received: { sms: true, whatsapp: true, template: 'Hi {firstName}, {title}. {link}' } },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  expect((await res.json()).testMode).toBe(true);
}

/**
 * The customer's phone. Headless Chromium has no push service of its own, so the page's
 * PushManager hands out a subscription on the local receiver, with keys made in the test as a
 * browser makes them (a P-256 pair and an auth secret); everything after that (the permission, the
 * worker, the server's VAPID-signed, encrypted push, the receiver decrypting it) is the real thing.
 */
test('a customer installs the app, allows notices, confirms a phone, hears of a scan on WhatsApp and push, and keeps the last packages offline until signing out', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await connectSimulator(request);
  const device = receiver.device(`journey-${Date.now()}`);

  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
    baseURL,
  });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await context.addInitScript((sub) => {
    const stored = () => sessionStorage.getItem('journey-push') === 'on';
    const fake = {
      endpoint: sub.endpoint,
      expirationTime: null,
      options: {},
      getKey: () => null,
      toJSON: () => sub,
      unsubscribe: async () => {
        sessionStorage.removeItem('journey-push');
        return true;
      },
    };
    PushManager.prototype.subscribe = async function subscribe() {
      sessionStorage.setItem('journey-push', 'on');
      return fake as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return (stored() ? fake : null) as unknown as PushSubscription | null;
    };
  }, device.subscription);
  const page = await context.newPage();

  // Sign in; the customer portal links its own manifest and registers its own worker.
  await page.goto('/login');
  await signIn(page, 'customer');
  await page.waitForURL(/\/customer\/dashboard/);
  // Opened as the installed app opens: on its start page.
  await page.goto('/customer/dashboard');
  const manifestLink = page.locator('link[rel="manifest"]');
  await expect(manifestLink).toHaveAttribute('href', /\/api\/public\/customer-app\/[A-Z0-9-]+\/manifest\.webmanifest$/);
  const manifestRes = await request.get((await manifestLink.getAttribute('href')) as string);
  expect(manifestRes.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await manifestRes.json();
  expect(manifest).toMatchObject({ scope: '/customer/', display: 'standalone' });
  expect(manifest.start_url).toMatch(/^\/customer\/dashboard/);
  expect(manifest.icons.some((i: { sizes: string }) => i.sizes === '512x512')).toBe(true);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(new URL('/customer/', page.url()).href);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/customer-sw\.js$/);
  // The worker claims open pages; when a loaded machine is slow to, the next visit is controlled anyway.
  const claimed = await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (!claimed) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // Allow notices on this device, then confirm the mobile number with the code sent by SMS.
  await page.goto('/customer/profile');
  await page.getByRole('button', { name: 'Turn on notices' }).click();
  await expect(page.getByText('On for this device', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');
  await page.getByLabel('Mobile number').fill('876 555 0199');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect.poll(() => sim.inbox.find((m) => m.to === PHONE && m.channel === 'sms')?.body ?? '', { timeout: 15_000 }).toMatch(/\d{6}/);
  const code = /(\d{6})/.exec(sim.inbox.find((m) => m.to === PHONE && m.channel === 'sms')?.body ?? '')?.[1] ?? '';
  await page.getByLabel('Code from the text message').fill(code);
  await page.getByRole('button', { name: 'Confirm number' }).click();
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Package received in Miami by WhatsApp' })).toBeChecked();
  await shot(page, { path: `${SHOTS}/phone-notices-375.png`, fullPage: true });

  // A package scanned at the station reaches WhatsApp and the device within seconds.
  const staff = await tokenFor(request, 'staff');
  const tracking = `1ZPHN${Date.now().toString().slice(-9)}0001`;
  const scanned = await request.post('/api/packages', {
    headers: { authorization: `Bearer ${staff}` },
    data: { trackingNumber: tracking, weightLb: 1.2, mailbox: MAILBOX, mode: 'AIR' },
  });
  expect(scanned.ok(), await scanned.text()).toBe(true);
  const { packageNumber } = (await scanned.json()) as { packageNumber: string };
  const startedAt = Date.now();
  const push = await receiver.waitFor((p) => JSON.stringify(p.payload).includes(packageNumber), 10_000);
  expect(push.payload).toMatchObject({ title: expect.stringContaining(packageNumber), url: `/customer/packages?search=${packageNumber}` });
  await expect
    .poll(() => sim.inbox.find((m) => m.channel === 'whatsapp' && m.to === PHONE && m.body.includes(packageNumber))?.status, {
      timeout: 10_000,
    })
    .toBe('delivered');
  expect(Date.now() - startedAt).toBeLessThan(10_000);

  // The packages page, then offline: a reload shows the last packages, saying how old they are.
  const listAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/customer/packages' && r.status() === 200);
  await page.goto('/customer/packages');
  const keptUrl = (await listAnswer).url();
  await expect(page.getByText(packageNumber).first()).toBeVisible();
  await page.waitForTimeout(1_500); // the worker keeps the page's files
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(packageNumber).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'You are offline. Showing what was saved on this device as of' })).toBeVisible();
  await shot(page, { path: `${SHOTS}/offline-packages-375.png`, fullPage: true });

  // The kept answer is this person's only: the same address asked with another person's session
  // (the phone handed over) finds nothing kept, while this person's still gets the copy.
  const other = await anotherCustomerToken(request);
  const asked = await page.evaluate(
    async ({ url, otherToken }) => {
      const ask = async (token: string | null) => {
        try {
          const r = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
          return { copy: r.headers.get('X-Offline-Copy'), text: await r.text() };
        } catch {
          return null;
        }
      };
      return { own: await ask(localStorage.getItem('token')), other: await ask(otherToken) };
    },
    { url: keptUrl, otherToken: other },
  );
  expect(asked.own?.copy).toBeTruthy();
  expect(asked.own?.text).toContain(packageNumber);
  expect(asked.other).toBeNull();
  await context.setOffline(false);

  // Signing out clears every kept answer and the device's subscription.
  await page.reload();
  await expect(page.getByText(packageNumber).first()).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('You have been logged out.')).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).includes('customer-data-v1'))).toBe(false);
  expect(await page.evaluate(() => sessionStorage.getItem('journey-push'))).toBeNull();
  await context.setOffline(true);
  await page.goto('/customer/packages').catch(() => undefined);
  await expect(page.getByText(packageNumber)).toHaveCount(0);
  await context.setOffline(false);

  // The server forgot the device: a new scan sends no push to it.
  const before = receiver.received.length;
  const again = await request.post('/api/packages', {
    headers: { authorization: `Bearer ${staff}` },
    data: { trackingNumber: `1ZPHN${Date.now().toString().slice(-9)}0002`, weightLb: 1, mailbox: MAILBOX, mode: 'AIR' },
  });
  expect(again.ok()).toBe(true);
  await page.waitForTimeout(3_000);
  expect(receiver.received.length).toBe(before);
  await context.close();
});
