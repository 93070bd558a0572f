import { createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGING_MESSAGES } from '@courier/shared/schemas/messaging';
import { customers } from '../../db/schema/customers';
import { customerPhones, messageOutbox, pushSubscriptions } from '../../db/schema/messaging';
import { auditLog } from '../../db/schema/audit-log';
import { SecretBox } from '../../lib/secret-box';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';
import { type PushReceiver, startPushReceiver } from '../../../test/push-receiver';
import { queueCustomerMessages } from './message-queue.service';
import { drainMessages } from './message-sending.service';
import { saveMessagingSettings } from './messaging-settings.service';
import { type MessagingSimulator, startMessagingSimulator } from './simulator';
import { pushEndpointAllowed, pushPolicy, sendPush } from './push.service';
import { twilioSignature } from './twilio';
import { vapidKeys } from './vapid';

let t: TestApp;
let sim: MessagingSimulator;
let receiver: PushReceiver;
let staff: string;
let admin: string;
let customerToken: string;
let customer: typeof customers.$inferSelect;
let deps: Parameters<typeof drainMessages>[0];
const SID_A = `AC${'a'.repeat(32)}`;
const TOKEN_A = 'token-of-courier-a';
const SID_B = `AC${'b'.repeat(32)}`;
const TOKEN_B = 'token-of-courier-b';
const PHONE = '+18765550123';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Drains until nothing is due and the simulator's callbacks have come back. */
async function settle(ms = 600) {
  while ((await drainMessages(deps)) > 0) {}
  await new Promise((r) => setTimeout(r, ms));
}

const rules = (over: Record<string, unknown> = {}) => ({
  package_received: { sms: true, whatsapp: true, template: 'Hi {firstName}, {title} ({ref}) - {courier}. {link}' },
  ...over,
});

beforeAll(async () => {
  const port = await freePort();
  t = await buildTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  await t.app.listen({ port, host: '127.0.0.1' });
  await seedDemoData(t);
  sim = await startMessagingSimulator(0, '127.0.0.1', 50);
  receiver = await startPushReceiver();
  deps = { db: t.db, config: t.config, box: new SecretBox(t.ctx.tokens.secret) };
  staff = await loginAs(t, 'branch_manager');
  admin = await loginAs(t, 'courier_admin');
  customerToken = await loginAs(t, 'customer');
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!c) throw new Error('no demo customer');
  customer = c;
});
afterAll(async () => {
  await sim?.close();
  await receiver?.close();
  await t?.close();
});

let scanned = 0;
async function scanForCustomer() {
  scanned += 1;
  const res = await t.api('POST', '/packages', staff, {
    trackingNumber: `1Z999AA1000000${String(7000 + scanned).padStart(4, '0')}`,
    weightLb: 1.5,
    mailbox: customer.mailboxNumber,
    mode: 'AIR',
  });
  expect(res.statusCode).toBe(201);
  return res.json().packageNumber as string;
}

