import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';
import { couriers } from '../../db/schema/couriers';

/** The phone given at registration is offered for WhatsApp and SMS, to confirm by code as any other. */

let t: TestApp;
let courierId: number;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const admin = await loginAs(t, 'courier_admin');
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
  const res = await t.api('PUT', '/settings/messaging', admin, {
    baseUrl: 'http://127.0.0.1:9',
    accountSid: `AC${'e'.repeat(32)}`,
    authToken: 'token-of-registration',
    smsFrom: '+18765550000',
    whatsappFrom: '+18765550001',
    events: { package_ready: { sms: true, whatsapp: true, template: '{title}' } },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t?.close());

describe('the registration phone', () => {
  it('is offered, not yet confirmed, until the customer gives another', async () => {
    const c = await makeCustomer(t, courierId, { phone: '(876) 555-0142' });
    const res = await t.api('GET', '/customer/messaging', c.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ phone: '+18765550142', confirmed: false, codePending: false });
  });
});
