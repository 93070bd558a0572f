import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@courier/shared/messages';
import { BILLING_MESSAGES } from '@courier/shared/schemas/billing';
import { type TestApp, buildTestApp, seedDemoData } from '../../../test/helper';
import { auditLog } from '../../db/schema/audit-log';
import { courierFeeSettings, processingFees } from '../../db/schema/courier-fees';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { emailOutbox } from '../../db/schema/email';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import { subjectOf } from '../../lib/tokens';
import { adoptLegacyFees } from '../fees/coded-fees.service';

let t: TestApp;
let courierId: number;
let customerId: number;
let otherCustomerId: number;
let tokens: Record<string, string>;
let pkgSeq = 0;

async function sign(kind: 'user' | 'customer', id: number, role: string, cId: number | null) {
  const { token } = await t.ctx.tokens.sign({ sub: subjectOf(kind, id), role: role as 'staff', type: 'access', courierId: cId }, 3600);
  return token;
}

async function readyPackage(cId: number, custId: number, weightLb: number, declaredValueUsdCents = 0) {
  pkgSeq += 1;
  const [row] = await t.db
    .insert(packages)
    .values({
      courierId: cId,
      packageNumber: `PKG-T${pkgSeq}`,
      trackingNumber: `1ZTEST${pkgSeq}`,
      customerId: custId,
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
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
  // Known fees for exact totals, whatever the demo seed holds.
  const fees = { gctTenthsPercent: 165, unknownFeeCents: 500_00, uncollectedFeeCents: 300_00, switchingFeeCents: 200_00 };
  await t.db
    .insert(courierFeeSettings)
    .values({ courierId, ...fees })
    .onConflictDoUpdate({ target: courierFeeSettings.courierId, set: fees });
  await t.db.delete(processingFees).where(eq(processingFees.courierId, courierId));
  await adoptLegacyFees(t.db, courierId);
  const [cust] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!cust) throw new Error('no demo customer');
  customerId = cust.id;
  const [other] = await t.db
    .insert(customers)
    .values({
      courierId,
      mailboxNumber: 'JXP-19999',
      firstName: 'Other',
      lastName: 'Person',
      email: 'other@example.test',
      passwordHash: 'x',
    })
    .returning();
  if (!other) throw new Error('customer insert failed');
  otherCustomerId = other.id;

  // A second courier with its own admin, to prove tenants stay apart.
  const [second] = await t.db.insert(couriers).values({ name: 'Second Courier', code: 'SEC', apiKey: 'ck_second_test' }).returning();
  if (!second) throw new Error('courier insert failed');
  const [secondAdmin] = await t.db
    .insert(users)
    .values({
      courierId: second.id,
      role: 'courier_admin',
      firstName: 'Sam',
      lastName: 'Second',
      email: 'admin@second.test',
      passwordHash: 'x',
    })
    .returning();
  if (!secondAdmin) throw new Error('user insert failed');

  const byEmail = async (email: string) => {
    const [u] = await t.db.select().from(users).where(eq(users.email, email));
    if (!u) throw new Error(`no user ${email}`);
    return sign('user', u.id, u.role, u.courierId);
  };
  // A staff role without payments_view.
  const [limited] = await t.db
    .insert(roles)
    .values({ courierId, name: 'Warehouse', permissions: ['packages_view', 'invoices_view'] })
    .returning();
  const [limitedUser] = await t.db
    .insert(users)
    .values({
      courierId,
      role: 'staff',
      roleId: limited?.id,
      firstName: 'Lim',
      lastName: 'Ited',
      email: 'limited@jamaicaexpress.test',
      passwordHash: 'x',
    })
    .returning();
  tokens = {
    admin: await byEmail('admin@jamaicaexpress.test'),
    manager: await byEmail('manager@jamaicaexpress.test'),
    staff: await byEmail('staff@jamaicaexpress.test'),
    superAdmin: await byEmail('superadmin@courierportal.test'),
    secondAdmin: await sign('user', secondAdmin.id, 'courier_admin', second.id),
    limited: await sign('user', limitedUser?.id ?? 0, 'staff', courierId),
    customer: await sign('customer', customerId, 'customer', courierId),
    otherCustomer: await sign('customer', otherCustomerId, 'customer', courierId),
  };
});
afterAll(async () => t?.close());

