import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';
import { couriers } from '../../db/schema/couriers';
import { emailOutbox } from '../../db/schema/email';
import { customerPhones, messageOutbox } from '../../db/schema/messaging';
import { packages } from '../../db/schema/packages';

/**
 * "Ready for pickup" reaches the channels the customer chose for it, also when an invoice is issued
 * at the same moment (the invoice e-mail then says it is ready; the text and WhatsApp still go).
 */

let t: TestApp;
let admin: string;
let courierId: number;
let seq = 0;

async function customerWithPhone(channels: Array<'sms' | 'whatsapp'>, extra: Parameters<typeof makeCustomer>[2] = {}) {
  const c = await makeCustomer(t, courierId, extra);
  seq += 1;
  await t.db.insert(customerPhones).values({
    customerId: c.id,
    courierId,
    phone: `+1876555${String(2000 + seq)}`,
    confirmedAt: new Date(),
    channels: { package_ready: channels },
  });
  return c;
}

async function atCustoms(customerId: number) {
  seq += 1;
  const [row] = await t.db
    .insert(packages)
    .values({
      courierId,
      customerId,
      packageNumber: `PKG-RN${String(seq).padStart(4, '0')}`,
      trackingNumber: `1ZREADYNOTICE${seq}`,
      status: 'at_customs',
      weightLb: 1,
    })
    .returning();
  if (!row) throw new Error('package insert failed');
  return row;
}

const sent = (customerId: number, event: string) =>
  t.db
    .select()
    .from(messageOutbox)
    .where(and(eq(messageOutbox.customerId, customerId), eq(messageOutbox.event, event)));

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
    accountSid: `AC${'c'.repeat(32)}`,
    authToken: 'token-of-ready',
    smsFrom: '+18765550000',
    whatsappFrom: '+18765550001',
    events: { package_ready: rule, invoice_issued: rule },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t?.close());

describe('the "ready for pickup" notice', () => {
  it('a package made ready and invoiced at once still texts "ready" on the channel chosen (SMS for a business)', async () => {
    const business = await customerWithPhone(['sms'], { accountType: 'business', businessName: 'Shop Ltd' });
    const pkg = await atCustoms(business.id);
    const res = await t.api('POST', `/packages/${pkg.id}/status`, admin, { status: 'ready_for_pickup' });
    expect(res.statusCode, res.body).toBe(200);
    const ready = await sent(business.id, 'package_ready');
    expect(ready.map((r) => [r.channel, r.body])).toEqual([
      ['sms', `Hi ${business.firstName}, Package ready for pickup: ${pkg.packageNumber}. {link}`],
    ]);
    // The invoice goes too (on WhatsApp, the default where none was chosen); the e-mail is the one invoice e-mail that says it is ready.
    expect((await sent(business.id, 'invoice_issued')).map((r) => r.channel)).toEqual(['whatsapp']);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, business.email));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/Package ready for pickup: invoice INV-\d+/)]);
  });

  it('a bulk change to ready texts each customer once for all their packages, on both channels chosen', async () => {
    const c = await customerWithPhone(['sms', 'whatsapp']);
    const a = await atCustoms(c.id);
    const b = await atCustoms(c.id);
    const res = await t.api('POST', '/packages/bulk-status', admin, { ids: [a.id, b.id], status: 'ready_for_pickup' });
    expect(res.statusCode, res.body).toBe(200);
    const ready = await sent(c.id, 'package_ready');
    expect(ready.map((r) => r.channel).sort()).toEqual(['sms', 'whatsapp']);
    expect(ready[0]?.body).toContain('2 packages ready for pickup');
  });

  it('a customer who switched invoice e-mails off gets the "ready" e-mail itself', async () => {
    const c = await customerWithPhone(['whatsapp'], { emailOptOuts: ['invoice_issued'] });
    const pkg = await atCustoms(c.id);
    expect((await t.api('POST', `/packages/${pkg.id}/status`, admin, { status: 'ready_for_pickup' })).statusCode).toBe(200);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, c.email));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining(`Package ready for pickup: ${pkg.packageNumber}`)]);
  });
});
