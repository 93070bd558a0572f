import { type AnyColumn, type SQL, and, count, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { PACKAGE_STATUS_LABELS, type PackageStatus } from '@courier/shared/constants/packages';
import { paymentMethodLine } from '@courier/shared/constants/billing';
import type { Report, ReportName } from '@courier/shared/schemas/billing';
import { reportPeriods } from '@courier/shared/domain/report-periods';
import { DEFAULT_TIME_ZONE, dayBoundsInZone, isValidTimeZone } from '@courier/shared/domain/datetime';
import type { Db } from '../../db/client';
import { localTimeIn } from '../../lib/courier-zone';
import { moneyGivenBack, moneyTaken } from '../../lib/money-taken';
import { paymentRefunds } from '../../db/schema/online-payments';
import { sumCents } from '../../lib/sum-cents';
import { branches } from '../../db/schema/branches';
import { customers } from '../../db/schema/customers';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { payments } from '../../db/schema/payments';
import { formatDecimal } from '@courier/shared/format/money';
import { type CsvCell, toCsv } from '../../lib/csv';

/**
 * Reports run in the courier's time zone (`timeZone`, America/Jamaica by default): a "day" is a
 * business day where the courier is, daylight saving included. A null courier is the super
 * admin's view across every courier, in the platform's zone.
 */
export interface ReportOptions {
  courierId: number | null;
  timeZone?: string;
  from: string;
  to: string;
  granularity: 'day' | 'week' | 'month';
  now?: Date;
}

/** The local period a timestamp falls in, as text ('2026-01-05' = that day, that Monday or that month's 1st). */
function periodOf(column: SQL | AnyColumn, granularity: ReportOptions['granularity'], zone: string): SQL<string> {
  const unit = sql.raw(`'${granularity}'`);
  return sql<string>`to_char(date_trunc(${unit}, ${localTimeIn(column, zone)}), 'YYYY-MM-DD')`;
}

export async function buildReport(db: Db, o: ReportOptions): Promise<Report> {
  const zone = o.timeZone && isValidTimeZone(o.timeZone) ? o.timeZone : DEFAULT_TIME_ZONE;
  const start = dayBoundsInZone(o.from, zone).start;
  const end = dayBoundsInZone(o.to, zone).end;
  const now = o.now ?? new Date();
  const inv = (extra: SQL[] = []) =>
    and(
      o.courierId === null ? undefined : eq(invoices.courierId, o.courierId),
      ne(invoices.status, 'void'),
      gte(invoices.issuedAt, start),
      lt(invoices.issuedAt, end),
      ...extra,
    );
  const pay = and(
    o.courierId === null ? undefined : eq(payments.courierId, o.courierId),
    gte(payments.paidAt, start),
    lt(payments.paidAt, end),
  );
  const pkgScope = o.courierId === null ? undefined : eq(packages.courierId, o.courierId);
  const invPeriod = periodOf(invoices.issuedAt, o.granularity, zone);
  const payPeriod = periodOf(payments.paidAt, o.granularity, zone);
  const receivedDay = periodOf(packages.receivedAt, 'day', zone);

  const refundPeriod = periodOf(paymentRefunds.createdAt, o.granularity, zone);

  const [invoicedRows, collectedRows, refundedRows, byMethod, byBranch, byStatus, received, ageingRows, top, [outstanding]] =
    await Promise.all([
      db
        .select({ period: invPeriod, cents: sumCents(invoices.totalCents) })
        .from(invoices)
        .where(inv())
        .groupBy(invPeriod),
      db
        .select({ period: payPeriod, cents: sumCents(payments.amountCents) })
        .from(payments)
        .where(and(pay, moneyTaken()))
        .groupBy(payPeriod),
      // Money given back in the period comes off what was collected.
      db
        .select({ period: refundPeriod, cents: sumCents(paymentRefunds.amountCents) })
        .from(paymentRefunds)
        .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
        .where(
          and(
            o.courierId === null ? undefined : eq(paymentRefunds.courierId, o.courierId),
            gte(paymentRefunds.createdAt, start),
            lt(paymentRefunds.createdAt, end),
            moneyGivenBack(),
          ),
        )
        .groupBy(refundPeriod),
      db
        .select({ method: payments.method, test: payments.test, count: count(), amountCents: sumCents(payments.amountCents) })
        .from(payments)
        .where(pay)
        .groupBy(payments.method, payments.test)
        .orderBy(payments.method, payments.test),
      db
        .select({
          branch: sql<string>`coalesce(${branches.name}, 'No branch')`,
          count: count(),
          amountCents: sumCents(payments.amountCents),
        })
        .from(payments)
        .leftJoin(branches, eq(branches.id, payments.branchId))
        .where(pay)
        .groupBy(branches.name)
        .orderBy(sql`coalesce(${branches.name}, 'No branch')`),
      db
        .select({ status: packages.status, count: count() })
        .from(packages)
        .where(and(pkgScope, gte(packages.receivedAt, start), lt(packages.receivedAt, end)))
        .groupBy(packages.status),
      db
        .select({ day: receivedDay, count: count() })
        .from(packages)
        .where(and(pkgScope, gte(packages.receivedAt, start), lt(packages.receivedAt, end)))
        .groupBy(receivedDay)
        .orderBy(receivedDay),
      // Uncollected ageing: invoices (issued when their packages became ready) whose packages still
      // wait at the branch, by days since issue, as of now.
      db
        .select({
          days: sql<number>`floor(extract(epoch from (${now.toISOString()}::timestamptz - ${invoices.issuedAt})) / 86400)::int`,
          balanceCents: sql<number>`(${invoices.totalCents} - ${invoices.paidCents})::int`,
        })
        .from(invoices)
        .where(
          and(
            o.courierId === null ? undefined : eq(invoices.courierId, o.courierId),
            ne(invoices.status, 'void'),
            sql`exists (select 1 from ${invoicePackages} ip join ${packages} p on p.id = ip.package_id
            where ip.invoice_id = ${invoices.id} and p.status = 'ready_for_pickup')`,
          ),
        ),
      db
        .select({
          customer: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
          mailboxNumber: customers.mailboxNumber,
          invoicedCents: sumCents(invoices.totalCents),
          paidCents: sumCents(invoices.paidCents),
        })
        .from(invoices)
        .innerJoin(customers, eq(customers.id, invoices.customerId))
        .where(inv())
        .groupBy(customers.id)
        .orderBy(desc(sumCents(invoices.totalCents)), customers.mailboxNumber)
        .limit(10),
      db
        .select({ cents: sumCents(sql`${invoices.totalCents} - ${invoices.paidCents}`) })
        .from(invoices)
        .where(inv()),
    ]);

  // Every period of the range is listed, quiet ones as zero, so a chart or CSV never skips a day.
  const invoicedBy = new Map(invoicedRows.map((r) => [r.period, r.cents]));
  const collectedBy = new Map(collectedRows.map((r) => [r.period, r.cents]));
  const refundedBy = new Map(refundedRows.map((r) => [r.period, r.cents]));
  const revenue = reportPeriods(o.from, o.to, o.granularity).map((period) => ({
    period,
    invoicedCents: invoicedBy.get(period) ?? 0,
    // Collected is net of refunds: money taken less money given back.
    collectedCents: (collectedBy.get(period) ?? 0) - (refundedBy.get(period) ?? 0),
  }));
  const receivedBy = new Map(received.map((r) => [r.day, r.count]));
  const packagesReceived = reportPeriods(o.from, o.to, 'day').map((day) => ({ day, count: receivedBy.get(day) ?? 0 }));

  const buckets = [
    { bucket: '0-15 days', max: 15 },
    { bucket: '16-30 days', max: 30 },
    { bucket: '31-60 days', max: 60 },
    { bucket: 'Over 60 days', max: Number.POSITIVE_INFINITY },
  ];
  const ageing = buckets.map((b, i) => {
    const min = i === 0 ? Number.NEGATIVE_INFINITY : (buckets[i - 1]?.max ?? 0);
    const rows = ageingRows.filter((r) => r.days > min && r.days <= b.max);
    return { bucket: b.bucket, count: rows.length, balanceCents: rows.reduce((s, r) => s + r.balanceCents, 0) };
  });

  return {
    from: o.from,
    to: o.to,
    granularity: o.granularity,
    totals: {
      invoicedCents: revenue.reduce((s, r) => s + r.invoicedCents, 0),
      collectedCents: revenue.reduce((s, r) => s + r.collectedCents, 0),
      outstandingCents: outstanding?.cents ?? 0,
    },
    revenue,
    paymentsByMethod: byMethod,
    paymentsByBranch: byBranch,
    packagesByStatus: byStatus.sort((a, b) => b.count - a.count || a.status.localeCompare(b.status)),
    packagesReceived,
    ageing,
    topCustomers: top,
  };
}

/** One report table as CSV, with the same rows and money (JMD, two decimals) as the screen. */
export function reportCsv(report: Report, name: ReportName): Promise<string> {
  let rows: CsvCell[][];
  switch (name) {
    case 'revenue':
      rows = [
        ['Period', 'Invoiced (JMD)', 'Collected (JMD)'],
        ...report.revenue.map((r) => [r.period, formatDecimal(r.invoicedCents), formatDecimal(r.collectedCents)]),
      ];
      break;
    case 'payments-by-method':
      rows = [
        ['Method', 'Payments', 'Amount (JMD)'],
        ...report.paymentsByMethod.map((r) => [paymentMethodLine(r), r.count, formatDecimal(r.amountCents)]),
      ];
      break;
    case 'payments-by-branch':
      rows = [
        ['Branch', 'Payments', 'Amount (JMD)'],
        ...report.paymentsByBranch.map((r) => [r.branch, r.count, formatDecimal(r.amountCents)]),
      ];
      break;
    case 'packages-by-status':
      rows = [
        ['Status', 'Packages'],
        ...report.packagesByStatus.map((r) => [PACKAGE_STATUS_LABELS[r.status as PackageStatus] ?? r.status, r.count]),
      ];
      break;
    case 'packages-received':
      rows = [['Day', 'Packages received'], ...report.packagesReceived.map((r) => [r.day, r.count])];
      break;
    case 'ageing':
      rows = [['Waiting', 'Invoices', 'Balance (JMD)'], ...report.ageing.map((r) => [r.bucket, r.count, formatDecimal(r.balanceCents)])];
      break;
    case 'top-customers':
      rows = [
        ['Customer', 'Mailbox', 'Invoiced (JMD)', 'Paid (JMD)'],
        ...report.topCustomers.map((r) => [r.customer, r.mailboxNumber, formatDecimal(r.invoicedCents), formatDecimal(r.paidCents)]),
      ];
      break;
  }
  const [header = [], ...body] = rows;
  return toCsv(header as string[], body);
}
