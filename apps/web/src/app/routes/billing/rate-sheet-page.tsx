import { formatJmd, formatUsd } from '@courier/shared/format/money';
import type { CourierRatesView } from '@courier/shared/schemas/billing';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { MEMBERSHIP_TIERS } from '@courier/shared/constants/rates';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { downloadFile } from '@/lib/download';
import { useCourierRates } from '@/features/billing/api/reports';

import { errorMessage } from '@/lib/api-client';

/** /customer/rate-sheet: the courier's uploaded rate sheet and the rates and fees it charges now. */
export default function RateSheetPage() {
  const rates = useCourierRates();
  const [busy, setBusy] = useState(false);
  if (rates.isLoading) return <Spinner />;
  if (rates.isError || !rates.data) return <p role="alert">{errorMessage(rates.error, 'Could not load the rates')}</p>;
  const r = rates.data;
  const sheet = r.rateSheetUrl;
  const last = r.rates.at(-1);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Rate Sheet</h1>
        <p className="mt-1 text-sm text-slate-600">What your courier charges, in Jamaican dollars.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Rate sheet file</CardTitle>
        </CardHeader>
        <CardContent>
          {sheet ? (
            <Button
              variant="secondary"
              busy={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  const name = sheet.split('/').pop() ?? 'rate-sheet';
                  await downloadFile(sheet, `rate-sheet.${name.split('.').pop() ?? 'pdf'}`);
                } catch (error) {
                  toast.error(errorMessage(error, 'Could not download the rate sheet'));
                } finally {
                  setBusy(false);
                }
              }}
            >
              <FileDown className="size-4" aria-hidden /> Download the rate sheet
            </Button>
          ) : (
            <p className="text-sm text-slate-600">Your courier has not uploaded a rate sheet yet; the rates below are current.</p>
          )}
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Freight by weight</CardTitle>
          </CardHeader>
          <CardContent>
            {r.rates.length === 0 ? (
              <EmptyState title="No data available" />
            ) : (
              <table className="w-full text-sm">
                <caption className="sr-only">Freight by weight</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-left text-slate-500">
                    <th className="py-2 font-medium">Weight</th>
                    <th className="py-2 text-right font-medium">Cost</th>
                  </tr>
                </thead>
                <tbody>
                  {r.rates.map((rate) => (
                    <tr key={rate.weightLbs} className="border-b border-slate-100">
                      <td className="py-2">
                        {rate.weightLbs} lb{rate.weightLbs === 1 ? '' : 's'}
                      </td>
                      <td className="py-2 text-right tabular-nums">{formatJmd(rate.costCents)}</td>
                    </tr>
                  ))}
                  {last && (
                    <tr>
                      <td className="py-2">Each lb over {last.weightLbs}</td>
                      <td className="py-2 text-right tabular-nums">{formatJmd(r.additionalPoundCents)}</td>
                    </tr>
                  )}
                </tbody>
              </table>
            )}
            <p className="mt-3 text-xs text-slate-500">Weight is rounded up to the next whole pound.</p>
          </CardContent>
        </Card>
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Fees</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-2 text-sm">
                <div className="flex justify-between">
                  <dt>GCT (on freight only)</dt>
                  <dd>{r.gctPercent}%</dd>
                </div>
                {r.processingFees.map((f) => (
                  <div key={`${f.minLbs}-${f.maxLbs}`} className="flex justify-between">
                    <dt>
                      Processing fee, {f.minLbs} to {f.maxLbs} lbs
                    </dt>
                    <dd className="tabular-nums">{formatJmd(f.feeCents)}</dd>
                  </div>
                ))}
                <div className="flex justify-between">
                  <dt>Unknown fee (incorrect mailbox or name)</dt>
                  <dd className="tabular-nums">{formatJmd(r.unknownFeeCents)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt>Uncollected fee (over 15 days)</dt>
                  <dd className="tabular-nums">{formatJmd(r.uncollectedFeeCents)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt>Switching fee (branch change after shipping)</dt>
                  <dd className="tabular-nums">{formatJmd(r.switchingFeeCents)}</dd>
                </div>
                {r.feesInForce
                  .filter((f) => !['gct', 'processing', 'unknown', 'uncollected', 'switching'].includes(f.code ?? ''))
                  .map((f) => (
                    <div key={`${f.code ?? ''}-${f.name}`} className="flex justify-between gap-4">
                      <dt>{f.name}</dt>
                      <dd className="text-right tabular-nums">{describeFee(f)}</dd>
                    </div>
                  ))}
                <div className="flex justify-between gap-4">
                  <dt>Customs (on the CIF value, over the duty-free limit)</dt>
                  <dd className="text-right">{describeCustoms(r.customsRates)}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Membership discounts on freight</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-1 text-sm">
                {MEMBERSHIP_TIERS.map((t) => (
                  <li key={t.name} className="flex justify-between">
                    <span>
                      {t.name}: {t.packageCount} packages collected
                    </span>
                    <span>{t.discountPercent}%</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

type RateFee = CourierRatesView['feesInForce'][number];

/** "JMD 100.00 a day after 14 free days", "2% of value, at least JMD 600.00", "JMD 500.00". */
function describeFee(f: RateFee): string {
  const money = (cents: number) => (f.currency === 'USD' ? formatUsd(cents) : formatJmd(cents));
  const least = f.minimumCents > 0 ? `, at least ${money(f.minimumCents)}` : '';
  const base =
    f.method === 'fixed'
      ? money(f.amountCents)
      : f.method === 'percent_value'
        ? `${f.percentBps / 100}% of ${f.code === 'shop_for_me' ? 'the item cost' : 'value'}${least}`
        : f.method === 'percent_freight'
          ? `${f.percentBps / 100}% of freight${least}`
          : f.method === 'per_pound'
            ? `${money(f.amountCents)} a pound`
            : f.method === 'per_item'
              ? `${money(f.amountCents)} an item`
              : f.bands
                  .map((b) => `${b.from}${b.to === null ? '+' : `-${b.to}`}${f.bandBasis === 'weight' ? ' lb' : ''}: ${money(b.cents)}`)
                  .join('; ');
  const each = f.appliesTo === 'storage_day' ? ` a day after ${f.freeDays} free days` : '';
  return `${base}${each}${f.gctApplies ? ' + GCT' : ''}`;
}

/** "Duty 20% (by item type), SCF 0.3%, levy 0.5%, GCT 15%, CAF JMD 2,500.00; free up to USD 100.00". */
function describeCustoms(rates: CourierRatesView['customsRates']): string {
  const general = (part: string) => rates.find((x) => x.part === part && x.tariffClass === null);
  const pct = (part: string) => `${(general(part)?.percentBps ?? 0) / 100}%`;
  const free = general('de_minimis');
  return `Duty ${pct('import_duty')} (by item type), SCF ${pct('scf')}, levy ${pct('environmental_levy')}, GCT ${pct('import_gct')}, CAF ${formatJmd(general('caf')?.amountCents ?? 0)}${free ? `; free up to ${formatUsd(free.thresholdCents)}` : ''}`;
}
