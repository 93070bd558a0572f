import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';
import { couriers } from '../../db/schema/couriers';
import { emailOutbox } from '../../db/schema/email';
import { manifests } from '../../db/schema/manifests';
import { customerPhones, messageOutbox, pushSubscriptions } from '../../db/schema/messaging';
import { packages } from '../../db/schema/packages';

/** Each customer chooses, per kind of notice, e-mail, push, SMS and WhatsApp; what is sent follows it. */

let t: TestApp;
let admin: string;
let courierId: number;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  admin = await loginAs(t, 'courier_admin');
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
  const rule = { sms: true, whatsapp: true, template: 'Hi {firstName}, {title}. {link}' };
  const res = await t.api('PUT', '/settings/messaging', admin, {
    baseUrl: 'http://127.0.0.1:9',
    accountSid: `AC${'d'.repeat(32)}`,
    authToken: 'token-of-channels',
    smsFrom: '+18765550000',
    whatsappFrom: '+18765550001',
    events: { package_shipped: rule },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t?.close());

async function customerWithPhoneAndDevice() {
  const c = await makeCustomer(t, courierId);
  seq += 1;
  await t.db.insert(customerPhones).values({ customerId: c.id, courierId, phone: `+1876555${3000 + seq}`, confirmedAt: new Date() });
  await t.db
    .insert(pushSubscriptions)
    .values({ courierId, customerId: c.id, endpoint: `https://push.example.test/${seq}`, p256dh: 'k', auth: 'a' });
  return c;
}

describe('notice channels per kind', () => {
  it('offers e-mail and push for every kind, and SMS and WhatsApp where the courier sends them to a confirmed number', async () => {
    const c = await customerWithPhoneAndDevice();
    const res = await t.api('GET', '/customers/profile/notice-channels', c.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const shipped = body.kinds.find((k: { event: string }) => k.event === 'package_shipped');
    expect(shipped).toEqual({
      event: 'package_shipped',
      label: 'Package shipped to Jamaica',
      channels: ['email', 'push', 'sms', 'whatsapp'],
    });
    expect(body.kinds.find((k: { event: string }) => k.event === 'invoice_issued').channels).toEqual(['email', 'push']);
    // Defaults: e-mail and push on, WhatsApp where offered.
    expect(body.chosen.package_shipped).toEqual(['email', 'push', 'whatsapp']);
    // Staff have no such page.
    expect((await t.api('GET', '/customers/profile/notice-channels', admin)).statusCode).toBe(403);
  });

  it('a customer who chose SMS only for "shipped" gets one text and no e-mail, push or WhatsApp when their packages ship', async () => {
    const c = await customerWithPhoneAndDevice();
    const saved = await t.api('PUT', '/customers/profile/notice-channels', c.token, { chosen: { package_shipped: ['sms'] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().chosen.package_shipped).toEqual(['sms']);
    // Other kinds keep their choice.
    expect(saved.json().chosen.package_ready).toEqual(['email', 'push']);
    const [m] = await t.db
      .insert(manifests)
      .values({ courierId, manifestNumber: `MAN-NC${seq}`, type: 'AIR', status: 'closed' })
      .returning();
    if (!m) throw new Error('manifest insert failed');
    for (const n of [1, 2]) {
      await t.db.insert(packages).values({
        courierId,
        customerId: c.id,
        manifestId: m.id,
        packageNumber: `PKG-NC${seq}${n}`,
        trackingNumber: `1ZNOTICECH${seq}${n}`,
        status: 'received',
        weightLb: 1,
      });
    }
    expect((await t.api('POST', `/manifests/${m.id}/ship`, admin, {})).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.customerId, c.id), eq(messageOutbox.event, 'package_shipped')));
    expect(rows.map((r) => r.channel)).toEqual(['sms']);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, c.email));
    expect(mails).toHaveLength(0);
  });

  it('refuses a channel that is not one, in plain words', async () => {
    const c = await customerWithPhoneAndDevice();
    const res = await t.api('PUT', '/customers/profile/notice-channels', c.token, { chosen: { package_shipped: ['pigeon'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toMatch(/enum|expected/i);
  });
});
