import { type AnyColumn, type SQL, and, count, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { PACKAGE_STATUS_LABELS, type PackageStatus } from '@courier/shared/constants/packages';
import { paymentMethodLine } from '@courier/shared/constants/billing';
import type { Report, ReportName } from '@courier/shared/schemas/billing';
import { reportPeriods } from '@courier/shared/domain/report-periods';
import { DEFAULT_TIME_ZONE, dayBoundsInZone, isValidTimeZone } from '@courier/shared/domain/datetime';
import type { Db } from '../../db/client';
import { localTimeIn } from '../../lib/courier-zone';
import { ofCourier } from '../../lib/courier-scope';
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

const AGEING_BUCKETS = ['0-15 days', '16-30 days', '31-60 days', 'Over 60 days'] as const;

/**
 * Uncollected ageing: invoices (issued when their packages became ready) whose packages still wait
 * at the branch, by whole days since issue as of `now`, counted per bucket (up to 15, 30, 60, more).
 * It starts from the few ready packages (a partial index) and finds their invoice links by package.
 */
function uncollectedAgeing(db: Db, courierId: number | null, now: Date) {
  // floor(days since issue) <= n exactly when it was issued after now - (n + 1) days.
  const after = (n: number) => sql`${invoices.issuedAt} > ${new Date(now.getTime() - (n + 1) * 86_400_000).toISOString()}::timestamptz`;
  const bucket = sql<number>`(case when ${after(15)} then 0 when ${after(30)} then 1 when ${after(60)} then 2 else 3 end)`;
  const waiting = sql`select ip.invoice_id from ${packages} p join ${invoicePackages} ip
    on ip.courier_id = p.courier_id and ip.package_id = p.id where p.status = 'ready_for_pickup'`;
  return (
    db
      .select({ bucket, count: count(), balanceCents: sumCents(sql`${invoices.totalCents} - ${invoices.paidCents}`) })
      .from(invoices)
      .where(
        and(
          courierId === null ? undefined : eq(invoices.courierId, courierId),
          ne(invoices.status, 'void'),
          courierId === null ? sql`${invoices.id} in (${waiting})` : sql`${invoices.id} in (${waiting} and p.courier_id = ${courierId})`,
        ),
      )
      // By position: the bucket's expression carries parameters, which GROUP BY would see as new ones.
      .groupBy(sql`1`)
  );
}

/**
 * The ten customers invoiced most in the range (ties by mailbox number): invoices summed per
 * customer first, then only the leaders (and whoever ties the tenth) are joined to their names.
 */
async function topCustomers(db: Db, where: SQL | undefined) {
  const result = (await db.execute(sql`
    select ${customers.firstName} || ' ' || ${customers.lastName} as customer, ${customers.mailboxNumber} as mailbox_number,
      sums.invoiced_cents, sums.paid_cents
    from (
      select ${invoices.customerId} as customer_id, ${sumCents(invoices.totalCents)} as invoiced_cents,
        ${sumCents(invoices.paidCents)} as paid_cents
      from ${invoices} where ${where} group by ${invoices.customerId}
      order by invoiced_cents desc fetch first 10 rows with ties
    ) sums join ${customers} on ${customers.id} = sums.customer_id
    order by sums.invoiced_cents desc, ${customers.mailboxNumber} limit 10`)) as unknown as {
    rows: Array<{ customer: string; mailbox_number: string; invoiced_cents: string | number; paid_cents: string | number }>;
  };
  return result.rows.map((r) => ({
    customer: r.customer,
    mailboxNumber: r.mailbox_number,
    invoicedCents: Number(r.invoiced_cents),
    paidCents: Number(r.paid_cents),
  }));
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
  // Every courier's packages as a list of couriers, so the (courier, received) index serves the platform too.
  const pkgScope = ofCourier(packages.courierId, o.courierId);
  const invPeriod = periodOf(invoices.issuedAt, o.granularity, zone);
  const payPeriod = periodOf(payments.paidAt, o.granularity, zone);
  const receivedDay = periodOf(packages.receivedAt, 'day', zone);
  const refundPeriod = periodOf(paymentRefunds.createdAt, o.granularity, zone);
  const invoicedSum = sumCents(invoices.totalCents);

  const [invoicedRows, collectedRows, refundedRows, byMethod, byBranch, received, ageingRows, top] = await Promise.all([
    // Invoiced per period and what is still owed on them, in one pass.
    db
      .select({ period: invPeriod, cents: invoicedSum, owed: sumCents(sql`${invoices.totalCents} - ${invoices.paidCents}`) })
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
    // Packages received, by status and day at once: both tables are sums of these rows.
    db
      .select({ status: packages.status, day: receivedDay, count: count() })
      .from(packages)
      .where(and(pkgScope, gte(packages.receivedAt, start), lt(packages.receivedAt, end)))
      .groupBy(packages.status, receivedDay),
    uncollectedAgeing(db, o.courierId, now),
    topCustomers(db, inv()),
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
  const receivedBy = new Map<string, number>();
  const statusCount = new Map<string, number>();
  for (const r of received) {
    receivedBy.set(r.day, (receivedBy.get(r.day) ?? 0) + r.count);
    statusCount.set(r.status, (statusCount.get(r.status) ?? 0) + r.count);
  }
  const byStatus = [...statusCount].map(([status, n]) => ({ status, count: n }));
  const packagesReceived = reportPeriods(o.from, o.to, 'day').map((day) => ({ day, count: receivedBy.get(day) ?? 0 }));
  const ageing = AGEING_BUCKETS.map((bucket, i) => {
    const row = ageingRows.find((r) => r.bucket === i);
    return { bucket, count: row?.count ?? 0, balanceCents: row?.balanceCents ?? 0 };
  });

  return {
    from: o.from,
    to: o.to,
    granularity: o.granularity,
    totals: {
      invoicedCents: revenue.reduce((s, r) => s + r.invoicedCents, 0),
      collectedCents: revenue.reduce((s, r) => s + r.collectedCents, 0),
      outstandingCents: invoicedRows.reduce((sum, r) => sum + r.owed, 0),
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