async function issue(weights: number[], declared: number[] = []) {
  const pkgs = [];
  for (const [i, w] of weights.entries()) pkgs.push(await readyPackage(courierId, customerId, w, declared[i] ?? 0));
  const res = await t.api('POST', '/invoices', tokens.manager ?? '', { customerId, packageIds: pkgs.map((p) => p.id) });
  expect(res.statusCode, res.body).toBe(201);
  return { invoiceNo: res.json().invoiceNo as string, totalCents: res.json().totalCents as number, pkgs };
}

describe('issuing an invoice', () => {
  it('numbers invoices per courier and charges to the cent', async () => {
    // 3.2 lb -> 4 lb freight 1850.00; GCT 16.5% = 305.25; USD 200 at 150 + freight = CIF 31,850.00:
    // duty 20% 6,370.00 + SCF 0.3% 95.55 + levy 0.5% 159.25 + GCT on import 15% of 38,474.80 5,771.22
    // + CAF 2,500.00 + stamp duty 100.00 = 14,996.02
    const { invoiceNo, totalCents, pkgs } = await issue([3.2], [200_00]);
    expect(invoiceNo).toMatch(/^INV-\d{6}$/);
    expect(totalCents).toBe(1850_00 + 305_25 + 14_996_02);

    const res = await t.api('GET', `/invoices/${invoiceNo}`, tokens.staff ?? '');
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.status).toBe('unpaid');
    expect(detail.balanceCents).toBe(totalCents);
    expect(detail.lines.map((l: { kind: string; amountCents: number }) => [l.kind, l.amountCents])).toEqual([
      ['freight', 1850_00],
      ['gct', 305_25],
      ['customs_duty', 6370_00],
      ['customs_duty', 95_55],
      ['customs_duty', 159_25],
      ['customs_duty', 5771_22],
      ['customs_duty', 2500_00],
      ['customs_duty', 100_00],
    ]);
    expect(detail.packages.map((p: { id: number }) => p.id)).toEqual([pkgs[0]?.id]);
    expect(detail.bankDetails).toEqual([
      'Bank: National Commercial Bank Jamaica',
      'Branch: May Pen',
      'Account name: Jamaica Express Post Ltd',
      'Account number: 354-123-456',
      'Account type: Savings (JMD)',
    ]);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'customer@example.test'));
    expect(mail?.subject).toMatch(new RegExp(`^[^:]+: Package ready for pickup: invoice ${invoiceNo}, JMD 17,151\\.27 due$`));
    // A link to the invoice's page (with its PDF), not just "under Invoices in your account".
    expect(mail?.textBody).toMatch(new RegExp(`https?://[^\\s]+/customer/invoices/${invoiceNo}\\b`));
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.entityId, invoiceNo)));
    expect(audits.map((a) => a.action)).toContain('invoice.issued');
  });

  it('refuses a package already on a live invoice, and packages that are not ready', async () => {
    const { invoiceNo, pkgs } = await issue([1]);
    const again = await t.api('POST', '/invoices', tokens.manager ?? '', { customerId, packageIds: [pkgs[0]?.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BILLING_MESSAGES.packageAlreadyInvoiced(pkgs[0]?.packageNumber ?? '', invoiceNo));
    const notReady = await readyPackage(courierId, customerId, 1);
    await t.db.update(packages).set({ status: 'in_transit' }).where(eq(packages.id, notReady.id));
    const res = await t.api('POST', '/invoices', tokens.manager ?? '', { customerId, packageIds: [notReady.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(BILLING_MESSAGES.packagesNotReady);
  });

  it('lists who has ready packages to invoice, and their packages', async () => {
    const pkg = await readyPackage(courierId, customerId, 2);
    const who = (await t.api('GET', '/invoices/billable-customers', tokens.manager ?? '')).json();
    expect(who.map((c: { customerId: number }) => c.customerId)).toContain(customerId);
    const list = (await t.api('GET', `/invoices/billable-packages?customerId=${customerId}`, tokens.manager ?? '')).json();
    expect(list.map((p: { id: number }) => p.id)).toContain(pkg.id);
    const foreign = (await t.api('GET', '/invoices/billable-customers', tokens.secondAdmin ?? '')).json();
    expect(foreign).toEqual([]);
    expect((await t.api('GET', '/invoices/billable-customers', tokens.staff ?? '')).statusCode).toBe(403);
  });

  it('replaces the computed duty with the customs assessment', async () => {
    const { invoiceNo, pkgs } = await issue([1], [300_00]);
    const res = await t.api('PUT', `/invoices/${invoiceNo}/customs`, tokens.manager ?? '', {
      packageId: pkgs[0]?.id,
      assessedCents: 2500_00,
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await t.api('GET', `/invoices/${invoiceNo}`, tokens.manager ?? '')).json();
    expect(detail.customsCents).toBe(2500_00);
    expect(detail.totalCents).toBe(650_00 + 107_25 + 2500_00);
  });
});

describe('payments', () => {
  it('takes an invoice in two parts, then refuses an overpayment', async () => {
    const { invoiceNo, totalCents } = await issue([2]);
    const first = await t.api('POST', '/payments', tokens.staff ?? '', {
      method: 'cash',
      allocations: [{ invoiceNo, amountCents: 500_00 }],
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().receiptNo).toMatch(/^RCT-\d{6}$/);
    let detail = (await t.api('GET', `/invoices/${invoiceNo}`, tokens.staff ?? '')).json();
    expect(detail.status).toBe('partially_paid');
    expect(detail.balanceCents).toBe(totalCents - 500_00);

    const over = await t.api('POST', '/payments', tokens.staff ?? '', {
      method: 'card',
      allocations: [{ invoiceNo, amountCents: totalCents }],
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(BILLING_MESSAGES.overpayment(invoiceNo, ((totalCents - 500_00) / 100).toFixed(2)));

    const rest = await t.api('POST', '/payments', tokens.staff ?? '', {
      method: 'bank_transfer',
      reference: 'NCB-778',
      allocations: [{ invoiceNo, amountCents: totalCents - 500_00 }],
    });
    expect(rest.statusCode, rest.body).toBe(201);
    detail = (await t.api('GET', `/invoices/${invoiceNo}`, tokens.customer ?? '')).json();
    expect(detail.status).toBe('paid');
    expect(detail.balanceCents).toBe(0);
    expect(detail.payments).toHaveLength(2);

    const receipt = await t.api('GET', `/payments/${rest.json().receiptNo}/receipt`, tokens.customer ?? '');
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const history = (await t.api('GET', '/payments', tokens.customer ?? '')).json();
    expect(history.data.map((p: { receiptNo: string }) => p.receiptNo)).toContain(rest.json().receiptNo);
    // Staff see one customer's payments on the customer page; another customer id matches none.
    const byCustomer = async (id: number) =>
      (
        await t.api(
          'GET',
          `/payments?limit=100&filters=${encodeURIComponent(JSON.stringify({ customerId: String(id) }))}`,
          tokens.manager ?? '',
        )
      ).json();
    const theirs = await byCustomer(customerId);
    expect(theirs.data.map((p: { receiptNo: string }) => p.receiptNo)).toContain(rest.json().receiptNo);
    expect(theirs.data.every((p: { customerId: number }) => p.customerId === customerId)).toBe(true);
    expect((await byCustomer(customerId + 100_000)).total).toBe(0);
  });

  it('spreads one payment over two invoices', async () => {
    const a = await issue([1]);
    const b = await issue([1]);
    const res = await t.api('POST', '/payments', tokens.staff ?? '', {
      method: 'cash',
      allocations: [
        { invoiceNo: a.invoiceNo, amountCents: a.totalCents },
        { invoiceNo: b.invoiceNo, amountCents: 100_00 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().amountCents).toBe(a.totalCents + 100_00);
    expect((await t.api('GET', `/invoices/${a.invoiceNo}`, tokens.staff ?? '')).json().status).toBe('paid');
    expect((await t.api('GET', `/invoices/${b.invoiceNo}`, tokens.staff ?? '')).json().status).toBe('partially_paid');
  });

  it('asks for a reference on a bank transfer', async () => {
    const { invoiceNo } = await issue([1]);
    const res = await t.api('POST', '/payments', tokens.staff ?? '', {
      method: 'bank_transfer',
      allocations: [{ invoiceNo, amountCents: 100 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.reference).toEqual([BILLING_MESSAGES.referenceRequired]);
  });

  it('refuses staff without payments_view', async () => {
    const res = await t.api('GET', '/payments', tokens.limited ?? '');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(API_MESSAGES.forbidden);
  });

  it('records the end-of-day cash-up with its difference', async () => {
    const [manager] = await t.db.select().from(users).where(eq(users.email, 'manager@jamaicaexpress.test'));
    const branchId = manager?.branchId ?? 0;
    const today = new Date(Date.now() - 5 * 3600 * 1000).toISOString().slice(0, 10);
    const expected = (await t.api('GET', `/payments/cash-up?branchId=${branchId}&date=${today}`, tokens.manager ?? '')).json();
    expect(expected.expectedCashCents).toBeGreaterThan(0);
    const res = await t.api('POST', '/payments/cash-up', tokens.manager ?? '', {
      branchId,
      date: today,
      countedCashCents: expected.expectedCashCents - 100_00,
      countedCardCents: expected.expectedCardCents,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().recorded.differenceCents).toBe(-100_00);
    const again = await t.api('POST', '/payments/cash-up', tokens.manager ?? '', {
      branchId,
      date: today,
      countedCashCents: 0,
      countedCardCents: 0,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('void and re-issue', () => {
  it('voids with a reason and re-issues the packages on a new number', async () => {
    const { invoiceNo, pkgs } = await issue([5]);
    const noReason = await t.api('POST', `/invoices/${invoiceNo}/void`, tokens.manager ?? '', { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const staffTry = await t.api('POST', `/invoices/${invoiceNo}/void`, tokens.staff ?? '', { reason: 'Wrong weight' });
    expect(staffTry.statusCode).toBe(403);
    const res = await t.api('POST', `/invoices/${invoiceNo}/void`, tokens.manager ?? '', { reason: 'Wrong weight' });
    expect(res.statusCode, res.body).toBe(200);
    const voided = (await t.api('GET', `/invoices/${invoiceNo}`, tokens.manager ?? '')).json();
    expect(voided).toMatchObject({ status: 'void', voidReason: 'Wrong weight', balanceCents: 0 });
    const pay = await t.api('POST', '/payments', tokens.staff ?? '', { method: 'cash', allocations: [{ invoiceNo, amountCents: 100 }] });
    expect(pay.statusCode).toBe(422);

    const re = await t.api('POST', `/invoices/${invoiceNo}/reissue`, tokens.manager ?? '');
    expect(re.statusCode, re.body).toBe(201);
    expect(re.json().invoiceNo).not.toBe(invoiceNo);
    const fresh = (await t.api('GET', `/invoices/${re.json().invoiceNo}`, tokens.manager ?? '')).json();
    expect(fresh.replacesInvoiceNo).toBe(invoiceNo);
    expect(fresh.packages.map((p: { id: number }) => p.id)).toEqual([pkgs[0]?.id]);
  });

  it('refuses to void an invoice with payments', async () => {
    const { invoiceNo } = await issue([1]);
    await t.api('POST', '/payments', tokens.staff ?? '', { method: 'cash', allocations: [{ invoiceNo, amountCents: 100 }] });
    const res = await t.api('POST', `/invoices/${invoiceNo}/void`, tokens.manager ?? '', { reason: 'Oops' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(BILLING_MESSAGES.voidHasPayments);
  });
});

describe('who may see an invoice', () => {
  it("answers 404 for another courier's invoice number and another customer's invoice", async () => {
    const { invoiceNo } = await issue([1]);
    const foreign = await t.api('GET', `/invoices/${invoiceNo}`, tokens.secondAdmin ?? '');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(BILLING_MESSAGES.invoiceNotFound);
    expect((await t.api('GET', `/invoices/${invoiceNo}/pdf`, tokens.secondAdmin ?? '')).statusCode).toBe(404);
    expect((await t.api('POST', `/invoices/${invoiceNo}/void`, tokens.secondAdmin ?? '', { reason: 'x' })).statusCode).toBe(404);
    const pay = await t.api('POST', '/payments', tokens.secondAdmin ?? '', {
      method: 'cash',
      allocations: [{ invoiceNo, amountCents: 100 }],
    });
    expect(pay.statusCode).toBe(404);

    const other = await t.api('GET', `/invoices/${invoiceNo}`, tokens.otherCustomer ?? '');
    expect(other.statusCode).toBe(404);
    const list = (await t.api('GET', '/invoices', tokens.otherCustomer ?? '')).json();
    expect(list.total).toBe(0);
    const own = await t.api('GET', `/invoices/${invoiceNo}/pdf`, tokens.customer ?? '');
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The super admin names the courier.
    const sa = await t.api('GET', `/invoices/${invoiceNo}?courierId=${courierId}`, tokens.superAdmin ?? '');
    expect(sa.statusCode).toBe(200);
  });
});

describe('collection', () => {
  // A 1x1 transparent PNG.
  const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

  it('refuses an unpaid invoice unless a manager permits it, then delivers the packages', async () => {
    const { invoiceNo, pkgs } = await issue([1, 2]);
    const unpaid = await t.api('POST', `/collections/${invoiceNo}`, tokens.staff ?? '', { collectorName: 'Kim W', signature: PNG });
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().message).toMatch(new RegExp(`cannot be released: invoice ${invoiceNo} has JMD`));
    const staffOverride = await t.api('POST', `/collections/${invoiceNo}`, tokens.staff ?? '', {
      collectorName: 'Kim W',
      signature: PNG,
      allowUnpaid: true,
    });
    expect(staffOverride.statusCode).toBe(403);
    const notPng = await t.api('POST', `/collections/${invoiceNo}`, tokens.manager ?? '', {
      collectorName: 'Kim W',
      signature: `data:image/png;base64,${Buffer.from('GIF89a-not-a-png').toString('base64')}`,
      allowUnpaid: true,
    });
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().message).toBe(BILLING_MESSAGES.signatureInvalid);

    const ok = await t.api('POST', `/collections/${invoiceNo}`, tokens.manager ?? '', {
      collectorName: 'Kim W',
      signature: PNG,
      allowUnpaid: true,
      overrideReason: 'Known customer; pays on Friday',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().delivered).toBe(2);
    for (const p of pkgs) {
      const [row] = await t.db.select().from(packages).where(eq(packages.id, p.id));
      expect(row?.status).toBe('delivered');
      const events = await t.db.select().from(packageEvents).where(eq(packageEvents.packageId, p.id));
      expect(events.some((e) => e.status === 'delivered')).toBe(true);
    }
    const detail = (await t.api('GET', `/invoices/${invoiceNo}`, tokens.customer ?? '')).json();
    expect(detail.collectorName).toBe('Kim W');
    const again = await t.api('POST', `/collections/${invoiceNo}`, tokens.manager ?? '', {
      collectorName: 'Kim W',
      signature: PNG,
      allowUnpaid: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BILLING_MESSAGES.alreadyCollected);
  });

  it('lets staff collect a paid invoice', async () => {
    const { invoiceNo, totalCents } = await issue([1]);
    await t.api('POST', '/payments', tokens.staff ?? '', { method: 'cash', allocations: [{ invoiceNo, amountCents: totalCents }] });
    const res = await t.api('POST', `/collections/${invoiceNo}`, tokens.staff ?? '', {
      collectorName: 'Kimberly Williams',
      signature: PNG,
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('reports', () => {
  it('adds up invoiced and collected, exports the same figures as CSV, and is refused without reports_view', async () => {
    const today = new Date(Date.now() - 5 * 3600 * 1000).toISOString().slice(0, 10);
    const res = await t.api('GET', `/reports?from=${today}&to=${today}`, tokens.admin ?? '');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.totals.invoicedCents).toBeGreaterThan(0);
    expect(report.revenue).toHaveLength(1);
    expect(report.paymentsByMethod.map((m: { method: string }) => m.method).sort()).toEqual(['bank_transfer', 'cash']);
    const csv = await t.api('GET', `/reports/csv/revenue?from=${today}&to=${today}`, tokens.admin ?? '');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [, line] = csv.body.trim().split('\r\n');
    expect(line).toBe(
      `${report.revenue[0].period},${(report.revenue[0].invoicedCents / 100).toFixed(2)},${(report.revenue[0].collectedCents / 100).toFixed(2)}`,
    );
    expect((await t.api('GET', `/reports?from=${today}&to=${today}`, tokens.staff ?? '')).statusCode).toBe(403);
    const foreign = (await t.api('GET', `/reports?from=${today}&to=${today}`, tokens.secondAdmin ?? '')).json();
    expect(foreign.totals.invoicedCents).toBe(0);
    const all = (await t.api('GET', `/reports?from=${today}&to=${today}`, tokens.superAdmin ?? '')).json();
    expect(all.totals.invoicedCents).toBe(report.totals.invoicedCents);
    const bad = await t.api('GET', `/reports?from=2026-02-01&to=2026-01-01`, tokens.admin ?? '');
    expect(bad.statusCode).toBe(400);
  });

  it('lists every day of the range, the quiet ones as zero, and the super admin narrows it to one courier', async () => {
    const today = new Date(Date.now() - 5 * 3600 * 1000).toISOString().slice(0, 10);
    const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const week = (await t.api('GET', `/reports?from=${weekAgo}&to=${today}`, tokens.admin ?? '')).json();
    expect(week.revenue.map((r: { period: string }) => r.period)).toHaveLength(7);
    expect(week.revenue[0]).toEqual({ period: weekAgo, invoicedCents: 0, collectedCents: 0 });
    expect(week.revenue.at(-1).period).toBe(today);
    expect(week.packagesReceived).toHaveLength(7);
    const csv = await t.api('GET', `/reports/csv/packages-received?from=${weekAgo}&to=${today}`, tokens.admin ?? '');
    expect(csv.body.trim().split('\r\n')).toHaveLength(8);

    const mine = (await t.api('GET', '/auth/profile', tokens.admin ?? '')).json().courier.id as number;
    const theirs = (await t.api('GET', '/auth/profile', tokens.secondAdmin ?? '')).json().courier.id as number;
    const onlyMine = (await t.api('GET', `/reports?from=${today}&to=${today}&courierId=${mine}`, tokens.superAdmin ?? '')).json();
    expect(onlyMine.totals.invoicedCents).toBe(week.revenue.at(-1).invoicedCents);
    const onlyTheirs = (await t.api('GET', `/reports?from=${today}&to=${today}&courierId=${theirs}`, tokens.superAdmin ?? '')).json();
    expect(onlyTheirs.totals.invoicedCents).toBe(0);
  });
});
