import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@courier/shared/domain/datetime';
import { DEFAULT_STAFF_PERMISSIONS } from '@courier/shared/constants/permissions';
import { DELIVERY_MESSAGES } from '@courier/shared/schemas/deliveries';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, aTill, buildTestApp, seedDemoData, loginAs } from '../../../test/helper';
import { SAMPLE_PNG, multipart } from '../../../test/multipart';
import { couriers } from '../../db/schema/couriers';
import { auditLog } from '../../db/schema/audit-log';
import { emailOutbox } from '../../db/schema/email';
import { notifications } from '../../db/schema/notifications';
import { packages } from '../../db/schema/packages';

/** Home delivery with proof: driver and date, e-mails at each step, proof, run sheet. */
let t: TestApp;
let courierId: number;
let admin: string;
let otherAdmin: string;
let otherDriverId: number;
let customer: Awaited<ReturnType<typeof makeCustomer>>;
let stranger: string;
let driverId: number;
let seq = 0;
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

/** A ready, invoiced package of the customer with a delivery request to an address; paid or not. */
async function deliveryRequest(address: string, paid: boolean) {
  seq += 1;
  const [pkg] = await t.db
    .insert(packages)
    .values({
      courierId,
      packageNumber: `PKG-D${seq}`,
      trackingNumber: `1ZDLV${seq}`,
      customerId: customer.id,
      status: 'ready_for_pickup',
      weightLb: 3,
      readyAt: new Date(),
    })
    .returning();
  if (!pkg) throw new Error('package insert failed');
  const inv = await t.api('POST', '/invoices', admin, { customerId: customer.id, packageIds: [pkg.id] });
  expect(inv.statusCode, inv.body).toBe(201);
  const res = await t.api('POST', '/customer/delivery-requests', customer.token, {
    packageIds: [pkg.id],
    address,
    preferredDate: day,
    phone: '876-555-0199',
  });
  expect(res.statusCode, res.body).toBe(201);
  const invoiceNo = inv.json().invoiceNo as string;
  if (paid) {
    const balance = (await t.api('GET', `/invoices/${invoiceNo}`, admin)).json().balanceCents;
    const paid = await t.api('POST', '/payments', admin, {
      method: 'cash',
      branchId: await aTill(t, courierId),
      allocations: [{ invoiceNo, amountCents: balance }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
  }
  return { id: res.json().id as number, pkg, invoiceNo };
}

const mailsTo = (email: string, subject: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), like(emailOutbox.subject, `%${subject}%`)));

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
  admin = await loginAs(t, 'courier_admin');
  customer = await makeCustomer(t, courierId, { firstName: 'Shanice' });
  stranger = (await makeCustomer(t, courierId)).token;
  driverId = (await makeUser(t, courierId, 'staff')).id;
  const other = await makeCourier(t, 'OTH');
  const otherUser = await makeUser(t, other.id, 'courier_admin');
  otherAdmin = otherUser.token;
  otherDriverId = otherUser.id;
});
afterAll(async () => t?.close());

