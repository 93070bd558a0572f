import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '@courier/shared/domain/datetime';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { API_MESSAGES } from '@courier/shared/messages';
import { customers } from '../../db/schema/customers';
import { emailOutbox } from '../../db/schema/email';
import { packages } from '../../db/schema/packages';
import { preAlerts } from '../../db/schema/pre-alerts';
import { makeCourier, makeCustomer, makeUser, tokenForCustomer } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData, loginAs } from '../../../test/helper';
import { SAMPLE_PDF, SAMPLE_PNG, multipart } from '../../../test/multipart';
import { flagUncollected } from './uncollected.service';

let t: TestApp;
let staff: string;
let customer: string;
let customerId: number;
let mailbox: string;
let otherAdmin: string;
let otherCustomer: { id: number; token: string };
let viewOnly: string;
let superAdmin: string;
/** Packages the demo seed already holds (all received before today), and the demo customer's share. */
let seeded = 0;
let seededOwn = 0;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  staff = await loginAs(t, 'staff');
  superAdmin = await loginAs(t, 'super_admin');
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!c) throw new Error('no demo customer');
  customerId = c.id;
  mailbox = c.mailboxNumber;
  customer = await tokenForCustomer(t, c.id);
  otherCustomer = await makeCustomer(t, c.courierId);
  const other = await makeCourier(t, 'OTH');
  otherAdmin = (await makeUser(t, other.id, 'courier_admin')).token;
  viewOnly = (await makeUser(t, c.courierId, 'staff', ['packages_view'])).token;
  const all = await t.db.select().from(packages);
  seeded = all.length;
  seededOwn = all.filter((p) => p.customerId === c.id).length;
});
afterAll(async () => t?.close());

async function outboxTo(email: string) {
  return t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
}

