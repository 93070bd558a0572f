import { formatJmd, toCents } from '@courier/shared/format/money';
import { useState } from 'react';
import { computeCharges } from '@courier/shared/domain/charges';
import { CALCULATOR_WEIGHT_MESSAGE } from '@courier/shared/domain/calculator';
import { DIMENSIONS_FORMAT_MESSAGE, parseDimensions, volumetricWeight } from '@courier/shared/domain/volumetric';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useCourierRates } from '@/features/billing/api/reports';

import { errorMessage } from '@/lib/api-client';

/**
 * /customer/customs-calculator: the estimate with the customer's own courier's rates and fees, by
 * the same rules the invoice uses (the membership discount is left out: it depends on history).
 */
export default function CustomsCalculatorPage() {
  const rates = useCourierRates();
  const [weight, setWeight] = useState('');
  const [value, setValue] = useState('');
  const [size, setSize] = useState('');
  const dims = size.trim() === '' ? null : parseDimensions(size);
  const w = Number(weight);
  const usd = value.trim() === '' ? 0 : Number(value);
  const weightOk = weight.trim() !== '' && Number.isFinite(w) && w > 0;
  const valueOk = Number.isFinite(usd) && usd >= 0;

  if (rates.isLoading) return <Spinner />;
  if (rates.isError || !rates.data) return <p role="alert">{errorMessage(rates.error, 'Could not load the rates')}</p>;
  const result =
    weightOk && valueOk
      ? computeCharges({
          ...rates.data,
          lifetimeDeliveredCount: 0,
          packages: [
            {
              ref: 1,
              label: '',
              weightLbs: w,
              // With dimensions, freight on the weight the courier bills (the greater of actual and volumetric).
              volumetricWeightLbs: dims ? volumetricWeight({ ...dims, mode: 'AIR' }, rates.data.volumetric) : null,
              declaredValueUsdCents: toCents(usd),
            },
          ],
        })
      : null;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Customs Calculator</h1>
        <p className="mt-1 text-sm text-slate-600">Estimate what a package will cost with your courier's current rates and fees.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Your package</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <Field label="Weight (lbs)" error={weight.trim() !== '' && !weightOk ? CALCULATOR_WEIGHT_MESSAGE : undefined}>
              <Input inputMode="decimal" value={weight} onChange={(e) => setWeight(e.target.value)} placeholder="2.5" />
            </Field>
            <Field label="Item value (USD)" error={valueOk ? undefined : 'Enter the value in US dollars, e.g. 120.00'}>
              <Input inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} placeholder="120.00" />
            </Field>
            <Field
              label="Dimensions in inches (optional)"
              hint="A light, bulky parcel is billed by its size"
              error={size.trim() !== '' && !dims ? DIMENSIONS_FORMAT_MESSAGE : undefined}
            >
              <Input value={size} onChange={(e) => setSize(e.target.value)} placeholder="14x10x8" />
            </Field>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Estimate</CardTitle>
          </CardHeader>
          <CardContent aria-live="polite">
            {!result ? (
              <p className="text-sm text-slate-600">Enter the weight to see the estimate.</p>
            ) : (
              <dl className="space-y-2 text-sm">
                {result.lines.map((l, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines of one computed estimate
                  <div key={i} className="flex justify-between gap-4">
                    <dt>{l.description.replace(/\s+\(/, ' (').replace(/ {2,}/g, ' ')}</dt>
                    <dd className="tabular-nums">{formatJmd(l.amountCents)}</dd>
                  </div>
                ))}
                <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
                  <dt>Estimated total</dt>
                  <dd className="tabular-nums">{formatJmd(result.totalCents)}</dd>
                </div>
              </dl>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
