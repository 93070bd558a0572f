import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type AdditionalFeesInput, SETTINGS_MESSAGES, additionalFeesInputSchema } from '@courier/shared/schemas/settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAdditionalFees, useSaveAdditionalFees } from '../api/rates-and-fees';
import { reportFailure } from './report';
import { TabError, TabLoading } from './tab-states';

const EMPTY = { gct: Number.NaN, unknownFee: Number.NaN, uncollectedFee: Number.NaN, switchingFee: Number.NaN };

/** Additional Fees: the 'Manage Shipping Fees' form. */
export function AdditionalFeesTab() {
  const fees = useAdditionalFees();
  const save = useSaveAdditionalFees();
  const form = useForm<AdditionalFeesInput>({ resolver: zodResolver(additionalFeesInputSchema), defaultValues: EMPTY });
  const data = fees.data;
  const filledFrom = useRef<typeof data>(undefined);
  useEffect(() => {
    if (!data || filledFrom.current === data) return;
    filledFrom.current = data;
    // Until the courier first saves, the fields stay empty and show their placeholders.
    if (!form.formState.isDirty && data.configured) {
      form.reset({ gct: data.gct, unknownFee: data.unknownFee, uncollectedFee: data.uncollectedFee, switchingFee: data.switchingFee });
    }
  }, [data, form]);

  if (fees.isPending) return <TabLoading />;
  if (fees.isError) return <TabError what="additional fees" error={fees.error} onRetry={() => fees.refetch()} />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset({ gct: saved.gct, unknownFee: saved.unknownFee, uncollectedFee: saved.uncollectedFee, switchingFee: saved.switchingFee });
      toast.success(SETTINGS_MESSAGES.additionalFeesSaved);
    } catch (error) {
      reportFailure('update additional fees', error, SETTINGS_MESSAGES.additionalFeesFailed);
    }
  });
  const errors = form.formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Manage Shipping Fees</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field label="GCT (%)" error={errors.gct?.message} hint="Applies only on freight.">
            <Input
              type="number"
              min={0}
              max={100}
              step="0.1"
              inputMode="decimal"
              placeholder="16.5"
              {...form.register('gct', { valueAsNumber: true })}
            />
          </Field>
          <Field label="Unknown Fee (JMD)" error={errors.unknownFee?.message} hint="For an incorrect mailbox or name.">
            <Input
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              placeholder="500.00"
              {...form.register('unknownFee', { valueAsNumber: true })}
            />
          </Field>
          <Field label="Uncollected Fee (JMD)" error={errors.uncollectedFee?.message} hint="For packages uncollected over 15 days.">
            <Input
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              placeholder="300.00"
              {...form.register('uncollectedFee', { valueAsNumber: true })}
            />
          </Field>
          <Field label="Switching Fee (JMD)" error={errors.switchingFee?.message} hint="When the pickup branch changes after manifesting.">
            <Input
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              placeholder="200.00"
              {...form.register('switchingFee', { valueAsNumber: true })}
            />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" busy={form.formState.isSubmitting}>
              Save Fees
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
