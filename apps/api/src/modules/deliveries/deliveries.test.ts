import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES } from '@courier/shared/schemas/deliveries';
import { auditLog } from '../../db/schema/audit-log';
import { customers } from '../../db/schema/customers';
import { notifications } from '../../db/schema/notifications';
import { packages } from '../../db/schema/packages';
import { makeCourier, makeCustomer, makeUser, tokenForCustomer } from '../../../test/fixtures/comms';
import { type TestApp, aTill, buildTestApp, seedDemoData, loginAs } from '../../../test/helper';

let t: TestApp;
let admin: string;
let staff: string;
let manager: string;
let customer: string;
let stranger: string;
let otherAdmin: string;
let customerId: number;
let demoCourierId: number;
const pkgIds: number[] = [];
const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  admin = await loginAs(t, 'courier_admin');
  staff = await loginAs(t, 'staff');
  manager = await loginAs(t, 'branch_manager');
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!c) throw new Error('no demo customer');
  customer = await tokenForCustomer(t, c.id);
  customerId = c.id;
  demoCourierId = c.courierId;
  stranger = (await makeCustomer(t, c.courierId)).token;
  otherAdmin = (await makeUser(t, (await makeCourier(t, 'ODL')).id, 'courier_admin')).token;
  for (const tracking of ['DLV-1', 'DLV-2', 'DLV-3']) {
    const res = await t.api('POST', '/packages', staff, { trackingNumber: tracking, weightLb: 1, mailbox: c.mailboxNumber });
    pkgIds.push(res.json().id);
  }
  await t.db.update(packages).set({ status: 'ready_for_pickup', readyAt: new Date() }).where(eq(packages.trackingNumber, 'DLV1'));
  await t.db.update(packages).set({ status: 'ready_for_pickup', readyAt: new Date() }).where(eq(packages.trackingNumber, 'DLV2'));
});
afterAll(async () => t?.close());

