import { and, desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCharges } from '@courier/shared/domain/charges';
import { HEAVY_WEIGHT_CODE, PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData, loginAs } from '../../../test/helper';
import { auditLog } from '../../db/schema/audit-log';
import { couriers } from '../../db/schema/couriers';
import { emailOutbox } from '../../db/schema/email';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { getCourierRates } from '../settings/rates.service';

/** Corrections after receiving and voiding. */

let t: TestApp;
let courierId: number;
let staff: string;
let otherAdmin: string;
let seq = 0;
type Customer = Awaited<ReturnType<typeof makeCustomer>>;
let alice: Customer;
let bob: Customer;

async function pkg(customerId: number | null, values: Partial<typeof packages.$inferInsert> = {}) {
  seq += 1;
  const [row] = await t.db
    .insert(packages)
    .values({
      courierId,
      packageNumber: `PKG-CR${String(seq).padStart(4, '0')}`,
      trackingNumber: `1ZCORRECT${seq}`,
      customerId,
      status: 'received',
      weightLb: 3.4,
      ...values,
    })
    .returning();
  if (!row) throw new Error('package insert failed');
  return row;
}

/** A package made ready through the API: it is invoiced (unpaid) on the way. */
async function invoicedPackage(customer: Customer, weightLb: number) {
  const p = await pkg(customer.id, { status: 'at_customs', weightLb, declaredValueUsdCents: 2500 });
  const res = await t.api('POST', `/packages/${p.id}/status`, staff, { status: 'ready_for_pickup' });
  expect(res.statusCode, res.body).toBe(200);
  const inv = await invoiceOf(p.id);
  if (!inv) throw new Error('not invoiced');
  return { p, inv };
}

async function invoiceOf(packageId: number) {
  const [row] = await t.db
    .select({ inv: invoices })
    .from(invoicePackages)
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(and(eq(invoicePackages.packageId, packageId), ne(invoices.status, 'void')));
  return row?.inv;
}

/** The expected total from the shared charge rules on the courier's rates: not from the service. */
async function expectedTotal(weightLb: number, declaredValueUsdCents: number) {
  const rates = await getCourierRates(t.db, courierId);
  return computeCharges({
    ...rates,
    lifetimeDeliveredCount: 0,
    deliveryFeeCents: 0,
    packages: [
      {
        ref: 1,
        label: 'x',
        weightLbs: weightLb,
        declaredValueUsdCents,
        assignedFromUnknown: false,
        uncollected: false,
        switchedBranch: false,
      },
    ],
  }).totalCents;
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
  staff = await loginAs(t, 'staff');
  alice = await makeCustomer(t, courierId);
  bob = await makeCustomer(t, courierId);
  const other = await makeCourier(t, 'OTC');
  otherAdmin = (await makeUser(t, other.id, 'courier_admin')).token;
});
afterAll(async () => t?.close());

