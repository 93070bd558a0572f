import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type BankDetailsInput, SETTINGS_MESSAGES, bankDetailsSchema } from '@courier/shared/schemas/settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { useCourier, useUpdateBankDetails } from '../api/courier';
import { OnlinePaymentsCard } from './online-payments-card';
import { reportFailure } from './report';
import { CourierIdMissing, TabError, TabLoading } from './tab-states';

/** Bank Transfer Details: one text, each line shown on its own line to customers; then online card payments. */
export function BankDetailsTab({ courierId }: { courierId: number | null }) {
  const courier = useCourier(courierId);
  const save = useUpdateBankDetails(courierId);
  const form = useForm<BankDetailsInput>({ resolver: zodResolver(bankDetailsSchema), defaultValues: { bank_details: '' } });
  const data = courier.data;
  const filledFrom = useRef<typeof data>(undefined);
  useEffect(() => {
    if (!data || filledFrom.current === data) return;
    filledFrom.current = data;
    if (!form.formState.isDirty) form.reset({ bank_details: data.bank_details ?? '' });
  }, [data, form]);
  const text = form.watch('bank_details');

  if (courierId === null) return <CourierIdMissing />;
  if (courier.isPending) return <TabLoading />;
  if (courier.isError) return <TabError what="bank details" error={courier.error} onRetry={() => courier.refetch()} />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset({ bank_details: saved.courier.bank_details ?? '' });
      toast.success(SETTINGS_MESSAGES.bankDetailsSaved);
    } catch (error) {
      reportFailure('update bank details', error, SETTINGS_MESSAGES.bankDetailsFailed);
    }
  });
  const lines = (text ?? '').split(/\r?\n/).filter((l) => l.trim() !== '');
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Bank Transfer Details</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid gap-6 md:grid-cols-2">
            <Field
              label="Bank Transfer Details"
              hint="One item per line; customers see each line on its own line."
              error={form.formState.errors.bank_details?.message}
            >
              <Textarea rows={8} placeholder={'Bank: ...\nAccount name: ...\nAccount number: ...'} {...form.register('bank_details')} />
            </Field>
            <div>
              <p className="mb-1 text-sm font-medium text-slate-700">What customers see</p>
              <div className="min-h-24 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
                {lines.length === 0 ? (
                  <p className="text-slate-500">No bank details yet.</p>
                ) : (
                  <p className="whitespace-pre-line">{lines.join('\n')}</p>
                )}
              </div>
            </div>
            <div className="md:col-span-2">
              <Button type="submit" busy={form.formState.isSubmitting}>
                Save Bank Details
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <OnlinePaymentsCard courierId={courierId} />
    </div>
  );
}