describe('delivery locations', () => {
  let id: number;
  it('the courier admin creates, edits and lists them; staff may not create', async () => {
    const res = await t.api('POST', '/delivery-locations', admin, { name: 'May Pen town', parish: 'Clarendon', feeCents: 80000 });
    expect(res.statusCode).toBe(201);
    id = res.json().id;
    expect(
      (
        await t.api('PUT', `/delivery-locations/${id}`, admin, { name: 'May Pen town', parish: 'Clarendon', feeCents: 90000, active: true })
      ).json().feeCents,
    ).toBe(90000);
    expect((await t.api('POST', '/delivery-locations', staff, { name: 'X', parish: 'Clarendon', feeCents: 1 })).statusCode).toBe(403);
    expect((await t.api('POST', '/delivery-locations', admin, { name: 'X', parish: 'Nowhere', feeCents: 1 })).json().message).toBe(
      DELIVERY_MESSAGES.parishRequired,
    );
    expect((await t.api('GET', '/customer/delivery-locations', customer)).json().map((l: { id: number }) => l.id)).toContain(id);
    expect(
      (await t.api('PUT', `/delivery-locations/${id}`, otherAdmin, { name: 'X', parish: 'Clarendon', feeCents: 1, active: true }))
        .statusCode,
    ).toBe(404);
    // The fee is money: its creation and change are in the audit log, before -> after.
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    const actions = rows.filter((r) => r.entity === 'delivery_location').map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['delivery_location.created', 'delivery_location.updated']));
    const updated = rows.find((r) => r.action === 'delivery_location.updated')?.details as {
      before: { feeCents: number };
      after: { feeCents: number };
    };
    expect([updated.before.feeCents, updated.after.feeCents]).toEqual([80000, 90000]);
  });

  it('a customer requests delivery of ready packages; the fee is the location fee; staff are notified', async () => {
    const notReady = await t.api('POST', '/customer/delivery-requests', customer, {
      packageIds: [pkgIds[2]],
      locationId: id,
      address: '12 Manchester Ave',
      preferredDate: tomorrow,
      phone: '876-555-0142',
    });
    expect(notReady.json().message).toBe(DELIVERY_MESSAGES.packagesNotReady);
    const notMine = await t.api('POST', '/customer/delivery-requests', stranger, {
      packageIds: [pkgIds[0]],
      locationId: id,
      address: '3 Hope Road',
      preferredDate: tomorrow,
      phone: '876-555-0142',
    });
    expect(notMine.json().message).toBe(DELIVERY_MESSAGES.packagesNotReady);
    const nowhere = await t.api('POST', '/customer/delivery-requests', customer, {
      packageIds: [pkgIds[0]],
      locationId: id,
      preferredDate: tomorrow,
      phone: '876-555-0142',
    });
    expect(nowhere.json().message).toBe(DELIVERY_MESSAGES.addressRequired);
    const past = await t.api('POST', '/customer/delivery-requests', customer, {
      packageIds: [pkgIds[0]],
      locationId: id,
      address: '12 Manchester Ave',
      preferredDate: '2020-01-01',
      phone: '876-555-0142',
    });
    expect(past.json().message).toBe(DELIVERY_MESSAGES.dateInPast);
    const ok = await t.api('POST', '/customer/delivery-requests', customer, {
      packageIds: [pkgIds[0], pkgIds[1]],
      locationId: id,
      address: '12 Manchester Ave',
      preferredDate: tomorrow,
      phone: '876-555-0142',
      notes: 'Gate code 12',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ status: 'requested', feeCents: 90000, locationName: 'May Pen town' });
    expect(ok.json().packages).toHaveLength(2);
    const twice = await t.api('POST', '/customer/delivery-requests', customer, {
      packageIds: [pkgIds[0]],
      address: '1 Main St',
      preferredDate: tomorrow,
      phone: '876-555-0142',
    });
    expect(twice.json().message).toMatch(/already has a delivery request/);
    const notices = await t.db.select().from(notifications).where(eq(notifications.type, 'new_delivery_request'));
    expect(notices).toHaveLength(1);
    // The day as every screen says it ("Nov 30, 2026"), never the raw "2026-11-30".
    const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${tomorrow}T12:00:00Z`),
    );
    expect(notices[0]?.body).toBe(`2 packages for ${day}`);
    expect((await t.api('DELETE', `/delivery-locations/${id}`, admin)).json().message).toBe(DELIVERY_MESSAGES.locationInUse);
  });

  it('staff schedule, dispatch and complete; packages follow', async () => {
    const list = await t.api('GET', '/delivery-requests', staff);
    const reqId = list.json().data[0].id;
    // The default staff role views requests; changing them needs delivery_requests_edit.
    expect((await t.api('POST', `/delivery-requests/${reqId}/status`, staff, { status: 'scheduled' })).statusCode).toBe(403);
    expect((await t.api('POST', `/delivery-requests/${reqId}/status`, manager, { status: 'delivered' })).json().message).toBe(
      DELIVERY_MESSAGES.illegalStatus('Requested', 'Delivered'),
    );
    const drivers = (await t.api('GET', '/delivery-drivers', manager)).json();
    const scheduled = await t.api('POST', `/delivery-requests/${reqId}/status`, manager, { status: 'scheduled', driverId: drivers[0].id });
    expect(scheduled.json().scheduledDate).toBe(tomorrow);
    // The release rule: the packages leave only once their invoice (with the delivery fee) is paid.
    const invoice = await t.api('POST', '/invoices', admin, { customerId: customerId, packageIds: [pkgIds[0], pkgIds[1]] });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const { invoiceNo } = invoice.json();
    const balance = (await t.api('GET', `/invoices/${invoiceNo}`, admin)).json().balanceCents;
    expect(
      (
        await t.api('POST', '/payments', admin, {
          method: 'cash',
          branchId: await aTill(t, demoCourierId),
          allocations: [{ invoiceNo, amountCents: balance }],
        })
      ).statusCode,
    ).toBe(201);
    const out = await t.api('POST', `/delivery-requests/${reqId}/status`, manager, { status: 'out_for_delivery' });
    expect(out.json().packages.map((p: { status: string }) => p.status)).toEqual(['out_for_delivery', 'out_for_delivery']);
    const done = await t.api('POST', `/delivery-requests/${reqId}/deliver`, manager, {
      recipientName: 'Kim W',
      signature: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    });
    expect(done.json().packages.map((p: { status: string }) => p.status)).toEqual(['delivered', 'delivered']);
    expect((await t.api('POST', `/customer/delivery-requests/${reqId}/cancel`, customer)).json().message).toBe(
      DELIVERY_MESSAGES.onlyRequestedCancel,
    );
    expect((await t.api('GET', `/delivery-requests/${reqId}`, otherAdmin)).statusCode).toBe(404);
    expect((await t.api('POST', `/delivery-requests/${reqId}/status`, otherAdmin, { status: 'cancelled' })).statusCode).toBe(404);
    expect((await t.api('GET', '/customer/delivery-requests', stranger)).json().total).toBe(0);
    expect((await t.api('GET', '/delivery-requests', customer)).statusCode).toBe(403);
  });
});
