import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { API_MESSAGES } from '@courier/shared/messages';
import { PUBLIC_MESSAGES } from '@courier/shared/schemas/public';
import { type TestApp, buildTestApp, seedDemoData, tokenFor } from '../../../test/helper';
import { assistedPurchaseRequests } from '../../db/schema/assisted-purchase-requests';
import { contactMessages } from '../../db/schema/contact-messages';
import { couriers } from '../../db/schema/couriers';
import { emailOutbox } from '../../db/schema/email';
import { users } from '../../db/schema/users';

let t: TestApp;
let demoCourierId: number;
let otherCourierId: number;
const OTHER_KEY = 'ck_other_courier_test';

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [demo] = await t.db.select().from(couriers).where(eq(couriers.apiKey, DEFAULT_API_KEY));
  if (!demo) throw new Error('demo courier missing');
  demoCourierId = demo.id;
  const [other] = await t.db
    .insert(couriers)
    .values({ name: 'Island Parcel Co', code: 'IPC', apiKey: OTHER_KEY, email: 'desk@islandparcel.test' })
    .returning();
  if (!other) throw new Error('insert failed');
  otherCourierId = other.id;
  await t.db.insert(users).values({
    courierId: other.id,
    role: 'courier_admin',
    firstName: 'Other',
    lastName: 'Admin',
    email: 'admin@islandparcel.test',
    passwordHash: 'x',
  });
  await t.db.insert(couriers).values({ name: 'Closed Co', code: 'CLO', apiKey: 'ck_suspended', status: 'suspended' });
});
afterAll(async () => t?.close());

let ipCounter = 0;
/** A new remote address for each request, so the per-IP budget stays out of the way. */
const freshAddress = () => `10.0.0.${++ipCounter}`;

const item = {
  itemUrl: 'https://www.amazon.com/dp/B0EXAMPLE',
  itemDescription: 'Wireless earbuds, black',
  quantity: 2,
  estimatedPriceUsdCents: 4999,
};
const request = { name: 'Jane Brown', email: 'Jane.Brown@Example.com', items: [item], notes: 'Gift wrap please' };
const contact = { name: 'Mark Davis', email: 'mark@example.com', subject: 'tracking', message: 'Where is my package?' };

describe('POST /api/public/assisted-purchase', () => {
  it('stores the request for the default courier and e-mails its contact address', async () => {
    const res = await t.api({ method: 'POST', url: '/public/assisted-purchase', payload: request, remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: PUBLIC_MESSAGES.assistedPurchaseSent });
    const [row] = await t.db.select().from(assistedPurchaseRequests).where(eq(assistedPurchaseRequests.id, body.id));
    expect(row).toMatchObject({
      courierId: demoCourierId,
      name: 'Jane Brown',
      email: 'jane.brown@example.com',
      items: [item],
      notes: 'Gift wrap please',
    });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'hello@jamaicaexpress.test'));
    const mail = mails.find((m) => m.subject.includes(`#${body.id}`));
    expect(mail?.courierId).toBe(demoCourierId);
    expect(mail?.textBody).toContain('Wireless earbuds, black (qty 2, est. USD 49.99 each)');
    expect(mail?.textBody).toContain('jane.brown@example.com');
  });

  it('goes to the courier of the api key in the body', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/public/assisted-purchase',
      payload: { ...request, apiKey: OTHER_KEY },
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(assistedPurchaseRequests).where(eq(assistedPurchaseRequests.id, res.json().id));
    expect(row?.courierId).toBe(otherCourierId);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'desk@islandparcel.test'));
    expect(mail?.courierId).toBe(otherCourierId);
  });

  it('answers 404 for an unknown or suspended courier', async () => {
    for (const apiKey of ['ck_nobody', 'ck_suspended']) {
      const res = await t.api({
        method: 'POST',
        url: '/public/assisted-purchase',
        payload: { ...request, apiKey },
        remoteAddress: freshAddress(),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PUBLIC_MESSAGES.courierNotFound);
    }
  });

  it.each([
    ['no items', { ...request, items: [] }, PUBLIC_MESSAGES.missingInformation],
    ['21 items', { ...request, items: Array(21).fill(item) }, PUBLIC_MESSAGES.tooManyItems],
    ['an empty name', { ...request, name: ' ' }, PUBLIC_MESSAGES.nameRequired],
    ['a bad e-mail', { ...request, email: 'jane@' }, PUBLIC_MESSAGES.emailInvalid],
    ['a script link', { ...request, items: [{ ...item, itemUrl: 'javascript:alert(1)' }] }, PUBLIC_MESSAGES.itemUrlInvalid],
    ['quantity 0', { ...request, items: [{ ...item, quantity: 0 }] }, PUBLIC_MESSAGES.quantityMin],
    ['a description too long', { ...request, items: [{ ...item, itemDescription: 'x'.repeat(1001) }] }, 'At most 1000 characters'],
    ['notes too long', { ...request, notes: 'x'.repeat(2001) }, 'At most 2000 characters'],
  ])('refuses %s', async (_label, payload, message) => {
    const res = await t.api({ method: 'POST', url: '/public/assisted-purchase', payload: payload, remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses unknown fields', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/public/assisted-purchase',
      payload: { ...request, courierId: otherCourierId },
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/courierId/);
  });
});

