import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_STATUSES } from '@courier/shared/constants/packages';
import { makeCourier, makeCustomer } from '../../../test/fixtures/comms';
import { referenceReport } from '../../../test/fixtures/report-reference';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { branches } from '../../db/schema/branches';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { paymentRefunds } from '../../db/schema/online-payments';
import { packages } from '../../db/schema/packages';
import { payments } from '../../db/schema/payments';
import { buildReport } from './reports.service';

/**
 * The report's grouped queries answer, figure for figure, what one plain query per table answers
 * (test/fixtures/report-reference.ts), for one courier and for the whole platform, by day, week
 * and month: packages of every status over two months, invoices (void ones too) with ready
 * packages waiting 0 to 90 days, customers tied on what they were invoiced, payments of every kind
 * at two branches and refunds in cash and to credit.
 */
let t: TestApp;
const courierIds: number[] = [];
const NOW = new Date();
const DAY = 86_400_000;
const ago = (days: number, hours = 0) => new Date(NOW.getTime() - days * DAY - hours * 3_600_000);
/** Invoice ages in days, either side of each ageing bucket's edge. */
const AGES = [0.2, 15.5, 16.2, 30.5, 31.1, 60.5, 61.2, 90, 3, 45, 22];
const day = (offset: number) => new Date(NOW.getTime() + offset * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  const tag = Date.now().toString().slice(-5);
  for (const [c, code] of [`RF${tag}A`, `RF${tag}B`].entries()) {
    const courier = await makeCourier(t, code);
    courierIds.push(courier.id);
    const branchRows = await t.db
      .insert(branches)
      .values([
        { courierId: courier.id, name: 'Kingston', code: 'K' },
        { courierId: courier.id, name: 'Ocho Rios', code: 'O' },
      ])
      .returning();
    const customerRows: Array<{ id: number }> = [];
    for (let i = 0; i < 14; i++) customerRows.push(await makeCustomer(t, courier.id, { branchId: branchRows[i % 2]?.id }));
    const pkgRows = await t.db
      .insert(packages)
      .values(
        Array.from({ length: 90 }, (_, i) => {
          const status = PACKAGE_STATUSES[(i * 5 + c) % PACKAGE_STATUSES.length] ?? 'received';
          return {
            courierId: courier.id,
            packageNumber: `PKG-${code}-${i}`,
            trackingNumber: `1Z${code}${i}`,
            customerId: customerRows[i % 14]?.id,
            status,
            weightLb: 1 + (i % 5),
            receivedAt: ago(i * 0.7, i % 24),
            readyAt: status === 'ready_for_pickup' ? ago(i % 40) : null,
          };
        }),
      )
      .returning({ id: packages.id, status: packages.status });
    const invoiceRows = await t.db
      .insert(invoices)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          courierId: courier.id,
          customerId: customerRows[i % 12]?.id ?? 0,
          invoiceNo: `INV-${code}-${i}`,
          // Customers 0 to 3 tie on what they were invoiced; some are paid in part.
          totalCents: i % 12 < 4 ? 50_000 : 10_000 + i * 1_013,
          paidCents: i % 3 === 0 ? 5_000 : 0,
          status: i % 9 === 8 ? ('void' as const) : ('unpaid' as const),
          exchangeRate: 150,
          issuedAt: ago(AGES[i % AGES.length] ?? 0),
        })),
      )
      .returning({ id: invoices.id });
    const ready = pkgRows.filter((p) => p.status === 'ready_for_pickup');
    await t.db
      .insert(invoicePackages)
      .values(
        pkgRows.slice(0, 40).map((p, i) => ({
          courierId: courier.id,
          invoiceId: invoiceRows[i % invoiceRows.length]?.id ?? 0,
          packageId: (i % 2 === 0 ? ready[i % ready.length] : p)?.id ?? p.id,
        })),
        // Ready packages on several invoices: each invoice still counts once.
      )
      .onConflictDoNothing();
    const methods = ['cash', 'card', 'account_credit', 'online'] as const;
    const paymentRows = await t.db
      .insert(payments)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          courierId: courier.id,
          customerId: customerRows[i % 14]?.id ?? 0,
          receiptNo: `RCT-${code}-${i}`,
          amountCents: 2_000 + i * 517,
          method: methods[i % methods.length] ?? 'cash',
          test: i % 7 === 6,
          branchId: i % 5 === 4 ? null : branchRows[i % 2]?.id,
          paidAt: ago(i * 1.9, i),
        })),
      )
      .returning({ id: payments.id });
    await t.db.insert(paymentRefunds).values(
      [0, 4, 8, 12].map((n, i) => ({
        courierId: courier.id,
        creditNoteNo: `CN-${code}-${n}`,
        paymentId: paymentRows[n]?.id ?? 0,
        invoiceId: invoiceRows[n]?.id ?? 0,
        amountCents: 1_000 + n,
        reason: 'Overcharged',
        toCredit: i % 2 === 1,
        createdAt: ago(n * 1.5),
      })),
    );
  }
});
afterAll(async () => t?.close());

describe('the report answers what one plain query per table answers', () => {
  const ranges = [
    { from: day(-30), to: day(0), granularity: 'day' as const },
    { from: day(-70), to: day(0), granularity: 'week' as const },
    { from: day(-100), to: day(5), granularity: 'month' as const },
    { from: day(-3), to: day(-1), granularity: 'day' as const },
  ];
  for (const range of ranges) {
    it(`${range.granularity}s from ${range.from} to ${range.to}, each courier and the platform`, async () => {
      for (const courierId of [...courierIds, null]) {
        const options = { ...range, courierId, timeZone: 'America/Jamaica', now: NOW };
        const report = await buildReport(t.db, options);
        expect(report, `courier ${courierId}`).toEqual(await referenceReport(t.db, options));
        // The data reach every table, so an empty answer cannot pass for a right one.
        if (range.granularity !== 'day' || range.from === day(-30)) {
          expect(report.topCustomers.length).toBeGreaterThan(0);
          expect(report.packagesByStatus.length, JSON.stringify(report.packagesByStatus)).toBeGreaterThan(3);
          expect(report.ageing.some((a) => a.count > 0)).toBe(true);
        }
      }
    });
  }
});
