import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '@courier/shared/schemas/billing';
import { type TestApp, buildTestApp, seedDemoData } from '../../../test/helper';
import { countStatements } from '../../../test/statements';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { users } from '../../db/schema/users';
import { subjectOf } from '../../lib/tokens';

/** The invoice page reads one answer: in at most three statements, the session's included, the same for every role that may see it. */

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let t: TestApp;
let courierId: number;
let customerId: number;
const tokens: Record<'admin' | 'manager' | 'staff' | 'superAdmin' | 'customer' | 'otherCustomer' | 'secondAdmin', string> = {
  admin: '',
  manager: '',
  staff: '',
  superAdmin: '',
  customer: '',
  otherCustomer: '',
  secondAdmin: '',
};
/** A voided invoice, and the paid, collected one that replaced it. */
let voided: { invoiceNo: string; packageIds: number[] };
let paid: { invoiceNo: string; totalCents: number };

const sign = async (kind: 'user' | 'customer', id: number, role: string, cId: number | null) =>
  (await t.ctx.tokens.sign({ sub: subjectOf(kind, id), role: role as 'staff', type: 'access', courierId: cId }, 3600)).token;

async function ok(method: 'POST' | 'PUT', url: string, token: string, payload?: object) {
  const res = await t.api(method, url, token, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

async function readyPackage(n: number, weightLb: number, declaredValueUsdCents: number) {
  const [row] = await t.db
    .insert(packages)
    .values({
      courierId,
      packageNumber: `PKG-D${n}`,
      trackingNumber: `1ZDETAIL${n}`,
      customerId,
      description: `Parcel ${n}`,
      status: 'ready_for_pickup',
      weightLb,
      declaredValueUsdCents,
      readyAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('package insert failed');
  return row;
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  const [customer] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!courier || !customer) throw new Error('no demo courier');
  courierId = courier.id;
  customerId = customer.id;
  const byEmail = async (email: string) => {
    const [u] = await t.db.select().from(users).where(eq(users.email, email));
    if (!u) throw new Error(`no user ${email}`);
    return sign('user', u.id, u.role, u.courierId);
  };
  tokens.admin = await byEmail('admin@jamaicaexpress.test');
  tokens.manager = await byEmail('manager@jamaicaexpress.test');
  tokens.staff = await byEmail('staff@jamaicaexpress.test');
  tokens.superAdmin = await byEmail('superadmin@courierportal.test');
  tokens.customer = await sign('customer', customerId, 'customer', courierId);
  const [other] = await t.db
    .insert(customers)
    .values({ courierId, mailboxNumber: 'JXP-19998', firstName: 'Other', lastName: 'Person', email: 'other@d.test', passwordHash: 'x' })
    .returning();
  tokens.otherCustomer = await sign('customer', other?.id ?? 0, 'customer', courierId);

  // Two packages, one over the duty threshold; customs assesses it, the invoice is voided and re-issued.
  const big = await readyPackage(1, 3.2, 300_00);
  const small = await readyPackage(2, 1, 20_00);
  const issued = await ok('POST', '/invoices', tokens.manager, { customerId, packageIds: [small.id, big.id] });
  await ok('PUT', `/invoices/${issued.invoiceNo}/customs`, tokens.manager, { packageId: big.id, assessedCents: 2500_00 });
  await ok('POST', `/invoices/${issued.invoiceNo}/void`, tokens.manager, { reason: 'Wrong weight' });
  voided = { invoiceNo: issued.invoiceNo, packageIds: [big.id, small.id] };
  const reissued = await ok('POST', `/invoices/${issued.invoiceNo}/reissue`, tokens.manager);
  await ok('PUT', `/invoices/${reissued.invoiceNo}/customs`, tokens.manager, { packageId: big.id, assessedCents: 1800_00 });
  await ok('PUT', `/invoices/${reissued.invoiceNo}/customs`, tokens.manager, { packageId: big.id, assessedCents: null });
  const [row] = await t.db.select().from(invoices).where(eq(invoices.invoiceNo, reissued.invoiceNo));
  const totalCents = row?.totalCents ?? 0;
  // Paid in two receipts, then collected at the counter.
  await ok('POST', '/payments', tokens.staff, { method: 'cash', allocations: [{ invoiceNo: reissued.invoiceNo, amountCents: 1000_00 }] });
  await ok('POST', '/payments', tokens.staff, {
    method: 'card',
    reference: 'AUTH-77',
    allocations: [{ invoiceNo: reissued.invoiceNo, amountCents: totalCents - 1000_00 }],
  });
  await ok('POST', `/collections/${reissued.invoiceNo}`, tokens.staff, { collectorName: 'Kim W', signature: PNG });
  paid = { invoiceNo: reissued.invoiceNo, totalCents };

  // A second courier whose invoice carries the same number.
  const [second] = await t.db.insert(couriers).values({ name: 'Second Courier', code: 'SCD', apiKey: 'ck_second_detail' }).returning();
  const [secondCustomer] = await t.db
    .insert(customers)
    .values({ courierId: second?.id ?? 0, mailboxNumber: 'SCD-10001', firstName: 'S', lastName: 'C', email: 's@d.test', passwordHash: 'x' })
    .returning();
  await t.db.insert(invoices).values({
    courierId: second?.id ?? 0,
    customerId: secondCustomer?.id ?? 0,
    invoiceNo: paid.invoiceNo,
    totalCents: 100,
    exchangeRate: 150,
  });
  const [secondAdmin] = await t.db
    .insert(users)
    .values({ courierId: second?.id, role: 'courier_admin', firstName: 'S', lastName: 'A', email: 'a@scd.test', passwordHash: 'x' })
    .returning();
  tokens.secondAdmin = await sign('user', secondAdmin?.id ?? 0, 'courier_admin', second?.id ?? null);
});
afterAll(async () => t?.close());

async function detail(invoiceNo: string, token: string, query = '') {
  const res = await t.api('GET', `/invoices/${invoiceNo}${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InvoiceDetail;
}

describe('invoice detail', () => {
  // Three, plus the check for storage owed on an open invoice (it is added when the invoice is looked at).
  it('is read in at most four statements, the session included, for every role', async () => {
    for (const [token, query] of [
      [tokens.customer, ''],
      [tokens.admin, ''],
      [tokens.staff, ''],
      [tokens.superAdmin, `?courierId=${courierId}`],
      [tokens.superAdmin, ''],
    ] as const) {
      const { result, statements } = await countStatements(() => t.api('GET', `/invoices/${voided.invoiceNo}${query}`, token));
      expect(result.statusCode, result.body).toBe(200);
      expect(statements.length, statements.join('\n---\n')).toBeLessThanOrEqual(4);
    }
  });

  it('answers every part of a re-issued, customs-assessed, paid and collected invoice', async () => {
    const d = await detail(paid.invoiceNo, tokens.admin);
    expect(d).toMatchObject({
      courierId,
      courierName: 'Jamaica Express Post',
      invoiceNo: paid.invoiceNo,
      customerId,
      customerEmail: 'customer@example.test',
      status: 'paid',
      totalCents: paid.totalCents,
      paidCents: paid.totalCents,
      balanceCents: 0,
      packageCount: 2,
      replacesInvoiceNo: voided.invoiceNo,
      replacedByInvoiceNo: null,
      voidReason: null,
      voidedAt: null,
      collectorName: 'Kim W',
    });
    expect(d.issuedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(d.collectedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Packages by package number; the computed duty beside what customs assessed (assessment withdrawn).
    const packageFields = d.packages.map((p) => [p.packageNumber, p.trackingNumber, p.description, p.weightLb, p.declaredValueUsdCents]);
    expect(packageFields).toEqual([
      ['PKG-D1', '1ZDETAIL1', 'Parcel 1', 3.2, 300_00],
      ['PKG-D2', '1ZDETAIL2', 'Parcel 2', 1, 20_00],
    ]);
    expect(d.packages.map((p) => p.customsAssessedCents)).toEqual([null, null]);
    // PKG-D1: USD 300 at 150 + freight 4 lb 1,850.00 = CIF 46,850.00: duty 20% 9,370.00 + SCF 140.55 +
    // levy 234.25 + GCT on import 15% of 56,594.80 8,489.22 + CAF 2,500.00 + stamp duty 100.00 = 20,834.02;
    // PKG-D2: USD 20, under the de minimis: nothing.
    expect(d.packages.map((p) => p.computedDutyCents)).toEqual([20_834_02, 0]);
    expect(d.packages.every((p) => p.status === 'delivered')).toBe(true);
    expect(d.lines.map((l) => l.kind)).toEqual(expect.arrayContaining(['freight', 'gct', 'customs_duty']));
    expect(d.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(paid.totalCents);
    // Receipts in the order they were paid.
    expect(d.payments.map((p) => [p.method, p.reference, p.amountCents])).toEqual([
      ['cash', null, 1000_00],
      ['card', 'AUTH-77', paid.totalCents - 1000_00],
    ]);
    expect(d.payments[0]?.receiptNo).not.toBe(d.payments[1]?.receiptNo);
    // Customs history in the order it was assessed, with who did it.
    expect(d.customsHistory.map((h) => [h.packageNumber, h.assessedBeforeCents, h.assessedCents, h.computedCents])).toEqual([
      ['PKG-D1', 2500_00, 1800_00, 20_834_02],
      ['PKG-D1', 1800_00, null, 20_834_02],
    ]);
    const [manager] = await t.db.select().from(users).where(eq(users.email, 'manager@jamaicaexpress.test'));
    expect(d.customsHistory.map((h) => h.byName)).toEqual([
      `${manager?.firstName} ${manager?.lastName}`,
      `${manager?.firstName} ${manager?.lastName}`,
    ]);
    expect(d.bankDetails.length).toBeGreaterThan(0);

    const old = await detail(voided.invoiceNo, tokens.admin);
    expect(old).toMatchObject({ status: 'void', voidReason: 'Wrong weight', balanceCents: 0, replacedByInvoiceNo: paid.invoiceNo });
    expect(old.voidedAt).toMatch(/Z$/);
    expect(old.customsHistory.map((h) => h.assessedCents)).toEqual([2500_00]);
    expect(old.payments).toEqual([]);
    expect(old.collectorName).toBeNull();
  });

  it('gives the customer, staff, an admin and the super admin the same answer, on every invoice of the courier', async () => {
    const all = await t.db.select().from(invoices).where(eq(invoices.courierId, courierId));
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const inv of all) {
      const owner = await sign('customer', inv.customerId, 'customer', courierId);
      const answers = [
        await detail(inv.invoiceNo, owner),
        await detail(inv.invoiceNo, tokens.admin),
        await detail(inv.invoiceNo, tokens.staff),
        await detail(inv.invoiceNo, tokens.superAdmin, `?courierId=${courierId}`),
      ];
      if (inv.invoiceNo !== paid.invoiceNo) answers.push(await detail(inv.invoiceNo, tokens.superAdmin));
      for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
      // The summary part is what the invoice list says of it.
      const list = (await t.api('GET', `/invoices?search=${inv.invoiceNo}`, tokens.admin)).json();
      const { courierName, timeZone, ...summary } = list.data.find((s: { invoiceNo: string }) => s.invoiceNo === inv.invoiceNo);
      expect(answers[0]).toMatchObject({ ...summary, courierName, timeZone });
    }
  });

  it('keeps each invoice to those who may see it', async () => {
    expect((await t.api('GET', `/invoices/${voided.invoiceNo}`, tokens.otherCustomer)).statusCode).toBe(404);
    // The second courier's admin sees its own invoice of that number, never the first courier's.
    const own = await detail(paid.invoiceNo, tokens.secondAdmin);
    expect(own).toMatchObject({ customerName: 'S C', totalCents: 100, packages: [], payments: [], lines: [] });
    expect((await t.api('GET', `/invoices/${voided.invoiceNo}`, tokens.secondAdmin)).statusCode).toBe(404);
    // Two couriers hold the number: the super admin must name the courier.
    expect((await t.api('GET', `/invoices/${paid.invoiceNo}`, tokens.superAdmin)).statusCode).toBe(404);
    expect((await detail(paid.invoiceNo, tokens.superAdmin, `?courierId=${courierId}`)).customerId).toBe(customerId);
  });
});
