import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { formatCalendarDay } from '@courier/shared/domain/datetime';
import { FEE_APPLIES_TO, FEE_APPLIES_TO_LABELS, FEE_METHODS, FEE_METHOD_LABELS, feeInUsd } from '@courier/shared/domain/fees';
import { formatMoney, formatUsd, toCents } from '@courier/shared/format/money';
import { FEE_MESSAGES, type FeeCreateInput, type FeeVersionView, type FeeView, feeCreateSchema } from '@courier/shared/schemas/fees';
import { CONTENTS_PHOTO_DEFAULT_CENTS } from '@courier/shared/schemas/contents-photos';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useAddFeeVersion, useCreateFee, useFees } from '../api/rates-and-fees';
import { CustomsRatesCard } from './customs-rates-card';
import { TabError, TabLoading } from './tab-states';

/** "2% of value, at least JMD 600.00", "JMD 50.00 a day after 7 free days", "3 bands by weight". */
export function describeVersion(v: FeeVersionView, appliesTo: FeeView['appliesTo'], code: FeeView['code'] = null): string {
  // The Shop For Me fee is priced on the USD quote, so its amounts are USD.
  const money = (n: number) => (feeInUsd(code) ? formatUsd(toCents(n)) : formatMoney(toCents(n)));
  let what: string;
  switch (v.method) {
    case 'fixed':
      what = money(v.amount);
      break;
    case 'percent_value':
    case 'percent_freight':
      what = `${v.percent}% of ${v.method === 'percent_value' ? (code === 'shop_for_me' ? 'the item cost' : 'value') : 'freight'}${v.minimum > 0 ? `, at least ${money(v.minimum)}` : ''}`;
      break;
    case 'per_pound':
      what = `${money(v.amount)} a pound`;
      break;
    case 'per_item':
      what = `${money(v.amount)} an item`;
      break;
    default:
      what = v.bands
        .map((b) => `${b.from}${b.to === null ? '+' : `–${b.to}`} ${v.bandBasis === 'weight' ? 'lb' : ''}: ${money(b.amount)}`)
        .join('; ');
  }
  if (appliesTo === 'storage_day') what = `${what} a day after ${v.freeDays} free days`;
  return `${what}${v.gctApplies ? ' + GCT' : ''}`;
}

type Editing = { fee: FeeView | null };

