import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCharges } from '@courier/shared/domain/charges';

import { makeCustomer } from '../../../test/fixtures/comms';
import { type TestApp, aTill, buildTestApp, seedDemoData, loginAs } from '../../../test/helper';
import { branches } from '../../db/schema/branches';
import { courierFeeSettings } from '../../db/schema/courier-fees';
import { couriers } from '../../db/schema/couriers';
import { deliveryLocations } from '../../db/schema/delivery-locations';
import { emailOutbox } from '../../db/schema/email';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { manifests } from '../../db/schema/manifests';
import { packages } from '../../db/schema/packages';
import { flagUncollected } from '../packages/uncollected.service';
import { getCourierRates } from '../settings/rates.service';
import { formatJmd } from '@courier/shared/format/money';
import { adoptLegacyFees } from '../fees/coded-fees.service';

/**
 * Billing that follows the packages: invoices issued when packages turn ready, and the uncollected,
 * delivery and switching fees charged once each.
 */

let t: TestApp;
let courierId: number;
let admin: string;
let seq = 0;
const FEES = { gctTenthsPercent: 150, unknownFeeCents: 750_00, uncollectedFeeCents: 425_50, switchingFeeCents: 312_25 };

type Customer = Awaited<ReturnType<typeof makeCustomer>>;

async function pkg(customerId: number, values: Partial<typeof packages.$inferInsert>) {
  seq += 1;
  const [row] = await t.db
    .insert(packages)
    .values({
      courierId,
      packageNumber: `PKG-AB${String(seq).padStart(4, '0')}`,
      trackingNumber: `1ZAUTOBILL${seq}`,
      customerId,
      status: 'at_customs',
      weightLb: 1,
      ...values,
    })
    .returning();
  if (!row) throw new Error('package insert failed');
  return row;
}

const liveInvoicesOf = (customerId: number) =>
  t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), ne(invoices.status, 'void')))
    .orderBy(invoices.id);

const linesOf = (invoiceId: number) => t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));

/** The expected total from the shared charge rules on the courier's own rates: not from the service. */
async function expectedTotal(pkgs: Array<typeof packages.$inferSelect>, extra: { deliveryFeeCents?: number } = {}) {
  const rates = await getCourierRates(t.db, courierId);
  return computeCharges({
    ...rates,
    lifetimeDeliveredCount: 0,
    deliveryFeeCents: extra.deliveryFeeCents ?? 0,
    packages: pkgs.map((p) => ({
      ref: p.id,
      label: p.packageNumber,
      weightLbs: p.weightLb,
      declaredValueUsdCents: p.declaredValueUsdCents ?? 0,
      assignedFromUnknown: p.assignedFromUnknown,
      uncollected: p.uncollectedSince !== null,
      switchedBranch: p.switchedBranchAt !== null,
    })),
  }).totalCents;
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
  await t.db
    .insert(courierFeeSettings)
    .values({ courierId, ...FEES })
    .onConflictDoUpdate({ target: courierFeeSettings.courierId, set: FEES });
  await adoptLegacyFees(t.db, courierId);
  admin = await loginAs(t, 'courier_admin');
});
afterAll(async () => t?.close());