describe('push notices (Web Push with VAPID)', () => {
  it('gives the platform VAPID public key, the same every time', async () => {
    const a = (await t.api('GET', '/customer/push/key', customerToken)).json().publicKey;
    const b = (await t.api('GET', '/customer/push/key', customerToken)).json().publicKey;
    expect(a).toMatch(/^[A-Za-z0-9_-]{86,88}$/);
    expect(b).toBe(a);
  });

  it('delivers a feed event to the device, encrypted for its keys (decrypted here as the browser would)', async () => {
    const phone = receiver.device('phone-1');
    const res = await t.api('POST', '/customer/push/subscriptions', customerToken, { ...phone.subscription, deviceLabel: 'Test phone' });
    expect(res.statusCode).toBe(201);
    const packageNumber = await scanForCustomer();
    await settle(50);
    const push = await receiver.waitFor((p) => p.device === 'phone-1' && JSON.stringify(p.payload).includes(packageNumber));
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(push.headers.ttl).toBeDefined();
    expect(push.payload).toMatchObject({
      title: `Package received at our Miami warehouse: ${packageNumber}`,
      url: `/customer/packages?search=${packageNumber}`,
    });
    const [row] = await t.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.channel, 'push'), eq(messageOutbox.status, 'sent')));
    expect(row).toBeDefined();
  });

  it('respects the notification preferences: a kind switched off sends no push', async () => {
    await t.db
      .update(customers)
      .set({ pushOptOuts: ['invoice_issued'] })
      .where(eq(customers.id, customer.id));
    const before = receiver.received.length;
    const queued = await queueCustomerMessages(t.db, {
      courierId: customer.courierId,
      customerId: customer.id,
      event: 'invoice_issued',
      title: 'Invoice issued',
      body: '',
      path: '/customer/invoices',
      ref: 'INV-1',
    });
    expect(queued).toBe(0);
    await settle(50);
    expect(receiver.received.length).toBe(before);
    await t.db.update(customers).set({ pushOptOuts: [] }).where(eq(customers.id, customer.id));
  });

  it('forgets a device the push service says is gone (410)', async () => {
    receiver.answer('phone-1', 410);
    await scanForCustomer();
    await settle(50);
    const left = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.customerId, customer.id));
    expect(left).toHaveLength(0);
    const [failed] = await t.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.channel, 'push'), eq(messageOutbox.status, 'failed')));
    expect(failed?.lastError).toContain('gone');
  });

  it('removes the device at sign-out, and only the signed-in person can remove theirs', async () => {
    const tablet = receiver.device('tablet');
    await t.api('POST', '/customer/push/subscriptions', customerToken, tablet.subscription);
    const other = await makeCustomer(t, customer.courierId);
    await t.api('POST', '/customer/push/subscriptions/removal', other.token, { endpoint: tablet.endpoint });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, tablet.endpoint))).toHaveLength(1);
    await t.api('POST', '/customer/push/subscriptions/removal', customerToken, { endpoint: tablet.endpoint });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, tablet.endpoint))).toHaveLength(0);
  });

  it('refuses a subscription that is not a push service address, in our words', async () => {
    const bad = await t.api('POST', '/customer/push/subscriptions', customerToken, {
      endpoint: 'ftp://example.test/x',
      keys: receiver.device('x').keys,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGING_MESSAGES.subscriptionInvalid);
  });

  it('takes only the browsers’ push services: an address inside any network is refused, in any spelling', async () => {
    const keys = receiver.device('x').keys;
    for (const endpoint of [
      'https://10.0.0.1/push/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:a9fe:a9fe]/x',
      'https://push.example.com/x',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://fcm.googleapis.com:3934/x',
    ]) {
      const res = await t.api('POST', '/customer/push/subscriptions', customerToken, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message).toBe(MESSAGING_MESSAGES.subscriptionInvalid);
    }
    const production = { NODE_ENV: 'production' as const, ALLOW_LOOPBACK_ENDPOINTS: false };
    for (const endpoint of [
      'https://[::ffff:7f00:1]:3934/',
      'https://localhost.:3934/',
      'http://127.0.0.1:3934/',
      'https://2130706433/x',
    ]) {
      expect(pushEndpointAllowed(endpoint, production), endpoint).toBe(false);
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMc',
      'https://wns2-bl2p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect(pushEndpointAllowed(endpoint, production), endpoint).toBe(true);
    }
  });

  it('in production never opens a connection to this machine, even for a subscription already stored', async () => {
    const device = receiver.device('stored-before');
    const before = receiver.received.length;
    const production = pushPolicy({ NODE_ENV: 'production', ALLOW_LOOPBACK_ENDPOINTS: false });
    const vapid = await vapidKeys(t.db, t.config, deps.box);
    const payload = { title: 'x', body: 'y', url: '/customer', tag: 't' };
    const sub = { endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth };
    expect(await sendPush(sub, payload, vapid, production)).toEqual({ ok: false, gone: false, error: 'Push service unreachable' });
    expect(receiver.received.length).toBe(before);
    // A browser journey's receiver, allowed by its switch.
    expect(await sendPush(sub, payload, vapid, pushPolicy({ NODE_ENV: 'production', ALLOW_LOOPBACK_ENDPOINTS: true }))).toEqual({
      ok: true,
    });
  });
});

