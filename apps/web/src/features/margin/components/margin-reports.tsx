import { formatAmount, formatJmd } from '@courier/shared/format/money';
import { CsvReportCard } from '@/components/ui/csv-report-card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { type MarginRange, useMarginReport, useTaxReport } from '../api/margin';
import { ReportTable } from './report-table';

/** Margin as a share of revenue, one decimal: "12.5%"; a dash without revenue. */
function marginShare(marginCents: number, revenueCents: number): string {
  if (revenueCents <= 0) return '–';
  return `${(Math.round((marginCents * 1000) / revenueCents) / 10).toFixed(1)}%`;
}

/** Margin per flight, per customer and per month: revenue from invoices (taxes aside) less the flights' costs. */
export function MarginReports({ range }: { range: MarginRange }) {
  const dates = useDateFormat();
  const report = useMarginReport(range);
  const r = report.data;
  if (report.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(report.error, 'Could not load the margin')}
      </p>
    );
  }
  if (!r) return <Spinner />;
  const month = (m: string) => dates.calendar(m, 'month');
  return (
    <section aria-labelledby="margin-heading" className="space-y-6">
      <div>
        <h2 id="margin-heading" className="text-xl font-semibold text-slate-900">
          Costs and margin
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Revenue is what the invoices charge less GCT and customs duty; costs are each flight's, shared over its parcels by billable
          weight.
        </p>
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        {(
          [
            ['Revenue', r.totals.revenueCents],
            ['Costs', r.totals.costCents],
            ['Margin', r.totals.marginCents],
          ] as const
        ).map(([label, cents]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-500">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid={`margin-total-${label.toLowerCase()}`}>
              {formatJmd(cents)}
            </dd>
          </div>
        ))}
      </dl>
      {r.totals.unallocatedCents > 0 && (
        <p className="text-sm text-slate-600">
          {formatJmd(r.totals.unallocatedCents)} of costs is on flights with no weighed parcel: it counts in its month, on no customer.
        </p>
      )}
      <CsvReportCard title="Margin per flight" csvPath="/reports/margin/csv/flights" fileName="margin-flights" range={range}>
        <ReportTable
          caption="Margin per flight or vessel that departed in the period"
          testId="margin-flights"
          empty="No flights or vessels departed in this period."
          head={['Manifest', 'Departure', 'Parcels', 'Costs (JMD)', 'Revenue (JMD)', 'Margin (JMD)', 'Margin %']}
          rows={r.flights.map((f) => [
            `${f.manifestNumber}${f.flightOrVessel ? ` · ${f.flightOrVessel}` : ''}`,
            dates.calendar(f.departureDate),
            f.parcels,
            formatAmount(f.costCents),
            formatAmount(f.revenueCents),
            formatAmount(f.marginCents),
            marginShare(f.marginCents, f.revenueCents),
          ])}
        />
      </CsvReportCard>
      <CsvReportCard title="Margin per customer" csvPath="/reports/margin/csv/customers" fileName="margin-customers" range={range}>
        <ReportTable
          caption="Margin per customer"
          testId="margin-customers"
          empty="No invoices or costs in this period."
          head={['Customer', 'Mailbox', 'Revenue (JMD)', 'Costs (JMD)', 'Margin (JMD)']}
          rows={r.customers.map((c) => [
            c.customer,
            c.mailboxNumber ?? '',
            formatAmount(c.revenueCents),
            formatAmount(c.costCents),
            formatAmount(c.marginCents),
          ])}
        />
      </CsvReportCard>
      <CsvReportCard title="Margin per month" csvPath="/reports/margin/csv/months" fileName="margin-months" range={range}>
        <ReportTable
          caption="Margin per month"
          testId="margin-months"
          head={['Month', 'Revenue (JMD)', 'Costs (JMD)', 'Margin (JMD)', 'Margin %']}
          rows={r.months.map((m) => [
            month(m.month),
            formatAmount(m.revenueCents),
            formatAmount(m.costCents),
            formatAmount(m.marginCents),
            marginShare(m.marginCents, m.revenueCents),
          ])}
        />
      </CsvReportCard>
    </section>
  );
}

/** GCT payable and customs duty collected per month, on the invoices issued then: for the tax return. */
export function TaxReportCard({ range }: { range: MarginRange }) {
  const dates = useDateFormat();
  const report = useTaxReport(range);
  const r = report.data;
  return (
    <CsvReportCard title="GCT and duty for the tax return" csvPath="/reports/tax/csv" fileName="gct-and-duty" range={range}>
      {report.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(report.error, 'Could not load GCT and duty')}
        </p>
      ) : !r ? (
        <Spinner />
      ) : (
        <ReportTable
          caption="GCT payable and duty collected per month"
          testId="tax-months"
          head={['Month', 'Invoices', 'GCT payable (JMD)', 'Duty collected (JMD)']}
          rows={r.months.map((m) => [dates.calendar(m.month, 'month'), m.invoices, formatAmount(m.gctCents), formatAmount(m.dutyCents)])}
          foot={['Total', r.totals.invoices, formatAmount(r.totals.gctCents), formatAmount(r.totals.dutyCents)]}
        />
      )}
    </CsvReportCard>
  );
}
