import { type ReactNode, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { paymentMethodLine } from '@courier/shared/constants/billing';
import { PACKAGE_STATUS_LABELS, type PackageStatus } from '@courier/shared/constants/packages';
import { REPORT_GRANULARITIES, type ReportName } from '@courier/shared/schemas/billing';
import { CHART_COLOURS, chartAxis, chartGrid, chartTooltip } from '@/components/ui/chart-theme';
import { CsvReportCard } from '@/components/ui/csv-report-card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { TableToggle } from '@/components/ui/table-toggle';
import { CourierFilter } from '@/components/ui/courier-filter';
import { useSession } from '@/lib/session';
import { type ReportRange, useReport } from '@/features/billing/api/reports';
import { MarginReports, TaxReportCard } from '@/features/margin/components/margin-reports';
import { hasPermission } from '@courier/shared/domain/permissions';

import { errorMessage } from '@/lib/api-client';
import { formatAmount, formatJmd, toCents } from '@courier/shared/format/money';
import { type DateFormat, useDateFormat } from '@/lib/format-date';

const GRANULARITY_LABELS = { day: 'Day', week: 'Week', month: 'Month' } as const;
type Granularity = keyof typeof GRANULARITY_LABELS;

/**
 * A report period ('YYYY-MM-DD': the day, its Monday or its month's 1st) as the screen says it, in
 * full or on a chart's axis. `granularity` is the shown report's own, not the select's: the
 * previous report stays on screen while the next one loads.
 */
function periodLabel(dates: DateFormat, period: string, granularity: Granularity, style: 'full' | 'axis'): string {
  if (granularity === 'month') return dates.calendar(period, 'month');
  if (style === 'axis') return dates.calendar(period, 'short');
  // The date itself never breaks across lines; a narrow table breaks after "Week of".
  const day = dates.calendar(period).replaceAll(' ', '\u00a0');
  return granularity === 'week' ? `Week of ${day}` : day;
}
const toJmd = (cents: number) => Math.round(cents) / 100;

function Section({ title, report, range, children }: { title: string; report: ReportName; range: ReportRange; children: ReactNode }) {
  return (
    <CsvReportCard title={title} csvPath={`/reports/csv/${report}`} fileName={report} range={range}>
      {children}
    </CsvReportCard>
  );
}

function Table({ caption, head, rows, testId }: { caption: string; head: string[]; rows: ReactNode[][]; testId?: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">No data available</p>;
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-500">
            {head.map((h, i) => (
              <th key={h} className={`py-2 pr-3 font-medium ${i > 0 ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows are replaced whole, never reordered
            <tr key={row} className="border-b border-slate-100">
              {r.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed-shape row
                <td key={i} className={`py-2 pr-3 ${i > 0 ? 'text-right tabular-nums' : ''}`}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Reports for admins, staff with reports_view and the super admin (every courier). */
export default function ReportsPage() {
  const dates = useDateFormat();
  const [range, setRange] = useState<ReportRange>(() => ({ from: dates.today(-29), to: dates.today(), granularity: 'day' }));
  const report = useReport(range);
  const r = report.data;
  // A period with nothing invoiced or collected says so in a sentence: no chart of zeros, no table of zeros.
  const revenueEmpty = !r || r.revenue.every((p) => p.invoicedCents === 0 && p.collectedCents === 0);
  const invalid = range.from > range.to;
  const { user } = useSession();
  const isSuperAdmin = user?.role.name === 'super_admin';
  // Margin and tax are one courier's: the super admin names the courier first.
  const oneCourier = !isSuperAdmin || range.courierId !== undefined;
  const marginRange = { from: range.from, to: range.to, courierId: range.courierId };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Reports</h1>
        <p className="mt-1 text-sm text-slate-600">Revenue, payments, packages and what waits to be collected, for the dates you choose.</p>
      </div>
      {isSuperAdmin && <CourierFilter value={range.courierId} onChange={(courierId) => setRange((s) => ({ ...s, courierId }))} />}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="From" error={invalid ? 'The start date must not be after the end date' : undefined}>
          <Input type="date" value={range.from} onChange={(e) => e.target.value && setRange((s) => ({ ...s, from: e.target.value }))} />
        </Field>
        <Field label="To">
          <Input type="date" value={range.to} onChange={(e) => e.target.value && setRange((s) => ({ ...s, to: e.target.value }))} />
        </Field>
        <Field label="Group by">
          <Select
            value={range.granularity}
            onChange={(e) => setRange((s) => ({ ...s, granularity: e.target.value as ReportRange['granularity'] }))}
          >
            {REPORT_GRANULARITIES.map((g) => (
              <option key={g} value={g}>
                {GRANULARITY_LABELS[g]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {report.isError && !invalid && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(report.error, 'Could not load the report')}
        </p>
      )}
      {!r ? (
        report.isLoading && <Spinner />
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-3">
            {(
              [
                ['Invoiced', r.totals.invoicedCents],
                ['Collected', r.totals.collectedCents],
                ['Outstanding', r.totals.outstandingCents],
              ] as const
            ).map(([label, cents]) => (
              <div key={label} className="rounded-lg border border-slate-200 bg-white p-4">
                <dt className="text-sm text-slate-500">{label}</dt>
                <dd className="text-xl font-semibold tabular-nums" data-testid={`total-${label.toLowerCase()}`}>
                  {formatJmd(cents)}
                </dd>
              </div>
            ))}
          </dl>

          <Section title="Revenue invoiced and collected" report="revenue" range={range}>
            {revenueEmpty ? (
              <p className="text-sm text-slate-600">No revenue in this period.</p>
            ) : (
              <>
                <div className="h-64" role="img" aria-label="Chart of revenue invoiced and collected per period">
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart
                      data={r.revenue.map((p) => ({
                        period: p.period,
                        Invoiced: toJmd(p.invoicedCents),
                        Collected: toJmd(p.collectedCents),
                      }))}
                    >
                      <CartesianGrid vertical={false} {...chartGrid} />
                      <XAxis
                        dataKey="period"
                        stroke={chartAxis.stroke}
                        tick={chartAxis.tick}
                        tickFormatter={(p: string) => periodLabel(dates, p, r.granularity, 'axis')}
                      />
                      <YAxis stroke={chartAxis.stroke} tick={chartAxis.tick} />
                      <Tooltip
                        {...chartTooltip}
                        formatter={(v) => formatJmd(toCents(Number(v)))}
                        labelFormatter={(p) => periodLabel(dates, String(p), r.granularity, 'full')}
                      />
                      <Legend />
                      <Bar dataKey="Invoiced" fill={CHART_COLOURS[0]} />
                      <Bar dataKey="Collected" fill={CHART_COLOURS[2]} />
                    </BarChart>
                  </ResponsiveContainer>
                </div>
                <TableToggle>
                  <Table
                    caption="Revenue by period"
                    testId="revenue-table"
                    head={['Period', 'Invoiced (JMD)', 'Collected (JMD)']}
                    rows={r.revenue.map((p) => [
                      <time key="period" dateTime={p.period}>
                        {periodLabel(dates, p.period, r.granularity, 'full')}
                      </time>,
                      formatAmount(p.invoicedCents),
                      formatAmount(p.collectedCents),
                    ])}
                  />
                </TableToggle>
              </>
            )}
          </Section>

          <div className="grid gap-6 lg:grid-cols-2">
            <Section title="Payments by method" report="payments-by-method" range={range}>
              <Table
                caption="Payments by method"
                head={['Method', 'Payments', 'Amount (JMD)']}
                rows={r.paymentsByMethod.map((m) => [paymentMethodLine(m), m.count, formatAmount(m.amountCents)])}
              />
            </Section>
            <Section title="Payments by branch" report="payments-by-branch" range={range}>
              <Table
                caption="Payments by branch"
                head={['Branch', 'Payments', 'Amount (JMD)']}
                rows={r.paymentsByBranch.map((b) => [b.branch, b.count, formatAmount(b.amountCents)])}
              />
            </Section>
            <Section title="Packages by status" report="packages-by-status" range={range}>
              <Table
                caption="Packages received in the period by their status now"
                head={['Status', 'Packages']}
                rows={r.packagesByStatus.map((s) => [PACKAGE_STATUS_LABELS[s.status as PackageStatus] ?? s.status, s.count])}
              />
            </Section>
            <Section title="Uncollected ageing" report="ageing" range={range}>
              <Table
                caption="Invoices whose packages wait at the branch, by days since issue"
                head={['Waiting', 'Invoices', 'Balance (JMD)']}
                rows={r.ageing.map((a) => [a.bucket, a.count, formatAmount(a.balanceCents)])}
              />
            </Section>
          </div>

          <Section title="Packages received per day" report="packages-received" range={range}>
            {r.packagesReceived.every((d) => d.count === 0) ? (
              <p className="text-sm text-slate-600">No packages received in this period.</p>
            ) : (
              <div className="h-56" role="img" aria-label="Chart of packages received per day">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={r.packagesReceived.map((d) => ({ day: d.day, Packages: d.count }))}>
                    <CartesianGrid vertical={false} {...chartGrid} />
                    <XAxis
                      dataKey="day"
                      stroke={chartAxis.stroke}
                      tick={chartAxis.tick}
                      tickFormatter={(d: string) => dates.calendar(d, 'short')}
                    />
                    <YAxis allowDecimals={false} stroke={chartAxis.stroke} tick={chartAxis.tick} />
                    <Tooltip {...chartTooltip} labelFormatter={(d) => dates.calendar(String(d))} />
                    <Bar dataKey="Packages" fill={CHART_COLOURS[5]} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            )}
          </Section>

          <Section title="Top customers" report="top-customers" range={range}>
            <Table
              caption="Customers with the most invoiced"
              head={['Customer', 'Mailbox', 'Invoiced (JMD)', 'Paid (JMD)']}
              rows={r.topCustomers.map((c) => [c.customer, c.mailboxNumber, formatAmount(c.invoicedCents), formatAmount(c.paidCents)])}
            />
          </Section>

          {oneCourier && !invalid && <TaxReportCard range={marginRange} />}
          {oneCourier && !invalid && hasPermission(user, 'costs_view') && <MarginReports range={marginRange} />}
        </>
      )}
    </div>
  );
}
