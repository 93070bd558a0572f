import { useState } from 'react';
import { toast } from 'sonner';
import { CUSTOMS_PART_LABELS, TARIFF_CLASS_LABELS } from '@courier/shared/domain/customs';
import { formatCalendarDay } from '@courier/shared/domain/datetime';
import { formatMoney, formatUsd, toCents } from '@courier/shared/format/money';
import type { CustomsRateView } from '@courier/shared/schemas/fees';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { useMarkFeesReviewed } from '../api/rates-and-fees';
import { CustomsRateForm } from './customs-rate-form';

/** "20% of CIF", "JMD 2,500.00 an entry", "JMD 100.00 when CIF is over JMD 5,500.00", "up to USD 100.00 FOB". */
function describeRate(r: CustomsRateView): string {
  switch (r.part) {
    case 'de_minimis':
      return `duty-free up to ${formatUsd(toCents(r.threshold))} (value of the goods)`;
    case 'caf':
      return `${formatMoney(toCents(r.amount))} an entry`;
    case 'stamp_duty':
      return `${formatMoney(toCents(r.amount))} when CIF is over ${formatMoney(toCents(r.threshold))}`;
    case 'import_gct':
      return `${r.percent}% of CIF, duty, SCF and levy`;
    default:
      return `${r.percent}% of CIF`;
  }
}

/**
 * The customs rates invoices and the calculators use (dated, each with its published source), and
 * the courier's "reviewed" mark for its fee book: the set-up checklist's step.
 */
export function CustomsRatesCard({ rates, reviewedAt, today }: { rates: CustomsRateView[]; reviewedAt: string | null; today: string }) {
  const review = useMarkFeesReviewed();
  const [changing, setChanging] = useState<number | null>(null);
  const markReviewed = async () => {
    try {
      await review.mutateAsync();
      toast.success('Fees and taxes marked as reviewed');
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save. Please try again.'));
    }
  };
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-4">
        <div>
          <CardTitle>Customs rates</CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            A Jamaican entry on the CIF value (item cost, insurance and freight in JMD): each part is its own line on the invoice.
          </p>
        </div>
        {reviewedAt ? (
          <p className="text-sm text-slate-600">Fees and taxes reviewed {formatCalendarDay(reviewedAt.slice(0, 10))}</p>
        ) : (
          <Button onClick={markReviewed} disabled={review.isPending}>
            Mark fees and taxes as reviewed
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {rates.length === 0 ? (
          <p className="text-sm text-slate-600">No customs rates yet: invoices charge 20% of the value over USD 100.</p>
        ) : (
          <ul className="divide-y divide-slate-200 text-sm">
            {rates.map((r) => (
              <li key={r.id} className="py-2">
                <p className="font-medium text-slate-900">
                  {CUSTOMS_PART_LABELS[r.part]}
                  {r.tariffClass ? ` · ${TARIFF_CLASS_LABELS[r.tariffClass]}` : ''}: {describeRate(r)}
                  <span className="font-normal text-slate-600">
                    {' '}
                    {r.effectiveFrom <= '2000-01-01' ? '' : `from ${formatCalendarDay(r.effectiveFrom)}`}
                    {r.inForce ? ' · in force' : ''}
                  </span>
                </p>
                <p className="text-slate-600">Source: {r.source}</p>
                {r.inForce &&
                  (changing === r.id ? (
                    <CustomsRateForm rate={r} today={today} onDone={() => setChanging(null)} />
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      className="mt-1"
                      onClick={() => setChanging(r.id)}
                      aria-label={`Change ${CUSTOMS_PART_LABELS[r.part]}${r.tariffClass ? ` · ${TARIFF_CLASS_LABELS[r.tariffClass]}` : ''}`}
                    >
                      Change rate
                    </Button>
                  ))}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