describe('packages turning ready are invoiced', () => {
  let a: Customer;
  let b: Customer;
  let manifestId: number;

  it('make ready issues exactly one invoice per customer with the right total, and one e-mail each', async () => {
    const [branch] = await t.db.select().from(branches).where(eq(branches.courierId, courierId)).limit(1);
    a = await makeCustomer(t, courierId, { branchId: branch?.id ?? null });
    b = await makeCustomer(t, courierId, { branchId: branch?.id ?? null });
    const [m] = await t.db
      .insert(manifests)
      .values({ courierId, manifestNumber: 'MAN-AB0001', type: 'AIR', status: 'reconciled' })
      .returning();
    if (!m) throw new Error('manifest insert failed');
    manifestId = m.id;
    const a1 = await pkg(a.id, { manifestId, weightLb: 3.2, declaredValueUsdCents: 250_00 });
    const a2 = await pkg(a.id, { manifestId, weightLb: 12.4, assignedFromUnknown: true });
    const b1 = await pkg(b.id, { manifestId, weightLb: 0.6, declaredValueUsdCents: 99_99 });
    // Still in transit: not part of the make-ready.
    await pkg(b.id, { manifestId, status: 'in_transit' });

    const res = await t.api('POST', `/manifests/${manifestId}/ready`, admin);
    expect(res.statusCode).toBe(200);

    const [invA, ...moreA] = await liveInvoicesOf(a.id);
    const [invB, ...moreB] = await liveInvoicesOf(b.id);
    expect(moreA).toHaveLength(0);
    expect(moreB).toHaveLength(0);
    if (!invA || !invB) throw new Error('no invoice issued');
    expect(invA.totalCents).toBe(await expectedTotal([a1, a2]));
    expect(invB.totalCents).toBe(await expectedTotal([b1]));
    const covered = await t.db
      .select()
      .from(invoicePackages)
      .where(inArray(invoicePackages.invoiceId, [invA.id, invB.id]));
    expect(covered.map((c) => c.packageId).sort((x, y) => x - y)).toEqual([a1.id, a2.id, b1.id].sort((x, y) => x - y));
    // The package assigned from Unknown carries the unknown fee, once.
    const unknownLines = (await linesOf(invA.id)).filter((l) => l.kind === 'unknown_fee');
    expect(unknownLines.map((l) => [l.packageId, l.amountCents])).toEqual([[a2.id, FEES.unknownFeeCents]]);

    // One e-mail per customer: ready at the branch and the amount due (no separate "ready" mail).
    const mailsA = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, a.email));
    expect(mailsA.map((m) => m.subject)).toEqual([expect.stringMatching(/^[^:]+: Packages ready for pickup: invoice /)]);
    expect(mailsA[0]?.subject).toContain(`: Packages ready for pickup: invoice ${invA.invoiceNo}, ${formatJmd(invA.totalCents)} due`);
    expect(mailsA[0]?.textBody).toContain(`at our ${branch?.name} branch`);
    const mailsB = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, b.email));
    expect(mailsB.map((m) => m.subject)).toEqual([expect.stringMatching(/^[^:]+: Package ready for pickup: invoice /)]);
    expect(mailsB[0]?.subject).toContain(`: Package ready for pickup: invoice ${invB.invoiceNo}, ${formatJmd(invB.totalCents)} due`);
  });

  it('making the same manifest ready again issues nothing new', async () => {
    expect((await t.api('POST', `/manifests/${manifestId}/ready`, admin)).statusCode).toBe(200);
    expect(await liveInvoicesOf(a.id)).toHaveLength(1);
    expect(await liveInvoicesOf(b.id)).toHaveLength(1);
  });

  it('a single status change to ready invoices the package; a bulk change issues one invoice per customer', async () => {
    const c = await makeCustomer(t, courierId);
    const single = await pkg(c.id, { weightLb: 2 });
    const res = await t.api('POST', `/packages/${single.id}/status`, admin, { status: 'ready_for_pickup' });
    expect(res.statusCode).toBe(200);
    const [first] = await liveInvoicesOf(c.id);
    expect(first?.totalCents).toBe(await expectedTotal([single]));

    const bulk1 = await pkg(c.id, { weightLb: 5.5 });
    const bulk2 = await pkg(c.id, { weightLb: 7, declaredValueUsdCents: 180_00 });
    const bulk = await t.api('POST', '/packages/bulk-status', admin, { ids: [bulk1.id, bulk2.id], status: 'ready_for_pickup' });
    expect(bulk.json().changed).toBe(2);
    const all = await liveInvoicesOf(c.id);
    expect(all).toHaveLength(2);
    expect(all[1]?.totalCents).toBe(await expectedTotal([bulk1, bulk2]));
  });
});