function FeeForm({ editing, today, onDone }: { editing: Editing; today: string; onDone: () => void }) {
  const create = useCreateFee();
  const addVersion = useAddFeeVersion();
  const [failure, setFailure] = useState<string | null>(null);
  const fee = editing.fee;
  const current = fee?.versions.find((v) => v.inForce) ?? fee?.versions[0];
  const form = useForm<FeeCreateInput>({
    resolver: zodResolver(feeCreateSchema),
    defaultValues: {
      appliesTo: fee?.appliesTo ?? 'package',
      code: null,
      name: current?.name ?? '',
      method: current?.method ?? 'fixed',
      amount: current?.amount ?? 0,
      percent: current?.percent ?? 0,
      minimum: current?.minimum ?? 0,
      bands: current?.bands ?? [],
      bandBasis: current?.bandBasis ?? 'weight',
      freeDays: current?.freeDays ?? 0,
      gctApplies: current?.gctApplies ?? false,
      effectiveFrom: today,
      effectiveTo: null,
    },
  });
  const bands = useFieldArray({ control: form.control, name: 'bands' });
  const method = form.watch('method');
  const appliesTo = form.watch('appliesTo');
  const errors = form.formState.errors;
  const currency = feeInUsd(fee?.code ?? null) ? 'USD' : 'JMD';
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (fee) await addVersion.mutateAsync({ feeId: fee.id, input: values });
      else await create.mutateAsync(values);
      toast.success(fee ? `${values.name}: new rate from ${formatCalendarDay(values.effectiveFrom)}` : `${values.name} added`);
      onDone();
    } catch (error) {
      setFailure(errorMessage(error, 'The fee could not be saved. Please try again.'));
    }
  });
  const num = { valueAsNumber: true } as const;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <Field label="Name" error={errors.name?.message}>
        <Input {...form.register('name')} />
      </Field>
      <Field label="Applies to" error={errors.appliesTo?.message}>
        <Select disabled={fee !== null} {...form.register('appliesTo')}>
          {FEE_APPLIES_TO.map((a) => (
            <option key={a} value={a}>
              {FEE_APPLIES_TO_LABELS[a]}
            </option>
          ))}
        </Select>
      </Field>
      {fee === null && (
        <Field
          label="Billing uses it as"
          hint={`Storage, insurance, the photo of contents, the return to sender and the discard are found by billing; one of each. Until you add it, a photo of contents costs ${formatMoney(CONTENTS_PHOTO_DEFAULT_CENTS)}.`}
        >
          <Select {...form.register('code', { setValueAs: (v) => (v === '' ? null : v) })}>
            <option value="">One of our own fees</option>
            <option value="storage">The storage fee</option>
            <option value="insurance">The insurance premium</option>
            <option value="contents_photo">The photo of contents (a customer asks for it)</option>
            <option value="return_to_sender">The return to sender (a customer asks for it)</option>
            <option value="discard">The discard of a parcel (a customer asks for it)</option>
          </Select>
        </Field>
      )}
      <Field label="Computed as" error={errors.method?.message}>
        <Select {...form.register('method')}>
          {FEE_METHODS.map((m) => (
            <option key={m} value={m}>
              {FEE_METHOD_LABELS[m]}
            </option>
          ))}
        </Select>
      </Field>
      {(method === 'fixed' || method === 'per_pound' || method === 'per_item') && (
        <Field label={appliesTo === 'storage_day' ? `Amount a day (${currency})` : `Amount (${currency})`} error={errors.amount?.message}>
          <Input type="number" min={0} step="0.01" inputMode="decimal" {...form.register('amount', num)} />
        </Field>
      )}
      {(method === 'percent_value' || method === 'percent_freight') && (
        <>
          <Field label="Percentage (%)" error={errors.percent?.message}>
            <Input type="number" min={0} max={100} step="0.01" inputMode="decimal" {...form.register('percent', num)} />
          </Field>
          <Field label={`At least (${currency})`} error={errors.minimum?.message}>
            <Input type="number" min={0} step="0.01" inputMode="decimal" {...form.register('minimum', num)} />
          </Field>
        </>
      )}
      {appliesTo === 'storage_day' && (
        <Field label="Free days" error={errors.freeDays?.message}>
          <Input type="number" min={0} step="1" inputMode="numeric" {...form.register('freeDays', num)} />
        </Field>
      )}
      {(method === 'tiered' || method === 'threshold') && (
        <fieldset className="space-y-2 sm:col-span-2">
          <legend className="text-sm font-medium text-slate-700">Bands</legend>
          <Select aria-label="Bands measure" className="max-w-xs" {...form.register('bandBasis')}>
            <option value="weight">by weight (lb)</option>
            <option value="value">by value</option>
          </Select>
          {bands.fields.map((band, i) => (
            <div key={band.id} className="flex flex-wrap items-end gap-2">
              <Field label="From" className="w-24">
                <Input type="number" step="0.01" {...form.register(`bands.${i}.from`, num)} />
              </Field>
              <Field label="To (empty: no limit)" className="w-40" error={errors.bands?.[i]?.to?.message}>
                <Input
                  type="number"
                  step="0.01"
                  {...form.register(`bands.${i}.to`, { setValueAs: (v) => (v === '' || v === null ? null : Number(v)) })}
                />
              </Field>
              <Field label={`Amount (${currency})`} className="w-32">
                <Input type="number" step="0.01" {...form.register(`bands.${i}.amount`, num)} />
              </Field>
              <Button type="button" variant="ghost" onClick={() => bands.remove(i)}>
                Remove band
              </Button>
            </div>
          ))}
          <Button type="button" variant="secondary" onClick={() => bands.append({ from: 0, to: null, amount: 0 })}>
            Add band
          </Button>
          {errors.bands?.message && <p className="text-sm text-red-700">{errors.bands.message}</p>}
        </fieldset>
      )}
      <Field label="In force from" error={errors.effectiveFrom?.message} hint="Invoices before this day keep their rates.">
        <Input type="date" min={today} {...form.register('effectiveFrom')} />
      </Field>
      <div className="flex items-end">
        <Checkbox label="GCT applies" {...form.register('gctApplies')} />
      </div>
      {failure && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {failure}
        </p>
      )}
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={create.isPending || addVersion.isPending}>
          {fee ? 'Save new rate' : 'Add fee'}
        </Button>
      </div>
    </form>
  );
}