describe('receiving on the Scan screen', () => {
  it('finds the customer by mailbox, recognises the carrier, writes the first event and e-mails the customer', async () => {
    const res = await t.api('POST', '/packages', staff, {
      trackingNumber: '1z999aa1 0123456784',
      weightLb: 2.35,
      mailbox: mailbox.toLowerCase(),
      lengthIn: 10,
      widthIn: 8,
      heightIn: 4,
    });
    expect(res.statusCode).toBe(201);
    const pkg = res.json();
    expect(pkg).toMatchObject({
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      status: 'received',
      customerId,
      weightLb: 2.35,
      mailboxNumber: mailbox,
    });
    expect(pkg.packageNumber).toMatch(/^PKG-\d{6}$/);
    expect(pkg.events).toHaveLength(1);
    expect(pkg.events[0]).toMatchObject({ status: 'received', userName: 'Tanisha Brown' });
    expect(pkg.nextStatuses).toEqual(['in_transit', 'on_hold', 'abandoned']);
    const mails = await outboxTo('customer@example.test');
    expect(mails.some((m) => m.subject.includes('received at our Miami warehouse') && m.subject.includes(pkg.packageNumber))).toBe(true);
  });

  it('refuses a duplicate tracking number with a clear message', async () => {
    const res = await t.api('POST', '/packages', staff, { trackingNumber: '1Z999AA10123456784', weightLb: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Tracking number 1Z999AA10123456784 has already been received as PKG-\d{6}$/);
  });

  it('scanning a known package returns it with its next legal actions', async () => {
    const res = await t.api('GET', '/packages/scan?trackingNumber=1Z999AA10123456784', staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().package).toMatchObject({ status: 'received', nextStatuses: ['in_transit', 'on_hold', 'abandoned'] });
  });

  it('validates the weight', async () => {
    const res = await t.api('POST', '/packages', staff, { trackingNumber: 'X1', weightLb: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PACKAGE_MESSAGES.weightPositive);
    const res2 = await t.api('POST', '/packages', staff, { trackingNumber: 'X1', weightLb: 1.234 });
    expect(res2.json().message).toBe(PACKAGE_MESSAGES.twoDecimals);
  });

  it('a label mailbox that matches nobody sends the package to Unknown', async () => {
    const res = await t.api('POST', '/packages', staff, { trackingNumber: '123456789012', weightLb: 4, mailbox: 'JXP-99999' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'unknown', customerId: null, carrier: 'FEDEX' });
    expect(res.json().events[0].note).toContain('JXP-99999 matches no customer');
  });

  it('prints a 4x6 label PDF', async () => {
    const [pkg] = await t.db.select().from(packages).where(eq(packages.trackingNumber, '1Z999AA10123456784'));
    const res = await t.api('GET', `/packages/${pkg?.id}/label`, staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // 4 x 6 inches is 288 x 432 points.
    expect(res.rawPayload.toString('latin1')).toMatch(/MediaBox \[0 0 288 432\]/);
  });
});

describe('a pre-alerted package is received', () => {
  let preAlertId: number;
  it('a customer pre-alerts a package, and staff are notified', async () => {
    const res = await t.api('POST', '/customer/pre-alerts', customer, {
      trackingNumber: 'TBA304958671000',
      merchant: 'Amazon',
      description: 'Blender',
      declaredValueUsdCents: 8999,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ carrier: 'AMAZON', status: 'pending', hasInvoice: false });
    preAlertId = res.json().id;
  });

  it('uploads a real PDF invoice, which only its owner and staff can read', async () => {
    const form = multipart({}, { field: 'invoice', name: 'amazon.pdf', type: 'application/pdf', data: SAMPLE_PDF });
    const res = await t.api({
      method: 'POST',
      url: `/customer/pre-alerts/${preAlertId}/invoice`,
      token: customer,
      ...form,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().hasInvoice).toBe(true);
    const own = await t.api('GET', `/customer/pre-alerts/${preAlertId}/invoice`, customer);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(SAMPLE_PDF)).toBe(true);
    const stranger = await t.api('GET', `/customer/pre-alerts/${preAlertId}/invoice`, otherCustomer.token);
    expect(stranger.statusCode).toBe(404);
    const staffRead = await t.api('GET', `/pre-alerts/${preAlertId}/invoice`, staff);
    expect(staffRead.statusCode).toBe(200);
    const otherCourier = await t.api('GET', `/pre-alerts/${preAlertId}/invoice`, otherAdmin);
    expect(otherCourier.statusCode).toBe(404);
  });

  it('the scan finds the pre-alert and receiving attaches it and its customer', async () => {
    const look = await t.api('GET', '/packages/scan?trackingNumber=TBA304958671000', staff);
    expect(look.json()).toMatchObject({ package: null, carrier: 'AMAZON', preAlert: { id: preAlertId, customerId, hasInvoice: true } });
    const res = await t.api('POST', '/packages', staff, { trackingNumber: 'TBA304958671000', weightLb: 5.5 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      customerId,
      preAlertId,
      merchant: 'Amazon',
      description: 'Blender',
      declaredValueUsdCents: 8999,
      hasInvoice: true,
    });
    const [pa] = await t.db.select().from(preAlerts).where(eq(preAlerts.id, preAlertId));
    expect(pa?.status).toBe('received');
  });

  it('keeps the staff package list from customers', async () => {
    expect((await t.api('GET', '/packages', customer)).statusCode).toBe(403);
  });
});

describe('status changes follow the state machine', () => {
  let id: number;
  beforeAll(async () => {
    const res = await t.api('POST', '/packages', staff, { trackingNumber: '1234567890', weightLb: 1, mailbox });
    id = res.json().id;
  });

  it('refuses an illegal move with the state machine message', async () => {
    const res = await t.api('POST', `/packages/${id}/status`, staff, { status: 'delivered' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/PKG-\d{6}: A package cannot go from Received to Delivered/);
  });

  it('holds and returns to where it was, with the timeline growing', async () => {
    const hold = await t.api('POST', `/packages/${id}/status`, staff, { status: 'on_hold', note: 'Invoice missing' });
    expect(hold.json()).toMatchObject({ status: 'on_hold', heldFrom: 'received', nextStatuses: ['received', 'abandoned'] });
    const wrong = await t.api('POST', `/packages/${id}/status`, staff, { status: 'in_transit' });
    expect(wrong.json().message).toContain('A package on hold can only return to Received');
    const back = await t.api('POST', `/packages/${id}/status`, staff, { status: 'received' });
    expect(back.json().events.map((e: { status: string }) => e.status)).toEqual(['received', 'on_hold', 'received']);
  });

  it('bulk changes move the legal ones and report the rest', async () => {
    const [unknownPkg] = await t.db.select().from(packages).where(eq(packages.trackingNumber, '123456789012'));
    const res = await t.api('POST', '/packages/bulk-status', staff, { ids: [id, unknownPkg?.id ?? 0, 999999], status: 'in_transit' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.changed).toBe(1);
    expect(body.results.find((r: { id: number }) => r.id === id)).toMatchObject({ ok: true });
    expect(body.results.find((r: { id: number }) => r.id === unknownPkg?.id).message).toContain(
      'A package cannot go from Unknown to In Transit',
    );
    expect(body.results.find((r: { id: number }) => r.id === 999999)).toMatchObject({
      ok: false,
      message: PACKAGE_MESSAGES.packageNotFound,
    });
    const mails = await outboxTo('customer@example.test');
    expect(mails.some((m) => m.subject.includes('shipped to Jamaica'))).toBe(true);
  });

  it('a permission is needed to change status; view is not enough', async () => {
    const res = await t.api('POST', `/packages/${id}/status`, viewOnly, { status: 'at_customs' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(API_MESSAGES.forbidden);
    expect((await t.api('GET', '/packages/scan?trackingNumber=1', viewOnly)).statusCode).toBe(403);
    expect((await t.api('GET', `/packages/${id}`, viewOnly)).statusCode).toBe(200);
  });
});

describe('the staff package list', () => {
  it('pages, searches, filters and sorts on the server', async () => {
    // The filter's days are the courier's (America/Jamaica here), not UTC's.
    const today = dayInZone(new Date(), 'America/Jamaica');
    const all = await t.api('GET', '/packages?limit=10', staff);
    expect(all.json().total).toBe(seeded + 4);
    const search = await t.api('GET', '/packages?search=tba3049', staff);
    expect(search.json().data.map((p: { trackingNumber: string }) => p.trackingNumber)).toEqual(['TBA304958671000']);
    const filters = encodeURIComponent(JSON.stringify({ status: 'unknown' }));
    const unknown = await t.api('GET', `/packages?filters=${filters}&receivedFrom=${today}`, staff);
    expect(unknown.json().data).toHaveLength(1);
    // A fixed-set filter takes any case, and a value outside the set matches nothing.
    const byStatus = async (status: string) =>
      (await t.api('GET', `/packages?filters=${encodeURIComponent(JSON.stringify({ status }))}&receivedFrom=${today}`, staff)).json().total;
    expect(await byStatus('UNKNOWN')).toBe(1);
    expect(await byStatus('not_a_status')).toBe(0);
    const sorted = await t.api('GET', `/packages?sort=weightLb&order=desc&receivedFrom=${today}`, staff);
    expect(sorted.json().data.map((p: { weightLb: number }) => p.weightLb)).toEqual([5.5, 4, 2.35, 1]);
    const inRange = await t.api('GET', `/packages?receivedFrom=${today}&receivedTo=${today}`, staff);
    expect(inRange.json().total).toBe(4);
    const before = await t.api('GET', '/packages?receivedTo=2020-01-01', staff);
    expect(before.json().total).toBe(0);
    const badSort = await t.api('GET', '/packages?sort=password', staff);
    expect(badSort.statusCode).toBe(400);
  });

  it('another courier sees none of them, and gets 404 by id', async () => {
    const list = await t.api('GET', '/packages', otherAdmin);
    expect(list.json().total).toBe(0);
    const [pkg] = await t.db.select().from(packages).limit(1);
    for (const [method, url, payload] of [
      ['GET', `/api/packages/${pkg?.id}`, undefined],
      ['GET', `/api/packages/${pkg?.id}/label`, undefined],
      ['POST', `/api/packages/${pkg?.id}/status`, { status: 'on_hold' }],
      ['PATCH', `/api/packages/${pkg?.id}`, { weightLb: 3 }],
      ['DELETE', `/api/packages/${pkg?.id}`, undefined],
    ] as const) {
      const res = await t.api({ method, path: url, token: otherAdmin, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('the super admin sees every courier, and may filter by one', async () => {
    const res = await t.api('GET', '/packages', superAdmin);
    expect(res.json().total).toBe(seeded + 4);
    expect(res.json().data[0].courierName).toBe('Jamaica Express Post');
  });
});

describe('the customer sees their own packages only', () => {
  it('lists own packages and opens own timelines', async () => {
    const res = await t.api('GET', '/customer/packages', customer);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(seededOwn + 3);
    const id = res.json().data[0].id;
    const detail = await t.api('GET', `/customer/packages/${id}`, customer);
    expect(detail.json().events.length).toBeGreaterThan(0);
    expect(detail.json().nextStatuses).toEqual([]);
    const stranger = await t.api('GET', `/customer/packages/${id}`, otherCustomer.token);
    expect(stranger.statusCode).toBe(404);
    expect((await t.api('GET', '/customer/packages', otherCustomer.token)).json().total).toBe(0);
  });
});

describe('unknown packages and claims', () => {
  it('lists unknown packages and assigns one by mailbox', async () => {
    const res = await t.api('POST', '/packages', staff, { trackingNumber: 'UNKNOWN-ASSIGN-1', weightLb: 3 });
    const id = res.json().id;
    const list = await t.api('GET', '/packages/unknown', staff);
    expect(list.json().data.map((p: { id: number }) => p.id)).toContain(id);
    const missing = await t.api('POST', `/packages/${id}/assign`, staff, { mailbox: 'JXP-1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PACKAGE_MESSAGES.customerNotFound);
    const assigned = await t.api('POST', `/packages/${id}/assign`, staff, { mailbox });
    expect(assigned.json()).toMatchObject({ status: 'received', customerId, assignedFromUnknown: true });
    const again = await t.api('POST', `/packages/${id}/assign`, staff, { mailbox });
    expect(again.json().message).toBe(PACKAGE_MESSAGES.notUnknown);
  });

  it('a customer claims with proof and staff approve', async () => {
    const none = multipart({ trackingNumber: 'NOPE' }, { field: 'proof', name: 'p.png', type: 'image/png', data: SAMPLE_PNG });
    const r0 = await t.api({
      method: 'POST',
      url: '/customer/unknown-claims',
      token: otherCustomer.token,
      ...none,
    });
    expect(r0.statusCode).toBe(404);
    expect(r0.json().message).toBe(PACKAGE_MESSAGES.noUnknownWithTracking);

    const form = multipart(
      { trackingNumber: '123456789012', note: 'My headphones' },
      { field: 'proof', name: 'p.png', type: 'image/png', data: SAMPLE_PNG },
    );
    const r1 = await t.api({
      method: 'POST',
      url: '/customer/unknown-claims',
      token: otherCustomer.token,
      ...form,
    });
    expect(r1.statusCode).toBe(201);
    const claim = r1.json();
    expect(claim).toMatchObject({ status: 'pending', customerId: otherCustomer.id });

    const otherCourier = await t.api('POST', `/unknown-claims/${claim.id}/approve`, otherAdmin);
    expect(otherCourier.statusCode).toBe(404);
    const proof = await t.api('GET', `/unknown-claims/${claim.id}/proof`, staff);
    expect(proof.rawPayload.equals(SAMPLE_PNG)).toBe(true);
    const approved = await t.api('POST', `/unknown-claims/${claim.id}/approve`, staff);
    expect(approved.json().status).toBe('approved');
    const [pkg] = await t.db.select().from(packages).where(eq(packages.id, claim.packageId));
    expect(pkg).toMatchObject({ status: 'received', customerId: otherCustomer.id, assignedFromUnknown: true });
    const twice = await t.api('POST', `/unknown-claims/${claim.id}/reject`, staff);
    expect(twice.json().message).toBe(PACKAGE_MESSAGES.claimDecided);
  });
});

describe('uncollected', () => {
  it('lists packages ready for more than 15 days with days waiting, and flags each once', async () => {
    const res = await t.api('POST', '/packages', staff, { trackingNumber: 'READY-OLD-1', weightLb: 1, mailbox });
    const id = res.json().id;
    await t.db
      .update(packages)
      .set({ status: 'ready_for_pickup', readyAt: new Date(Date.now() - 20 * 86_400_000) })
      .where(and(eq(packages.id, id)));
    const list = await t.api('GET', '/packages/uncollected', staff);
    expect(list.json().data).toContainEqual(expect.objectContaining({ id, daysWaiting: 20 }));
    const s = { db: t.db, mailer: t.ctx.mailer };
    expect(await flagUncollected(s)).toBe(list.json().total);
    expect(await flagUncollected(s)).toBe(0);
    const [pkg] = await t.db.select().from(packages).where(eq(packages.id, id));
    expect(pkg?.uncollectedSince).not.toBeNull();
    const mails = await outboxTo('customer@example.test');
    // One reminder per customer, alone or listing their other parcels flagged in the same round.
    expect(mails.some((m) => /Reminder: (your package is|\d+ packages are) waiting/.test(m.subject))).toBe(true);
    expect((await t.api('GET', '/packages/uncollected', viewOnly)).statusCode).toBe(403);
  });
});
