import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@courier/shared/constants/permissions';
import { RELEASE_MESSAGES } from '@courier/shared/domain/release';
import { makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, aTill, buildTestApp, seedDemoData, loginAs } from '../../../test/helper';
import { auditLog } from '../../db/schema/audit-log';
import { couriers } from '../../db/schema/couriers';
import { packages } from '../../db/schema/packages';

/**
 * The release rule on every way a package leaves us: counter collection,
 * home delivery (dispatch and delivered) and a status change to delivered, single or bulk.
 */
let t: TestApp;
let courierId: number;
let admin: string;
let clerk: string;
let customer: { id: number; token: string };
let seq = 0;
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

async function readyPackage() {
  seq += 1;
  const [row] = await t.db
    .insert(packages)
    .values({
      courierId,
      packageNumber: `PKG-R${seq}`,
      trackingNumber: `1ZREL${seq}`,
      customerId: customer.id,
      status: 'ready_for_pickup',
      weightLb: 2,
      readyAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('package insert failed');
  return row;
}

/** A ready package on its own invoice (unpaid). */
async function invoiced() {
  const pkg = await readyPackage();
  const res = await t.api('POST', '/invoices', admin, { customerId: customer.id, packageIds: [pkg.id] });
  expect(res.statusCode, res.body).toBe(201);
  return { pkg, invoiceNo: res.json().invoiceNo as string };
}

async function payInFull(invoiceNo: string) {
  const balance = (await t.api('GET', `/invoices/${invoiceNo}`, admin)).json().balanceCents as number;
  const res = await t.api('POST', '/payments', admin, {
    method: 'cash',
    branchId: await aTill(t, courierId),
    allocations: [{ invoiceNo, amountCents: balance }],
  });
  expect(res.statusCode, res.body).toBe(201);
}

const statusOf = async (id: number) => (await t.db.select().from(packages).where(eq(packages.id, id)))[0]?.status;
const overrides = (packageNumber: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'package.release_overridden'), eq(auditLog.entityId, packageNumber)));

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
  admin = await loginAs(t, 'courier_admin');
  // Everything but the override.
  clerk = (
    await makeUser(
      t,
      courierId,
      'staff',
      ALL_PERMISSIONS.filter((p) => p !== 'release_override'),
    )
  ).token;
  customer = await makeCustomer(t, courierId);
});
afterAll(async () => t?.close());