describe('fees that arise after the invoice', () => {
  it('the uncollected job adds the fee once to the open invoice, however often it runs', async () => {
    const c = await makeCustomer(t, courierId);
    const p = await pkg(c.id, { weightLb: 4 });
    await t.api('POST', `/packages/${p.id}/status`, admin, { status: 'ready_for_pickup' });
    const [before] = await liveInvoicesOf(c.id);
    if (!before) throw new Error('no invoice');
    await t.db
      .update(packages)
      .set({ readyAt: new Date(Date.now() - 20 * 86_400_000) })
      .where(eq(packages.id, p.id));
    const services = { db: t.db, mailer: t.ctx.mailer };
    await flagUncollected(services);
    await flagUncollected(services);
    const [after, ...more] = await liveInvoicesOf(c.id);
    expect(more).toHaveLength(0);
    expect(after?.totalCents).toBe(before.totalCents + FEES.uncollectedFeeCents);
    const [flagged] = await t.db.select().from(packages).where(eq(packages.id, p.id));
    if (!flagged) throw new Error('package gone');
    // Same figure as the charge rules give for an uncollected package issued today.
    expect(after?.totalCents).toBe(await expectedTotal([flagged]));
    const fees = (await linesOf(before.id)).filter((l) => l.kind === 'uncollected_fee');
    expect(fees.map((l) => [l.packageId, l.amountCents])).toEqual([[p.id, FEES.uncollectedFeeCents]]);
  });

  it('on a paid invoice the uncollected fee becomes a small separate invoice, once', async () => {
    const c = await makeCustomer(t, courierId);
    const p = await pkg(c.id, { weightLb: 1 });
    await t.api('POST', `/packages/${p.id}/status`, admin, { status: 'ready_for_pickup' });
    const [inv] = await liveInvoicesOf(c.id);
    if (!inv) throw new Error('no invoice');
    const paid = await t.api('POST', '/payments', admin, {
      method: 'cash',
      branchId: await aTill(t, courierId),
      allocations: [{ invoiceNo: inv.invoiceNo, amountCents: inv.totalCents }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await t.db
      .update(packages)
      .set({ readyAt: new Date(Date.now() - 16 * 86_400_000) })
      .where(eq(packages.id, p.id));
    await flagUncollected({ db: t.db, mailer: t.ctx.mailer });
    await flagUncollected({ db: t.db, mailer: t.ctx.mailer });
    const all = await liveInvoicesOf(c.id);
    expect(all.map((i) => [i.status, i.totalCents])).toEqual([
      ['paid', inv.totalCents],
      ['unpaid', FEES.uncollectedFeeCents],
    ]);
    const feeInvoice = all[1];
    if (!feeInvoice) throw new Error('no fee invoice');
    expect((await linesOf(feeInvoice.id)).map((l) => [l.kind, l.packageId])).toEqual([['uncollected_fee', p.id]]);
  });

  it('a delivery request puts its fee on the invoice once, also when it is scheduled', async () => {
    const c = await makeCustomer(t, courierId);
    const p = await pkg(c.id, { weightLb: 2.5 });
    await t.api('POST', `/packages/${p.id}/status`, admin, { status: 'ready_for_pickup' });
    const [before] = await liveInvoicesOf(c.id);
    if (!before) throw new Error('no invoice');
    const [loc] = await t.db
      .insert(deliveryLocations)
      .values({ courierId, name: 'Auto bill town', parish: 'Clarendon', feeCents: 850_75 })
      .returning();
    if (!loc) throw new Error('location insert failed');
    const created = await t.api('POST', '/customer/delivery-requests', c.token, {
      packageIds: [p.id],
      locationId: loc.id,
      address: '5 Main Street, May Pen',
      preferredDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      phone: '876-555-0100',
    });
    expect(created.statusCode, created.body).toBe(201);
    const [driver] = (await t.api('GET', '/delivery-drivers', admin)).json();
    const scheduled = await t.api('POST', `/delivery-requests/${created.json().id}/status`, admin, {
      status: 'scheduled',
      driverId: driver.id,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const [after, ...more] = await liveInvoicesOf(c.id);
    expect(more).toHaveLength(0);
    expect(after?.totalCents).toBe(before.totalCents + 850_75);
    expect(after?.totalCents).toBe(await expectedTotal([p], { deliveryFeeCents: 850_75 }));
    expect((await linesOf(before.id)).filter((l) => l.kind === 'delivery_fee').map((l) => l.amountCents)).toEqual([850_75]);
  });

  it('a delivery request the customer cancels gives its fee back', async () => {
    const c = await makeCustomer(t, courierId);
    const p = await pkg(c.id, { weightLb: 1.5 });
    await t.api('POST', `/packages/${p.id}/status`, admin, { status: 'ready_for_pickup' });
    const [before] = await liveInvoicesOf(c.id);
    if (!before) throw new Error('no invoice');
    const [loc] = await t.db
      .insert(deliveryLocations)
      .values({ courierId, name: 'Cancel town', parish: 'Clarendon', feeCents: 600_00 })
      .returning();
    if (!loc) throw new Error('location insert failed');
    const created = await t.api('POST', '/customer/delivery-requests', c.token, {
      packageIds: [p.id],
      locationId: loc.id,
      address: '5 Main Street, May Pen',
      preferredDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      phone: '876-555-0100',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await liveInvoicesOf(c.id))[0]?.totalCents).toBe(before.totalCents + 600_00);
    const cancelled = await t.api('POST', `/customer/delivery-requests/${created.json().id}/cancel`, c.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [after] = await liveInvoicesOf(c.id);
    expect(after?.totalCents).toBe(before.totalCents);
    expect((await linesOf(before.id)).filter((l) => l.kind === 'delivery_fee')).toHaveLength(0);
  });

  it('changing the pickup branch after manifesting charges the switching fee once per package', async () => {
    const branchRows = await t.db.select().from(branches).where(eq(branches.courierId, courierId)).orderBy(branches.id);
    const [from, to] = branchRows;
    if (!from || !to) throw new Error('the demo courier needs two branches');
    const c = await makeCustomer(t, courierId, { branchId: from.id });
    const ready = await pkg(c.id, { weightLb: 3, branchId: from.id });
    await t.api('POST', `/packages/${ready.id}/status`, admin, { status: 'ready_for_pickup' });
    const [before] = await liveInvoicesOf(c.id);
    if (!before) throw new Error('no invoice');
    const onTheWay = await pkg(c.id, { weightLb: 6, status: 'in_transit', branchId: from.id });
    const atWarehouse = await pkg(c.id, { weightLb: 2, status: 'received', branchId: from.id });

    const profile = (branchId: number) => ({
      firstName: 'Switch',
      lastName: 'Customer',
      phone: '876-555-0101',
      trn: '123-456-789',
      address: '1 Main Street',
      parish: 'Clarendon',
      city: 'May Pen',
      branchId,
    });
    expect((await t.api('PUT', '/customers/profile', c.token, profile(to.id))).statusCode).toBe(200);
    // Switching back and forth again charges nothing more.
    expect((await t.api('PUT', '/customers/profile', c.token, profile(from.id))).statusCode).toBe(200);
    expect((await t.api('PUT', '/customers/profile', c.token, profile(to.id))).statusCode).toBe(200);

    const [after] = await liveInvoicesOf(c.id);
    expect(after?.totalCents).toBe(before.totalCents + FEES.switchingFeeCents);
    const moved = await t.db
      .select()
      .from(packages)
      .where(inArray(packages.id, [ready.id, onTheWay.id, atWarehouse.id]));
    const byId = new Map(moved.map((p) => [p.id, p]));
    expect(moved.every((p) => p.branchId === to.id)).toBe(true);
    expect(byId.get(atWarehouse.id)?.switchedBranchAt).toBeNull();
    const readyNow = byId.get(ready.id);
    if (!readyNow) throw new Error('package gone');
    expect(after?.totalCents).toBe(await expectedTotal([readyNow]));

    // The package still on its way carries the fee on its own invoice when it turns ready.
    await t.db.update(packages).set({ status: 'at_customs' }).where(eq(packages.id, onTheWay.id));
    await t.api('POST', `/packages/${onTheWay.id}/status`, admin, { status: 'ready_for_pickup' });
    const invoicesNow = await liveInvoicesOf(c.id);
    expect(invoicesNow).toHaveLength(2);
    const second = invoicesNow[1];
    if (!second) throw new Error('no second invoice');
    const switching = (await linesOf(second.id)).filter((l) => l.kind === 'switching_fee');
    expect(switching.map((l) => [l.packageId, l.amountCents])).toEqual([[onTheWay.id, FEES.switchingFeeCents]]);
    const [onTheWayNow] = await t.db.select().from(packages).where(eq(packages.id, onTheWay.id));
    if (!onTheWayNow) throw new Error('package gone');
    expect(second.totalCents).toBe(await expectedTotal([onTheWayNow]));
  });

  it('staff changing the branch of a customer whose invoice is paid issue the switching fee on its own invoice, once', async () => {
    const [from, to] = await t.db.select().from(branches).where(eq(branches.courierId, courierId)).orderBy(branches.id);
    if (!from || !to) throw new Error('the demo courier needs two branches');
    const c = await makeCustomer(t, courierId, { branchId: from.id });
    const p = await pkg(c.id, { weightLb: 2, branchId: from.id });
    await t.api('POST', `/packages/${p.id}/status`, admin, { status: 'ready_for_pickup' });
    const [inv] = await liveInvoicesOf(c.id);
    if (!inv) throw new Error('no invoice');
    const paid = await t.api('POST', '/payments', admin, {
      method: 'card',
      branchId: await aTill(t, courierId),
      allocations: [{ invoiceNo: inv.invoiceNo, amountCents: inv.totalCents }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const edit = (branchId: number) =>
      t.api('PUT', `/customers/${c.id}`, admin, {
        accountType: 'individual',
        firstName: c.firstName,
        lastName: c.lastName,
        email: c.email,
        branchId,
      });
    expect((await edit(to.id)).statusCode).toBe(200);
    expect((await edit(from.id)).statusCode).toBe(200);
    const all = await liveInvoicesOf(c.id);
    expect(all.map((i) => [i.status, i.totalCents])).toEqual([
      ['paid', inv.totalCents],
      ['unpaid', FEES.switchingFeeCents],
    ]);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, c.email));
    expect(mails.map((m) => m.subject.replace(/^[^:]+: /, ''))).toContain(
      `Invoice ${all[1]?.invoiceNo}: ${formatJmd(FEES.switchingFeeCents)} due`,
    );
  });
});