/** Fees: the fee engine's entries, each with its history; a change is a new version from a date. */
export function FeesTab() {
  const fees = useFees();
  const [editing, setEditing] = useState<Editing | null>(null);
  if (fees.isPending) return <TabLoading />;
  if (fees.isError) return <TabError what="fees" error={fees.error} onRetry={() => fees.refetch()} />;
  const { data, taxRates, customsRates, reviewedAt, today } = fees.data;
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-4">
          <div>
            <CardTitle>{FEE_MESSAGES.title}</CardTitle>
            <p className="mt-1 text-sm text-slate-600">{FEE_MESSAGES.intro}</p>
          </div>
          <Button onClick={() => setEditing({ fee: null })}>Add fee</Button>
        </CardHeader>
        <CardContent>
          {data.length === 0 ? (
            <p className="text-sm text-slate-600">{FEE_MESSAGES.noEmpty}</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {data.map((fee) => {
                const current = fee.versions.find((v) => v.inForce);
                const upcoming = fee.versions.filter((v) => v.effectiveFrom > today);
                return (
                  <li key={fee.id} className="py-3" aria-label={fee.name}>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <div>
                        <p className="font-medium text-slate-900">{fee.name}</p>
                        <p className="text-sm text-slate-600">
                          {FEE_APPLIES_TO_LABELS[fee.appliesTo]} ·{' '}
                          {current ? describeVersion(current, fee.appliesTo, fee.code) : 'Not in force yet'}
                        </p>
                        {upcoming.map((v) => (
                          <p key={v.id} className="text-sm text-amber-800">
                            From {formatCalendarDay(v.effectiveFrom)}: {describeVersion(v, fee.appliesTo, fee.code)}
                          </p>
                        ))}
                      </div>
                      <Button variant="secondary" size="sm" onClick={() => setEditing({ fee })}>
                        Change rate
                      </Button>
                    </div>
                    <details className="mt-1 text-sm text-slate-600">
                      <summary className="cursor-pointer">History ({fee.versions.length})</summary>
                      <ul className="mt-1 space-y-1 pl-4">
                        {fee.versions.map((v) => (
                          <li key={v.id}>
                            {v.effectiveFrom <= '2000-01-01' ? 'Before the fee engine' : `From ${formatCalendarDay(v.effectiveFrom)}`}:{' '}
                            {describeVersion(v, fee.appliesTo, fee.code)}
                            {v.createdBy ? ` (by ${v.createdBy})` : ''}
                            {v.inForce ? ' · in force' : ''}
                          </li>
                        ))}
                      </ul>
                    </details>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Tax rates</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="space-y-1 text-sm text-slate-700">
            {taxRates.map((t) => (
              <li key={`${t.country}-${t.code}-${t.effectiveFrom}`}>
                {t.name} ({t.country}) {t.percent}% from {formatCalendarDay(t.effectiveFrom)}
                {t.inForce ? ' · in force' : ''}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-600">Your GCT fee above is what your invoices charge; change it there from a date.</p>
        </CardContent>
      </Card>
      <CustomsRatesCard rates={customsRates} reviewedAt={reviewedAt} today={today} />
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.fee ? `Change ${editing.fee.name}` : 'Add fee'}
        className="max-w-2xl"
      >
        {editing && <FeeForm editing={editing} today={today} onDone={() => setEditing(null)} />}
      </Dialog>
    </div>
  );
}