describe('WhatsApp and SMS through the provider (the simulator speaking Twilio Messages API)', () => {
  it('lets the courier admin connect the provider, shown as TEST when it is not Twilio itself, never showing the token', async () => {
    const res = await t.api('PUT', '/settings/messaging', admin, {
      baseUrl: sim.origin,
      accountSid: SID_A,
      authToken: TOKEN_A,
      smsFrom: '+1 876 555 0000',
      whatsappFrom: '+18765550001',
      events: rules(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ connected: true, testMode: true, smsFrom: '+18765550000', hasAuthToken: true });
    expect(JSON.stringify(body)).not.toContain(TOKEN_A);
    expect(body.statusCallbackUrl).toMatch(/\/api\/messaging\/twilio\/\d+\/status$/);
    const bad = await t.api('PUT', '/settings/messaging', admin, {
      baseUrl: sim.origin,
      accountSid: 'nope',
      smsFrom: null,
      whatsappFrom: null,
      events: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGING_MESSAGES.accountSidInvalid);
  });

  it('in production, calls only Twilio or the platform simulator: an address an admin types is refused', async () => {
    const prod = { ...deps, config: { ...deps.config, NODE_ENV: 'production' as const } };
    const input = { accountSid: SID_A, authToken: TOKEN_A, smsFrom: null, whatsappFrom: null, events: {} };
    const adminUser = { id: 0, role: 'courier_admin', courierId: customer.courierId } as unknown as Parameters<
      typeof saveMessagingSettings
    >[1];
    await expect(
      saveMessagingSettings(prod, adminUser, customer.courierId, { ...input, baseUrl: 'http://169.254.169.254/latest' }),
    ).rejects.toThrow('The provider address must be https://api.twilio.com');
    await expect(
      saveMessagingSettings(prod, adminUser, customer.courierId, { ...input, baseUrl: 'https://evil.example.com' }),
    ).rejects.toThrow('The provider address must be https://api.twilio.com');
  });

  it("confirms the customer's mobile number with a code sent by SMS", async () => {
    const asked = await t.api('POST', '/customer/messaging/phone', customerToken, { phone: '(876) 555-0123' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ phone: PHONE, confirmed: false, codePending: true });
    await settle();
    const sms = sim.inbox.find((m) => m.to === PHONE && m.channel === 'sms');
    expect(sms?.accountSid).toBe(SID_A);
    const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await t.api('POST', '/customer/messaging/phone/confirm', customerToken, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGING_MESSAGES.codeInvalid);
    const right = await t.api('POST', '/customer/messaging/phone/confirm', customerToken, { code });
    expect(right.json()).toMatchObject({ confirmed: true, optedOut: false });
    // The code's text is not kept once sent.
    const [row] = await t.db.select().from(messageOutbox).where(eq(messageOutbox.event, 'phone_code'));
    expect(row?.body).toBe('');
  });

  it('sends a scanned package on the channels the customer chose, once, with the delivery status from the callbacks', async () => {
    const chose = await t.api('PUT', '/customer/messaging/channels', customerToken, { chosen: { package_received: ['whatsapp'] } });
    expect(chose.json().chosen.package_received).toEqual(['whatsapp']);
    const packageNumber = await scanForCustomer();
    await settle();
    const arrived = sim.inbox.filter((m) => m.body.includes(packageNumber));
    expect(arrived).toHaveLength(1);
    expect(arrived[0]).toMatchObject({ channel: 'whatsapp', to: PHONE, from: '+18765550001', accountSid: SID_A });
    expect(arrived[0]?.body).toContain(`Hi ${customer.firstName}`);
    expect(arrived[0]?.body).toMatch(/http:\/\/127\.0\.0\.1:\d+\/customer\/packages\?search=PKG-/);
    await settle(); // the second pass sends nothing again
    expect(sim.inbox.filter((m) => m.body.includes(packageNumber))).toHaveLength(1);
    const outbox = (await t.api('GET', '/messaging/outbox', admin)).json();
    const mine = outbox.find((m: { body: string }) => m.body.includes(packageNumber));
    expect(mine).toMatchObject({ channel: 'whatsapp', status: 'delivered', test: true });
  });

  it("refuses a callback that is not signed with the courier's own token", async () => {
    const url = `/api/messaging/twilio/${customer.courierId}/inbound`;
    const params = { From: PHONE, To: '+18765550000', Body: 'STOP', AccountSid: SID_A };
    const forged = await t.api({
      method: 'POST',
      path: url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature('not-the-token', `${t.config.PUBLIC_URL}${url}`, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(MESSAGING_MESSAGES.signatureInvalid);
  });

  it('opts the customer out when they reply STOP: nothing more is sent to the number', async () => {
    const reply = await fetch(`${sim.origin}/simulate/reply`, {
      method: 'POST',
      body: JSON.stringify({ accountSid: SID_A, from: PHONE, to: '+18765550001', body: 'stop', channel: 'whatsapp' }),
    });
    expect(((await reply.json()) as { delivered: boolean }).delivered).toBe(true);
    expect((await t.api('GET', '/customer/messaging', customerToken)).json().optedOut).toBe(true);
    const [logged] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'customer_phone.opted_out'));
    expect(logged?.entityId).toBe(String(customer.id));
    const before = sim.inbox.length;
    await scanForCustomer();
    await settle();
    expect(sim.inbox.length).toBe(before);
  });
});

describe("one courier's messages never use another's provider", () => {
  it("sends courier B's customer through B's account and numbers, and A's callbacks refuse B's token", async () => {
    const b = await makeCourier(t, 'MSGB');
    const bAdmin = await makeUser(t, b.id, 'courier_admin');
    const saved = await t.api('PUT', '/settings/messaging', bAdmin.token, {
      baseUrl: sim.origin,
      accountSid: SID_B,
      authToken: TOKEN_B,
      smsFrom: '+18765559990',
      whatsappFrom: null,
      events: rules({ package_received: { sms: true, whatsapp: false, template: 'B says {title}' } }),
    });
    expect(saved.statusCode).toBe(200);
    const bCustomer = await makeCustomer(t, b.id);
    await t.db.insert(customerPhones).values({ customerId: bCustomer.id, courierId: b.id, phone: '+18765554444', confirmedAt: new Date() });
    // Courier A's settings stay A's.
    expect((await t.api('GET', '/settings/messaging', admin)).json().accountSid).toBe(SID_A);
    await queueCustomerMessages(t.db, {
      courierId: b.id,
      customerId: bCustomer.id,
      event: 'package_received',
      title: 'Package received',
      body: '',
      path: '/customer/packages',
      ref: 'PKG-B',
    });
    await settle();
    const sent = sim.inbox.filter((m) => m.to === '+18765554444');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ accountSid: SID_B, from: '+18765559990', body: 'B says Package received' });
    expect(sim.inbox.filter((m) => m.accountSid === SID_B && m.to !== '+18765554444')).toHaveLength(0);

    // A callback for courier A signed with B's token is refused.
    const url = `/api/messaging/twilio/${customer.courierId}/status`;
    const params = { MessageSid: sent[0]?.sid ?? '', MessageStatus: 'failed', AccountSid: SID_B };
    const res = await t.api({
      method: 'POST',
      path: url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(TOKEN_B, `${t.config.PUBLIC_URL}${url}`, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
    expect(res.statusCode).toBe(400);
    // And B's outbox holds only B's message.
    const bOutbox = (await t.api('GET', '/messaging/outbox', bAdmin.token)).json();
    expect(bOutbox.map((m: { to: string }) => m.to)).toEqual(['+18765554444']);
  });
});
