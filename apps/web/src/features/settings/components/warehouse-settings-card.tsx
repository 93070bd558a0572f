import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type WarehouseSettings, warehouseSettingsSchema } from '@courier/shared/schemas/packages';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSaveWarehouseSettings, useWarehouseSettings } from '../api/warehouse';

/** The warehouse rules: the weight that asks for confirmation, whether every package needs its invoice, volumetric billing. */
export function WarehouseSettingsCard({ canEdit = true }: { canEdit?: boolean }) {
  const current = useWarehouseSettings();
  const save = useSaveWarehouseSettings();
  const form = useForm<WarehouseSettings>({ resolver: zodResolver(warehouseSettingsSchema) });
  useEffect(() => {
    if (current.data) form.reset(current.data);
  }, [current.data, form]);
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Warehouse</CardTitle>
      </CardHeader>
      <CardContent>
        {current.isLoading ? (
          <Spinner />
        ) : current.error ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(current.error, 'Could not load the warehouse settings')}
          </p>
        ) : (
          <form
            onSubmit={form.handleSubmit((v) =>
              save.mutate(v, {
                onSuccess: () => toast.success('Warehouse settings saved'),
                onError: (error) => toast.error(errorMessage(error, 'Could not save the warehouse settings')),
              }),
            )}
            className="space-y-4"
            noValidate
          >
            <Field
              label="Confirm weights above (lb)"
              hint="A package received or corrected above this weight asks for confirmation"
              error={form.formState.errors.heavyWeightLb?.message}
            >
              <Input
                type="number"
                step="0.01"
                inputMode="decimal"
                disabled={!canEdit}
                {...form.register('heavyWeightLb', { valueAsNumber: true })}
              />
            </Field>
            <Field
              label="Customs days"
              hint="Days a package takes to clear customs after its flight or vessel lands; customers see the estimated arrival"
              error={form.formState.errors.customsDays?.message}
            >
              <Input
                type="number"
                step="1"
                min={0}
                inputMode="numeric"
                disabled={!canEdit}
                {...form.register('customsDays', { valueAsNumber: true })}
              />
            </Field>
            <Checkbox
              label="Require the merchant invoice for every package (hold packages without a pre-alert)"
              disabled={!canEdit}
              {...form.register('requireInvoice')}
            />
            <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-700">Volumetric weight</legend>
              <p className="text-sm text-slate-600">
                Freight bills the greater of the actual weight and the volumetric weight from the dimensions taken at check-in. Invoices
                already issued keep their lines.
              </p>
              <Checkbox label="AIR: bill volumetric weight" disabled={!canEdit} {...form.register('volumetricAir')} />
              <Field
                label="AIR divisor (cubic inches per pound)"
                hint="139 is the common courier figure; volumetric lb = L x W x H / divisor"
                error={form.formState.errors.airDivisorIn3PerLb?.message}
              >
                <Input
                  type="number"
                  step="0.01"
                  inputMode="decimal"
                  disabled={!canEdit}
                  {...form.register('airDivisorIn3PerLb', { valueAsNumber: true })}
                />
              </Field>
              <Checkbox label="SEA: bill volumetric weight" disabled={!canEdit} {...form.register('volumetricSea')} />
              <Field
                label="SEA pounds per cubic foot"
                hint="Volumetric lb = cubic feet x this figure"
                error={form.formState.errors.seaLbPerFt3?.message}
              >
                <Input
                  type="number"
                  step="0.01"
                  inputMode="decimal"
                  disabled={!canEdit}
                  {...form.register('seaLbPerFt3', { valueAsNumber: true })}
                />
              </Field>
            </fieldset>
            {canEdit && (
              <div>
                <Button type="submit" busy={save.isPending}>
                  Save
                </Button>
              </div>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