describe('scheduling', () => {
  it('needs a driver of the courier; the customer is e-mailed the date', async () => {
    const { id } = await deliveryRequest('7 Barbican Road, Kingston 8', false);
    const noDriver = await t.api('POST', `/delivery-requests/${id}/status`, admin, { status: 'scheduled', scheduledDate: day });
    expect(noDriver.statusCode).toBe(400);
    expect(noDriver.json().message).toBe(DELIVERY_MESSAGES.driverRequired);
    const foreign = await t.api('POST', `/delivery-requests/${id}/status`, admin, { status: 'scheduled', driverId: otherDriverId });
    expect(foreign.json().message).toBe(DELIVERY_MESSAGES.driverNotFound);
    expect((await t.api('GET', '/delivery-drivers', admin)).json().map((d: { id: number }) => d.id)).toContain(driverId);
    expect((await t.api('GET', '/delivery-drivers', otherAdmin)).json().map((d: { id: number }) => d.id)).not.toContain(driverId);

    const ok = await t.api('POST', `/delivery-requests/${id}/status`, admin, {
      status: 'scheduled',
      scheduledDate: day,
      driverId,
      stopOrder: 2,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'scheduled', scheduledDate: day, driverId, stopOrder: 2 });
    const [mail] = await mailsTo(customer.email, 'Delivery scheduled');
    // The screens' style with the day of the week: "Monday, Nov 30, 2026".
    const longDay = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day}T12:00:00Z`));
    expect(mail?.subject).toContain(longDay);
    expect(mail?.textBody).toContain('7 Barbican Road, Kingston 8');
  });
});

describe('delivering with proof', () => {
  let id: number;
  let pkgId: number;
  beforeAll(async () => {
    const r = await deliveryRequest('22 Hope Road, Kingston 6', true);
    id = r.id;
    pkgId = r.pkg.id;
    await t.api('POST', `/delivery-requests/${id}/status`, admin, { status: 'scheduled', driverId, stopOrder: 1 });
  });

  it('dispatching e-mails the customer that it is out for delivery', async () => {
    const out = await t.api('POST', `/delivery-requests/${id}/status`, admin, { status: 'out_for_delivery' });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().dispatchedAt).not.toBeNull();
    expect(await mailsTo(customer.email, 'Out for delivery')).toHaveLength(1);
  });

  it('refuses delivered without proof, by status change or without a signature', async () => {
    const byStatus = await t.api('POST', `/delivery-requests/${id}/status`, admin, { status: 'delivered' });
    expect(byStatus.statusCode).toBe(409);
    expect(byStatus.json().message).toBe(DELIVERY_MESSAGES.proofRequired);
    const byPackage = await t.api('POST', `/packages/${pkgId}/status`, admin, { status: 'delivered' });
    expect(byPackage.statusCode).toBe(409);
    expect(byPackage.json().message).toContain(DELIVERY_MESSAGES.proofRequired);
    const noSignature = await t.api('POST', `/delivery-requests/${id}/deliver`, admin, { recipientName: 'Marcia Brown' });
    expect(noSignature.statusCode).toBe(400);
    expect(noSignature.json().message).toBe(DELIVERY_MESSAGES.signatureRequired);
    const noName = await t.api('POST', `/delivery-requests/${id}/deliver`, admin, { recipientName: ' ', signature: PNG });
    expect(noName.json().message).toBe(DELIVERY_MESSAGES.recipientRequired);
    const fake = await t.api('POST', `/delivery-requests/${id}/deliver`, admin, {
      recipientName: 'Marcia Brown',
      signature: `data:image/png;base64,${Buffer.from('GIF89a not a png').toString('base64')}`,
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(DELIVERY_MESSAGES.signatureInvalid);
    expect((await t.api('GET', `/delivery-requests/${id}`, admin)).json().status).toBe('out_for_delivery');
  });

  it('takes a photo checked by its content', async () => {
    const url = `/api/delivery-requests/${id}/photo`;
    const text = multipart({}, { field: 'photo', name: 'door.jpg', type: 'image/jpeg', data: Buffer.from('not an image at all') });
    const r1 = await t.api({ method: 'POST', path: url, token: admin, ...text });
    expect(r1.statusCode).toBe(415);
    expect(r1.json().message).toBe(DELIVERY_MESSAGES.photoWrongType);
    const real = multipart({}, { field: 'photo', name: 'door.png', type: 'image/png', data: SAMPLE_PNG });
    const foreign = await t.api({ method: 'POST', path: url, token: otherAdmin, ...real });
    expect(foreign.statusCode).toBe(404);
    const r2 = await t.api({ method: 'POST', path: url, token: admin, ...real });
    expect(r2.statusCode, r2.body).toBe(200);
    expect(r2.json().hasPhoto).toBe(true);
  });

  it('delivers with the recipient and signature, e-mails the proof, and shows it only to the courier and the customer', async () => {
    // The courier works in another zone than Jamaica's: the e-mail says its time, not Jamaica's.
    await t.db.update(couriers).set({ timeZone: 'Asia/Tokyo' }).where(eq(couriers.id, courierId));
    const before = Date.now();
    const done = await t.api('POST', `/delivery-requests/${id}/deliver`, admin, { recipientName: 'Marcia Brown', signature: PNG });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'delivered', recipientName: 'Marcia Brown', hasSignature: true, hasPhoto: true });
    expect(done.json().packages[0].status).toBe('delivered');
    const [mail] = await mailsTo(customer.email, 'Delivered');
    expect(mail?.textBody).toContain('Received and signed for by Marcia Brown');
    expect(mail?.textBody).toContain('/customer/delivery-requests');
    // The time is the courier's (its time-zone setting), whatever the server's zone.
    const times = [before, Date.now()].map((ms) => formatDateTime(new Date(ms), 'Asia/Tokyo'));
    expect(times.some((at) => mail?.textBody.includes(at))).toBe(true);
    await t.db.update(couriers).set({ timeZone: 'America/Jamaica' }).where(eq(couriers.id, courierId));

    const sig = await t.api('GET', `/delivery-requests/${id}/proof/signature`, admin);
    expect(sig.statusCode).toBe(200);
    expect(sig.headers['content-type']).toBe('image/png');
    expect((await t.api('GET', `/customer/delivery-requests/${id}/proof/photo`, customer.token)).statusCode).toBe(200);
    expect((await t.api('GET', `/customer/delivery-requests/${id}/proof/signature`, stranger)).statusCode).toBe(404);
    expect((await t.api('GET', `/delivery-requests/${id}/proof/signature`, otherAdmin)).statusCode).toBe(404);
  });
});

describe('a driver with the plain Staff role', () => {
  it('completes their own delivery with proof and a photo; another plain staff member may not', async () => {
    const branchId = await aTill(t, courierId);
    const driver = await makeUser(t, courierId, 'staff', [...DEFAULT_STAFF_PERMISSIONS], branchId);
    const colleague = await makeUser(t, courierId, 'staff', [...DEFAULT_STAFF_PERMISSIONS], branchId);
    const { id } = await deliveryRequest('3 Ruthven Road, Kingston 10', true);
    // Another day than the run sheet's below.
    const nextDay = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    // The schedule dialog offers every staff member as a driver.
    expect((await t.api('GET', '/delivery-drivers', admin)).json().map((d: { id: number }) => d.id)).toContain(driver.id);
    expect(
      (await t.api('POST', `/delivery-requests/${id}/status`, admin, { status: 'scheduled', scheduledDate: nextDay, driverId: driver.id }))
        .statusCode,
    ).toBe(200);
    expect((await t.api('POST', `/delivery-requests/${id}/status`, admin, { status: 'out_for_delivery' })).statusCode).toBe(200);

    const proof = { recipientName: 'Dwayne Clarke', signature: PNG };
    const notTheirs = await t.api('POST', `/delivery-requests/${id}/deliver`, colleague.token, proof);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().message).toBe(DELIVERY_MESSAGES.notYourDelivery);
    expect((await t.api('POST', `/delivery-requests/${id}/deliver`, otherAdmin, proof)).statusCode).toBe(404);

    const real = multipart({}, { field: 'photo', name: 'door.png', type: 'image/png', data: SAMPLE_PNG });
    const photo = await t.api({
      method: 'POST',
      url: `/delivery-requests/${id}/photo`,
      token: driver.token,
      ...real,
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const done = await t.api('POST', `/delivery-requests/${id}/deliver`, driver.token, proof);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'delivered', recipientName: 'Dwayne Clarke', hasPhoto: true });
  });
});

describe('staff cancelling a request', () => {
  it('keeps who cancelled and why in the audit log, and tells the customer by e-mail and in their feed', async () => {
    const { id } = await deliveryRequest('9 Lady Musgrave Road, Kingston 5', true);
    const tooLong = await t.api('POST', `/delivery-requests/${id}/status`, admin, { status: 'cancelled', reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect((await t.api('POST', `/delivery-requests/${id}/status`, otherAdmin, { status: 'cancelled' })).statusCode).toBe(404);
    const res = await t.api('POST', `/delivery-requests/${id}/status`, admin, { status: 'cancelled', reason: ' Road closed by flooding ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'delivery_request.cancelled'), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({ actorType: 'user', details: { from: 'requested', reason: 'Road closed by flooding' } });
    const [mail] = await mailsTo(customer.email, 'Delivery request cancelled');
    expect(mail?.textBody).toContain('9 Lady Musgrave Road, Kingston 5');
    expect(mail?.textBody).toContain('Road closed by flooding');
    const feed = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.customerId, customer.id), eq(notifications.targetRef, String(id))));
    expect(feed.map((n) => n.title)).toContain('Delivery request cancelled');
  });
});

describe('run sheet', () => {
  it('lists the day’s stops in order with what to collect, as JSON and as a PDF; another courier sees none', async () => {
    const unpaid = await deliveryRequest('1 Constant Spring Road', false);
    await t.api('POST', `/delivery-requests/${unpaid.id}/status`, admin, {
      status: 'scheduled',
      scheduledDate: day,
      driverId,
      stopOrder: 1,
    });
    const res = await t.api('GET', `/delivery-run-sheet?date=${day}&format=json`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const sheet = res.json();
    // In stop order (two number 1s by address); the delivered one stays on the sheet, paid.
    expect(sheet.stops.map((s: { address: string }) => s.address)).toEqual([
      '1 Constant Spring Road',
      '22 Hope Road, Kingston 6',
      '7 Barbican Road, Kingston 8',
    ]);
    expect(sheet.stops[1]).toMatchObject({ status: 'delivered', amountDueCents: 0 });
    const balance = (await t.api('GET', `/invoices/${unpaid.invoiceNo}`, admin)).json().balanceCents;
    expect(sheet.stops[0]).toMatchObject({
      order: 1,
      phone: '876-555-0199',
      packages: [unpaid.pkg.packageNumber],
      invoices: [unpaid.invoiceNo],
      amountDueCents: balance,
    });
    expect(balance).toBeGreaterThan(0);
    expect(sheet.stops[2].amountDueCents).toBeGreaterThan(0);
    expect(sheet.totalDueCents).toBe(sheet.stops[0].amountDueCents + sheet.stops[2].amountDueCents);

    const pdf = await t.api('GET', `/delivery-run-sheet?date=${day}`, admin);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(`Run sheet ${day}: 3 stops`);

    expect((await t.api('GET', `/delivery-run-sheet?date=${day}&format=json`, otherAdmin)).json().stops).toHaveLength(0);
    const noDate = await t.api('GET', '/delivery-run-sheet', admin);
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().message).toBe(DELIVERY_MESSAGES.runSheetDateRequired);
    expect((await t.api('GET', `/delivery-run-sheet?date=${day}`, customer.token)).statusCode).toBe(403);
  });
});