describe('status change to delivered', () => {
  it('refuses an unpaid package, names the balance, and leaves it ready', async () => {
    const { pkg, invoiceNo } = await invoiced();
    const res = await t.api('POST', `/packages/${pkg.id}/status`, admin, { status: 'delivered' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(
      new RegExp(`^${pkg.packageNumber} cannot be released: invoice ${invoiceNo} has JMD [\\d,]+\\.\\d\\d to pay`),
    );
    expect(await statusOf(pkg.id)).toBe('ready_for_pickup');
  });

  it('refuses a package with no invoice, even with an override', async () => {
    const pkg = await readyPackage();
    const res = await t.api('POST', `/packages/${pkg.id}/status`, admin, { status: 'delivered', allowUnpaid: true, overrideReason: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RELEASE_MESSAGES.notInvoiced(pkg.packageNumber));
  });

  it('bulk: unpaid refused, override without the permission refused, without a reason refused, paid delivered', async () => {
    const unpaid = await invoiced();
    const paid = await invoiced();
    await payInFull(paid.invoiceNo);
    const bulk = await t.api('POST', '/packages/bulk-status', clerk, { ids: [unpaid.pkg.id, paid.pkg.id], status: 'delivered' });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().changed).toBe(1);
    const [refused, released] = bulk.json().results;
    expect(refused).toMatchObject({ id: unpaid.pkg.id, ok: false });
    expect(refused.message).toContain(`invoice ${unpaid.invoiceNo} has JMD`);
    expect(released).toMatchObject({ id: paid.pkg.id, ok: true });
    expect(await statusOf(unpaid.pkg.id)).toBe('ready_for_pickup');
    expect(await statusOf(paid.pkg.id)).toBe('delivered');

    const noPermission = await t.api('POST', '/packages/bulk-status', clerk, {
      ids: [unpaid.pkg.id],
      status: 'delivered',
      allowUnpaid: true,
      overrideReason: 'Customer is a friend',
    });
    expect(noPermission.json().results[0]).toMatchObject({ ok: false, message: RELEASE_MESSAGES.overrideNotAllowed });
    const noReason = await t.api('POST', '/packages/bulk-status', admin, { ids: [unpaid.pkg.id], status: 'delivered', allowUnpaid: true });
    expect(noReason.json().results[0]).toMatchObject({ ok: false, message: RELEASE_MESSAGES.reasonRequired });
    expect(await statusOf(unpaid.pkg.id)).toBe('ready_for_pickup');
    expect(await overrides(unpaid.pkg.packageNumber)).toHaveLength(0);
  });

  it('an override with the permission and a reason delivers and writes an audit row', async () => {
    const { pkg, invoiceNo } = await invoiced();
    const res = await t.api('POST', '/packages/bulk-status', admin, {
      ids: [pkg.id],
      status: 'delivered',
      allowUnpaid: true,
      overrideReason: 'Paid by bank transfer; reference to follow',
    });
    expect(res.json().results[0]).toMatchObject({ ok: true });
    expect(await statusOf(pkg.id)).toBe('delivered');
    const [row] = await overrides(pkg.packageNumber);
    expect(row?.courierId).toBe(courierId);
    expect(row?.details).toMatchObject({
      via: 'status_change',
      reason: 'Paid by bank transfer; reference to follow',
      invoiceNo,
      from: 'ready_for_pickup',
      to: 'delivered',
    });
    expect((row?.details as { balanceCents?: number } | undefined)?.balanceCents).toBeGreaterThan(0);
  });

  it('a held package is refused by the state machine before anything else', async () => {
    const { pkg, invoiceNo } = await invoiced();
    await payInFull(invoiceNo);
    await t.api('POST', `/packages/${pkg.id}/status`, admin, { status: 'on_hold', note: 'Customs query' });
    const res = await t.api('POST', `/packages/${pkg.id}/status`, admin, { status: 'delivered', allowUnpaid: true, overrideReason: 'x' });
    expect(res.statusCode).toBe(409);
    expect(await statusOf(pkg.id)).toBe('on_hold');
  });
});

describe('home delivery', () => {
  let locationId: number;
  beforeAll(async () => {
    const res = await t.api('POST', '/delivery-locations', admin, { name: 'Mandeville', parish: 'Manchester', feeCents: 50000 });
    locationId = res.json().id;
  });

  async function requested(pkgId: number) {
    const res = await t.api('POST', '/customer/delivery-requests', customer.token, {
      packageIds: [pkgId],
      locationId,
      address: '4 Caledonia Road',
      preferredDate: tomorrow,
      phone: '876-555-0100',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const [driver] = (await t.api('GET', '/delivery-drivers', admin)).json();
    expect((await t.api('POST', `/delivery-requests/${id}/status`, admin, { status: 'scheduled', driverId: driver.id })).statusCode).toBe(
      200,
    );
    return id;
  }

  it('refuses to dispatch an unpaid request, and a clerk cannot override it', async () => {
    const { pkg, invoiceNo } = await invoiced();
    const id = await requested(pkg.id);
    const out = await t.api('POST', `/delivery-requests/${id}/status`, admin, { status: 'out_for_delivery' });
    expect(out.statusCode).toBe(422);
    expect(out.json().message).toContain(`invoice ${invoiceNo} has JMD`);
    const clerkOverride = await t.api('POST', `/delivery-requests/${id}/status`, clerk, {
      status: 'out_for_delivery',
      allowUnpaid: true,
      overrideReason: 'Driver will collect cash',
    });
    expect(clerkOverride.statusCode).toBe(403);
    expect(clerkOverride.json().message).toBe(RELEASE_MESSAGES.overrideNotAllowed);
    const request = (await t.api('GET', `/delivery-requests/${id}`, admin)).json();
    expect(request.status).toBe('scheduled');
    expect(await statusOf(pkg.id)).toBe('ready_for_pickup');
  });

  it('refuses to deliver while unpaid even once dispatched on an override; the override is audited', async () => {
    const { pkg } = await invoiced();
    const id = await requested(pkg.id);
    const out = await t.api('POST', `/delivery-requests/${id}/status`, admin, {
      status: 'out_for_delivery',
      allowUnpaid: true,
      overrideReason: 'Driver collects cash on delivery',
    });
    expect(out.statusCode, out.body).toBe(200);
    const [row] = await overrides(pkg.packageNumber);
    expect(row?.details).toMatchObject({ via: 'home_delivery', reference: `delivery request ${id}`, to: 'out_for_delivery' });
    const done = await t.api('POST', `/delivery-requests/${id}/deliver`, admin, { recipientName: 'Ann', signature: PNG });
    expect(done.statusCode).toBe(422);
    expect(await statusOf(pkg.id)).toBe('out_for_delivery');
  });

  it('delivers a paid request', async () => {
    const { pkg, invoiceNo } = await invoiced();
    const id = await requested(pkg.id);
    // The delivery fee went on the invoice with the request; paying now covers it.
    await payInFull(invoiceNo);
    expect((await t.api('POST', `/delivery-requests/${id}/status`, clerk, { status: 'out_for_delivery' })).statusCode).toBe(200);
    const done = await t.api('POST', `/delivery-requests/${id}/deliver`, clerk, { recipientName: 'Ann', signature: PNG });
    expect(done.statusCode, done.body).toBe(200);
    expect(await statusOf(pkg.id)).toBe('delivered');
    expect(await overrides(pkg.packageNumber)).toHaveLength(0);
  });
});

describe('counter collection', () => {
  it('follows the same rule: reason required, override audited per package', async () => {
    const { pkg, invoiceNo } = await invoiced();
    const refused = await t.api('POST', `/collections/${invoiceNo}`, admin, { collectorName: 'Kim W', signature: PNG });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain(`invoice ${invoiceNo} has JMD`);
    const clerkTry = await t.api('POST', `/collections/${invoiceNo}`, clerk, {
      collectorName: 'Kim W',
      signature: PNG,
      allowUnpaid: true,
      overrideReason: 'x',
    });
    expect(clerkTry.statusCode).toBe(403);
    const noReason = await t.api('POST', `/collections/${invoiceNo}`, admin, { collectorName: 'Kim W', signature: PNG, allowUnpaid: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(RELEASE_MESSAGES.reasonRequired);
    const ok = await t.api('POST', `/collections/${invoiceNo}`, admin, {
      collectorName: 'Kim W',
      signature: PNG,
      allowUnpaid: true,
      overrideReason: 'Regular customer, pays Friday',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await overrides(pkg.packageNumber);
    expect(row?.details).toMatchObject({ via: 'counter_collection', reference: invoiceNo, reason: 'Regular customer, pays Friday' });
  });
});
