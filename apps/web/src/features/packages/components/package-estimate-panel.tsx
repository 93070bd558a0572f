import { formatMoney } from '@courier/shared/format/money';
import { formatWeight } from '@courier/shared/format/weight';
import type { PackageEstimate } from '@courier/shared/schemas/package-estimate';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { usePackageEstimate } from '../api/estimate';

const lb = (n: number) => `${formatWeight(n)} lb`;

/** "9 lb (volumetric 8.06 lb, over the actual 2.60 lb)": which weight freight is billed on, and why. */
export function billableWeightText(e: PackageEstimate): string {
  if (e.volumetricWeightLb === null) return `${e.billableWeightLb} lb (actual ${lb(e.actualWeightLb)})`;
  return e.weightBasis === 'volumetric'
    ? `${e.billableWeightLb} lb (volumetric ${lb(e.volumetricWeightLb)}, over the actual ${lb(e.actualWeightLb)})`
    : `${e.billableWeightLb} lb (actual ${lb(e.actualWeightLb)}, over the volumetric ${lb(e.volumetricWeightLb)})`;
}

/** The billable weight and, until it is invoiced, the charges the invoice will carry, from the courier's fees. */
export function PackageEstimatePanel({ packageId, customer }: { packageId: number; customer: boolean }) {
  const estimate = usePackageEstimate(packageId, customer);
  const e = estimate.data;
  return (
    <section aria-labelledby={`estimate-${packageId}`} className="space-y-2 rounded-lg border border-slate-200 p-3 text-sm">
      <h3 id={`estimate-${packageId}`} className="font-semibold text-slate-900">
        {e?.invoiceNo ? 'Charges' : 'Estimated charges'}
      </h3>
      {estimate.isLoading ? (
        <Spinner />
      ) : estimate.error ? (
        <p role="alert" className="text-red-700">
          {errorMessage(estimate.error, 'Could not work out the charges')}
        </p>
      ) : e ? (
        <>
          <p>
            <span className="text-slate-500">Billable weight: </span>
            <span data-testid="billable-weight">{billableWeightText(e)}</span>
          </p>
          {e.invoiceNo ? (
            <p>On invoice {e.invoiceNo}.</p>
          ) : (
            <>
              <ul className="space-y-1">
                {e.lines.map((l) => (
                  <li key={`${l.kind}-${l.description}`} className="flex justify-between gap-3">
                    <span className="min-w-0 break-words text-slate-700">{l.description}</span>
                    <span className="whitespace-nowrap tabular-nums">{formatMoney(l.amountCents)}</span>
                  </li>
                ))}
              </ul>
              <p className="flex justify-between gap-3 border-t border-slate-200 pt-1 font-semibold">
                <span>Estimated total</span>
                <span className="whitespace-nowrap tabular-nums" data-testid="estimated-total">
                  {formatMoney(e.totalCents)}
                </span>
              </p>
              <p className="text-xs text-slate-500">At today's rates; the invoice may add storage or customs assessed.</p>
            </>
          )}
        </>
      ) : null}
    </section>
  );
}
