import type { ConsolidationPreview } from '@courier/shared/schemas/services';
import { formatJmd, formatUsd } from '@courier/shared/format/money';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';

const customsText = (cents: number) => (cents > 0 ? `${formatJmd(cents)} customs` : 'no customs');

/** "Separately: no customs (each under US$100)." — the customs of the parcels as they are. */
function separatelyText(p: ConsolidationPreview): string {
  const limit = p.deMinimisUsdCents === null ? '' : ` (each under ${formatUsd(p.deMinimisUsdCents).replace(/\.00$/, '')})`;
  if (p.separately.customsCents === 0) return `Separately: no customs${limit}.`;
  return `Separately: ${formatJmd(p.separately.customsCents)} customs.`;
}

/**
 * The customs and fee effect of consolidating the chosen packages, shown before the customer asks:
 * separately vs. together, and a warning when one parcel of their summed value goes over the
 * de minimis that each of them is under.
 */
export function ConsolidationPreviewPanel({
  preview,
  isLoading,
  error,
}: {
  preview: ConsolidationPreview | undefined;
  isLoading: boolean;
  error: unknown;
}) {
  if (isLoading)
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner label="" /> Working out customs…
      </p>
    );
  if (error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(error, 'Could not work out the customs of this consolidation')}. Choose the packages again to retry.
      </p>
    );
  if (!preview) return null;
  const together = `Together: ${customsText(preview.together.customsCents)} + ${formatJmd(preview.feeCents)} fee.`;
  const limit = preview.deMinimisUsdCents === null ? '' : formatUsd(preview.deMinimisUsdCents).replace(/\.00$/, '');
  return (
    <section
      aria-label="Customs if you consolidate"
      data-testid="consolidation-preview"
      className={
        preview.crossesDeMinimis
          ? 'space-y-2 rounded-md border-2 border-amber-500 bg-amber-50 p-3 text-sm text-amber-950'
          : 'space-y-1 rounded-md border border-slate-200 p-3 text-sm text-slate-800'
      }
    >
      {preview.crossesDeMinimis && (
        <p role="alert" className="font-semibold">
          Warning: together these packages are worth {formatUsd(preview.together.declaredValueUsdCents)}, over the {limit} duty-free limit
          per parcel, so customs become due on all of it.
        </p>
      )}
      <p>{separatelyText(preview)}</p>
      <p>{together}</p>
      <p>
        {preview.differenceCents > 0
          ? `Consolidating costs ${formatJmd(preview.differenceCents)} more in customs and fees.`
          : `Consolidating saves ${formatJmd(-preview.differenceCents)} in customs and fees.`}
      </p>
      {preview.missingValue.length > 0 && (
        <p className="text-slate-600">No value declared yet for {preview.missingValue.join(', ')}: their customs are not counted here.</p>
      )}
      <p className="text-xs text-slate-600">Estimated at today's rates on the declared values; customs assess the final amount.</p>
    </section>
  );
}