describe('correcting a package', () => {
  it('a weight correction recomputes the unpaid invoice to the cent, with the timeline and the audit log', async () => {
    // The typo: 34 lb for 3.4 lb, already invoiced.
    const { p, inv } = await invoicedPackage(alice, 34);
    expect(inv.totalCents).toBe(await expectedTotal(34, 2500));
    const res = await t.api('PATCH', `/packages/${p.id}`, staff, { weightLb: 3.4, note: 'typo at the scale' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().weightLb).toBe(3.4);
    const after = await invoiceOf(p.id);
    expect(after?.invoiceNo).toBe(inv.invoiceNo);
    expect(after?.totalCents).toBe(await expectedTotal(3.4, 2500));
    expect(after?.totalCents).toBeLessThan(inv.totalCents);
    const events = res.json().events as Array<{ note: string | null }>;
    expect(events.at(-1)?.note).toBe('Corrected: weight (lb) 34 → 3.4 (typo at the scale)');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'package.corrected'), eq(auditLog.entityId, p.packageNumber)));
    expect(entry?.details).toMatchObject({ changes: { weightLb: { from: 34, to: 3.4 } } });
    const [recomputed] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.recomputed'), eq(auditLog.entityId, inv.invoiceNo)));
    expect(recomputed?.details).toMatchObject({ totalBefore: inv.totalCents, totalAfter: after?.totalCents });
  });

  it('a paid (or partly paid) invoice refuses the correction with a clear message', async () => {
    const { p, inv } = await invoicedPackage(alice, 5);
    const pay = await t.api('POST', '/payments', staff, { method: 'cash', allocations: [{ invoiceNo: inv.invoiceNo, amountCents: 100 }] });
    expect(pay.statusCode, pay.body).toBe(201);
    const res = await t.api('PATCH', `/packages/${p.id}`, staff, { weightLb: 6 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PACKAGE_MESSAGES.invoicePaid(inv.invoiceNo));
    const [row] = await t.db.select().from(packages).where(eq(packages.id, p.id));
    expect(row?.weightLb).toBe(5);
    // What the invoice does not charge (the description) may still be corrected.
    const desc = await t.api('PATCH', `/packages/${p.id}`, staff, { description: 'Shoes' });
    expect(desc.statusCode, desc.body).toBe(200);
  });

  it('a weight above the courier ceiling needs confirmation', async () => {
    const p = await pkg(alice.id);
    const res = await t.api('PATCH', `/packages/${p.id}`, staff, { weightLb: 340 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: HEAVY_WEIGHT_CODE, message: PACKAGE_MESSAGES.heavyWeight(340, 150) });
    const ok = await t.api('PATCH', `/packages/${p.id}`, staff, { weightLb: 340, confirmHeavy: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().weightLb).toBe(340);
    // The ceiling is the courier's own.
    await t.db.update(couriers).set({ heavyWeightLb: 400 }).where(eq(couriers.id, courierId));
    const under = await t.api('PATCH', `/packages/${p.id}`, staff, { weightLb: 350 });
    expect(under.statusCode, under.body).toBe(200);
    await t.db.update(couriers).set({ heavyWeightLb: 150 }).where(eq(couriers.id, courierId));
  });

  it('validates each field in our words', async () => {
    const p = await pkg(alice.id);
    const res = await t.api('PATCH', `/packages/${p.id}`, staff, { weightLb: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PACKAGE_MESSAGES.weightPositive);
    const neg = await t.api('PATCH', `/packages/${p.id}`, staff, { declaredValueUsdCents: -1 });
    expect(neg.json().message).toBe(PACKAGE_MESSAGES.valueNotNegative);
  });

  it('a change of customer moves the package and e-mails the new customer that it was received', async () => {
    const p = await pkg(alice.id, { description: 'Phone case' });
    const res = await t.api('PATCH', `/packages/${p.id}`, staff, { customerId: bob.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ customerId: bob.id, mailboxNumber: bob.mailboxNumber });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, bob.email));
    expect(mails.some((m) => m.subject.includes('received at our Miami warehouse') && m.subject.includes(p.packageNumber))).toBe(true);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'package.corrected'), eq(auditLog.entityId, p.packageNumber)))
      .orderBy(desc(auditLog.id));
    expect(entry?.details).toMatchObject({ changes: { customer: { from: alice.mailboxNumber, to: bob.mailboxNumber } } });
  });

  it('a change of customer of an invoiced package takes it off the old invoice and invoices the new customer', async () => {
    const { p, inv } = await invoicedPackage(alice, 2);
    const res = await t.api('PATCH', `/packages/${p.id}`, staff, { customerId: bob.id });
    expect(res.statusCode, res.body).toBe(200);
    const [old] = await t.db.select().from(invoices).where(eq(invoices.id, inv.id));
    expect(old?.status).toBe('void');
    const now = await invoiceOf(p.id);
    expect(now?.customerId).toBe(bob.id);
    expect(now?.totalCents).toBe(await expectedTotal(2, 2500));
  });

  it("another courier's package is not found", async () => {
    const p = await pkg(alice.id);
    const res = await t.api('PATCH', `/packages/${p.id}`, otherAdmin, { weightLb: 1 });
    expect(res.statusCode).toBe(404);
    const v = await t.api('POST', `/packages/${p.id}/void`, otherAdmin, { reason: 'mine' });
    expect(v.statusCode).toBe(404);
  });
});

describe('voiding a package received by mistake', () => {
  it('keeps it for the record, takes it out of the lists, and frees its tracking number', async () => {
    const p = await pkg(alice.id, { trackingNumber: 'PKG0000141ZAUDITB0000' });
    const empty = await t.api('POST', `/packages/${p.id}/void`, staff, { reason: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(PACKAGE_MESSAGES.voidReasonRequired);
    const res = await t.api('POST', `/packages/${p.id}/void`, staff, { reason: 'Two scans glued together' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ voidReason: 'Two scans glued together', nextStatuses: [] });
    expect(res.json().events.at(-1).note).toBe('Voided: Two scans glued together');
    const [row] = await t.db.select().from(packages).where(eq(packages.id, p.id));
    expect(row?.voidedAt).not.toBeNull();
    const list = await t.api('GET', `/packages?search=${p.packageNumber}`, staff);
    expect(list.json().data).toHaveLength(0);
    const voided = await t.api('GET', `/packages?voided=true&search=${p.packageNumber}`, staff);
    expect(voided.json().data.map((d: { id: number }) => d.id)).toEqual([p.id]);
    const again = await t.api('POST', `/packages/${p.id}/status`, staff, { status: 'in_transit' });
    expect(again.statusCode).toBe(409);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'package.voided'), eq(auditLog.entityId, p.packageNumber)));
    expect(entry?.details).toMatchObject({ reason: 'Two scans glued together' });
    // The same tracking number may be received again, for real.
    const receive = await t.api('POST', '/packages', staff, {
      trackingNumber: 'PKG0000141ZAUDITB0000',
      weightLb: 1,
      mailbox: alice.mailboxNumber,
    });
    expect(receive.statusCode, receive.body).toBe(201);
  });

  it('voids its unpaid invoice', async () => {
    const { p, inv } = await invoicedPackage(alice, 4);
    const res = await t.api('POST', `/packages/${p.id}/void`, staff, { reason: 'Phantom package' });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await t.db.select().from(invoices).where(eq(invoices.id, inv.id));
    expect(after?.status).toBe('void');
    expect(await invoiceOf(p.id)).toBeUndefined();
  });
});
