import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { toCents } from '@courier/shared/format/money';
import { type HazardFeeForm, hazardFeeFormSchema } from '@courier/shared/schemas/warehouse';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useHazardFee, useSaveHazardFee } from '../api/warehouse';

/** The fee a customer pays when their hazardous or prohibited parcel is returned or disposed of. */
export function HazardFeeCard({ canEdit = true }: { canEdit?: boolean }) {
  const current = useHazardFee();
  const save = useSaveHazardFee();
  const form = useForm<HazardFeeForm>({ resolver: zodResolver(hazardFeeFormSchema) });
  useEffect(() => {
    if (current.data) form.reset({ hazardFee: current.data.hazardFeeCents / 100 });
  }, [current.data, form]);
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Hazardous parcels</CardTitle>
      </CardHeader>
      <CardContent>
        {current.isLoading ? (
          <Spinner />
        ) : current.error ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(current.error, 'Could not load the hazard fee')}
          </p>
        ) : (
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={form.handleSubmit((v) =>
              save.mutate(toCents(v.hazardFee), {
                onSuccess: () => toast.success('Hazard fee saved'),
                onError: (e) => toast.error(errorMessage(e, 'Could not save the hazard fee')),
              }),
            )}
          >
            <Field
              label="Return or disposal fee (JMD)"
              error={form.formState.errors.hazardFee?.message}
              hint="Charged when a hazardous or prohibited parcel is returned to the sender or disposed of"
            >
              <Input inputMode="decimal" disabled={!canEdit} {...form.register('hazardFee', { valueAsNumber: true })} />
            </Field>
            {canEdit && (
              <Button type="submit" busy={save.isPending}>
                Save
              </Button>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
