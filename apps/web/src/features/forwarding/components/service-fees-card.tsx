import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { PageError } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSaveServiceFees, useServiceFees } from '../api/forwarding';

const amount = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount like 500.00');
const formSchema = z.object({
  consolidationFee: amount,
  shopFeePercent: z
    .string()
    .trim()
    .regex(/^\d+(\.\d)?$/, 'Enter a percentage like 10 or 7.5')
    .refine((v) => Number(v) <= 100, 'At most 100%'),
  shopFeeMinimum: amount,
});
type FormValues = z.infer<typeof formSchema>;

const cents = (v: string) => Math.round(Number(v) * 100);

/** The courier's prices for consolidation and Shop For Me (Settings, Additional Fees). */
export function ServiceFeesCard({ canEdit }: { canEdit: boolean }) {
  const fees = useServiceFees();
  const save = useSaveServiceFees();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { consolidationFee: '', shopFeePercent: '', shopFeeMinimum: '' },
  });
  useEffect(() => {
    if (!fees.data) return;
    form.reset({
      consolidationFee: (fees.data.consolidationFeeCents / 100).toFixed(2),
      shopFeePercent: String(fees.data.shopFeePercentTenths / 10),
      shopFeeMinimum: (fees.data.shopFeeMinimumUsdCents / 100).toFixed(2),
    });
  }, [fees.data, form]);
  const submit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync({
        consolidationFeeCents: cents(v.consolidationFee),
        shopFeePercentTenths: Math.round(Number(v.shopFeePercent) * 10),
        shopFeeMinimumUsdCents: cents(v.shopFeeMinimum),
      });
      toast.success('Service fees saved');
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save the service fees'));
    }
  });
  const { errors } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Service fees</CardTitle>
      </CardHeader>
      <CardContent>
        {fees.isPending ? (
          <Spinner />
        ) : fees.isError ? (
          <PageError message={errorMessage(fees.error, 'Could not load the service fees')} />
        ) : (
          <form onSubmit={submit} className="space-y-4" aria-label="Service fees" noValidate>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label="Consolidation fee (JMD, per request)" error={errors.consolidationFee?.message}>
                <Input inputMode="decimal" disabled={!canEdit} {...form.register('consolidationFee')} />
              </Field>
              <Field label="Shop For Me fee (% of item cost)" error={errors.shopFeePercent?.message}>
                <Input inputMode="decimal" disabled={!canEdit} {...form.register('shopFeePercent')} />
              </Field>
              <Field label="Shop For Me minimum (USD)" error={errors.shopFeeMinimum?.message}>
                <Input inputMode="decimal" disabled={!canEdit} {...form.register('shopFeeMinimum')} />
              </Field>
            </div>
            {canEdit && (
              <Button type="submit" busy={save.isPending}>
                Save service fees
              </Button>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
