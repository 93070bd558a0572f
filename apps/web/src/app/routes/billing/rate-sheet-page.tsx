import { formatJmd } from '@courier/shared/format/money';
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
                <div className="flex justify-between">
                  <dt>Customs duty over USD 100</dt>
                  <dd>20% of value at {r.exchangeRateJmdPerUsd} JMD/USD</dd>
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
