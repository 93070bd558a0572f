import { formatAmount, formatJmd, formatMoney } from '@courier/shared/format/money';
import { COST_KIND_LABELS, type ManifestCosts } from '@courier/shared/schemas/margin';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { useManifestCosts } from '../api/margin';
import { CostLinesForm } from './cost-lines-form';
import { ReportTable } from './report-table';

/** Costs, revenue and margin of the flight, side by side. */
function Figures({ costs }: { costs: ManifestCosts }) {
  const figures = [
    ['Costs', costs.costCents],
    ['Revenue', costs.revenueCents],
    ['Margin', costs.marginCents],
  ] as const;
  return (
    <dl className="grid grid-cols-3 gap-2">
      {figures.map(([label, cents]) => (
        <div key={label} className="rounded-md border border-slate-200 p-2">
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd
            className={`text-sm font-semibold tabular-nums sm:text-base ${cents < 0 ? 'text-red-700' : ''}`}
            data-testid={`flight-${label.toLowerCase()}`}
          >
            {formatJmd(cents)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The saved lines, for someone who may read the costs but not change them. */
function SavedLines({ costs }: { costs: ManifestCosts }) {
  const dates = useDateFormat();
  if (costs.lines.length === 0) return <p className="text-sm text-slate-600">No costs recorded for this flight.</p>;
  return (
    <ReportTable
      caption="Cost lines"
      head={['Cost', 'Day', 'Amount', 'JMD']}
      rows={costs.lines.map((l) => [
        `${COST_KIND_LABELS[l.kind]}${l.description ? `: ${l.description}` : ''}`,
        dates.calendar(l.incurredOn),
        `${formatMoney(l.amountCents, l.currency)}${l.exchangeRate ? ` at ${l.exchangeRate}` : ''}`,
        formatAmount(l.jmdCents),
      ])}
    />
  );
}

/**
 * A flight's or vessel's costs: the lines (in USD or JMD at the day's rate), what each parcel
 * carries of them by billable weight, and the flight's margin.
 */
export function ManifestCostsDialog({ id, onClose, canEdit }: { id: number | null; onClose: () => void; canEdit: boolean }) {
  const costs = useManifestCosts(id);
  const dates = useDateFormat();
  const c = costs.data;
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={c ? `Costs of ${c.manifestNumber}` : 'Flight costs'}
      description="What the flight or vessel cost, spread over its parcels by billable weight."
      className="max-w-4xl"
    >
      {costs.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(costs.error, 'Could not load the costs')}
        </p>
      ) : !c ? (
        <Spinner />
      ) : (
        <div className="space-y-4">
          <Figures costs={c} />
          {canEdit ? <CostLinesForm key={c.manifestId} costs={c} today={dates.today()} /> : <SavedLines costs={c} />}
          <section aria-labelledby="parcel-shares" className="space-y-2">
            <h3 id="parcel-shares" className="text-sm font-semibold text-slate-900">
              Each parcel's share ({c.billableLb} billable lb)
            </h3>
            <ReportTable
              caption="Each parcel's share of the costs"
              testId="parcel-shares"
              empty="No parcels on this manifest yet: the costs are shared out once parcels are on it."
              head={['Package', 'Customer', 'Billable lb', 'Costs (JMD)', 'Revenue (JMD)']}
              rows={c.parcels.map((p) => [
                p.packageNumber,
                p.customer ? `${p.customer} (${p.mailboxNumber ?? ''})` : 'No customer',
                p.billableLb,
                formatAmount(p.costCents),
                formatAmount(p.revenueCents),
              ])}
            />
          </section>
        </div>
      )}
    </Dialog>
  );
}