describe('POST /api/public/contact', () => {
  it('stores the message and e-mails the courier', async () => {
    const res = await t.api({ method: 'POST', url: '/public/contact', payload: contact, remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(PUBLIC_MESSAGES.contactSent);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(row).toMatchObject({ courierId: demoCourierId, subject: 'tracking', message: 'Where is my package?' });
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, 'hello@jamaicaexpress.test'), eq(emailOutbox.courierId, demoCourierId)));
    expect(mails.some((m) => m.subject === `Jamaica Express Post: Website message #${row?.id}: Package tracking from Mark Davis`)).toBe(
      true,
    );
  });

  it.each([
    ['an unknown subject', { ...contact, subject: 'sales' }, PUBLIC_MESSAGES.subjectRequired],
    ['an empty message', { ...contact, message: '' }, PUBLIC_MESSAGES.messageRequired],
    ['a message too long', { ...contact, message: 'x'.repeat(5001) }, 'At most 5000 characters'],
    ['a missing e-mail', { ...contact, email: '' }, PUBLIC_MESSAGES.emailRequired],
  ])('refuses %s', async (_label, payload, message) => {
    const res = await t.api({ method: 'POST', url: '/public/contact', payload: payload, remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('limits each address to 10 submissions per 15 minutes', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 10; i++)
      expect((await t.api({ method: 'POST', url: '/public/contact', payload: contact, remoteAddress: ip })).statusCode).toBe(201);
    const res = await t.api({ method: 'POST', url: '/public/contact', payload: contact, remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(API_MESSAGES.tooManyRequests);
    expect((await t.api({ method: 'POST', url: '/public/contact', payload: contact, remoteAddress: freshAddress() })).statusCode).toBe(201);
  });
});

describe('the inbox lists', () => {
  it("show a courier admin only their own courier's requests and messages, newest first", async () => {
    const res = await t.api('GET', '/assisted-purchase-requests', await tokenFor(t, 'admin@jamaicaexpress.test'));
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBeGreaterThan(0);
    const ids = page.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // The demo data's requests and this file's, all of the demo courier; none of the other's.
    const own = await t.db.select().from(assistedPurchaseRequests).where(eq(assistedPurchaseRequests.courierId, demoCourierId));
    expect(page.total).toBe(own.length);
    expect(ids.every((id: number) => own.some((r) => r.id === id))).toBe(true);
    expect(page.data.some((r: { email: string }) => r.email === 'jane.brown@example.com')).toBe(true);

    const other = (await t.api('GET', '/assisted-purchase-requests', await tokenFor(t, 'admin@islandparcel.test'))).json();
    expect(other.total).toBe(1);
    expect(other.data[0].items).toEqual([item]);

    const messages = (await t.api('GET', '/contact-messages?limit=5', await tokenFor(t, 'admin@jamaicaexpress.test'))).json();
    expect(messages.limit).toBe(5);
    expect(messages.data).toHaveLength(5);
    expect(messages.data[0]).toMatchObject({ subject: 'tracking', name: 'Mark Davis' });
    expect((await t.api('GET', '/contact-messages', await tokenFor(t, 'admin@islandparcel.test'))).json().total).toBe(0);
  });

  it('let staff with customers_view read them', async () => {
    expect((await t.api('GET', '/contact-messages', await tokenFor(t, 'staff@jamaicaexpress.test'))).statusCode).toBe(200);
  });

  it('refuse customers, strangers and staff without the permission', async () => {
    expect((await t.api('GET', '/contact-messages')).statusCode).toBe(401);
    expect((await t.api('GET', '/assisted-purchase-requests', await tokenFor(t, 'customer@example.test'))).statusCode).toBe(403);
    await t.db.insert(users).values({
      courierId: demoCourierId,
      role: 'staff',
      firstName: 'No',
      lastName: 'Perms',
      email: 'noperms@jamaicaexpress.test',
      passwordHash: 'x',
    });
    expect((await t.api('GET', '/assisted-purchase-requests', await tokenFor(t, 'noperms@jamaicaexpress.test'))).statusCode).toBe(403);
  });

  it('make the super admin name the courier', async () => {
    const none = await t.api('GET', '/contact-messages', await tokenFor(t, 'superadmin@courierportal.test'));
    expect(none.statusCode).toBe(400);
    const res = await t.api(
      'GET',
      `/assisted-purchase-requests?courierId=${otherCourierId}`,
      await tokenFor(t, 'superadmin@courierportal.test'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(1);
  });
});
