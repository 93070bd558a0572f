import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
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

type NumberSetting = 'heavyWeightLb' | 'customsDays' | 'airDivisorIn3PerLb' | 'seaLbPerFt3';

/** Each mode's volumetric switch and its figure: the same two controls, AIR then SEA. */
const VOLUMETRIC_MODES: ReadonlyArray<{
  mode: 'AIR' | 'SEA';
  on: 'volumetricAir' | 'volumetricSea';
  figure: NumberSetting;
  label: string;
  hint: string;
}> = [
  {
    mode: 'AIR',
    on: 'volumetricAir',
    figure: 'airDivisorIn3PerLb',
    label: 'AIR divisor (cubic inches per pound)',
    hint: '139 is the common courier figure; volumetric lb = L x W x H / divisor',
  },
  {
    mode: 'SEA',
    on: 'volumetricSea',
    figure: 'seaLbPerFt3',
    label: 'SEA pounds per cubic foot',
    hint: 'Volumetric lb = cubic feet x this figure',
  },
];

/** A number setting: its label, hint and error, read as a number. */
function NumberSettingField({
  form,
  name,
  label,
  hint,
  whole = false,
  disabled,
}: {
  form: UseFormReturn<WarehouseSettings>;
  name: NumberSetting;
  label: string;
  hint: string;
  whole?: boolean;
  disabled: boolean;
}) {
  return (
    <Field label={label} hint={hint} error={form.formState.errors[name]?.message}>
      <Input
        type="number"
        step={whole ? '1' : '0.01'}
        min={whole ? 0 : undefined}
        inputMode={whole ? 'numeric' : 'decimal'}
        disabled={disabled}
        {...form.register(name, { valueAsNumber: true })}
      />
    </Field>
  );
}

/** The warehouse rules: the weight that asks for confirmation, whether every package needs its invoice, volumetric billing. */
export function WarehouseSettingsCard({ canEdit = true }: { canEdit?: boolean }) {
  const current = useWarehouseSettings();
  const save = useSaveWarehouseSettings();
  const form = useForm<WarehouseSettings>({ resolver: zodResolver(warehouseSettingsSchema) });
  useEffect(() => {
    if (current.data) form.reset(current.data);
  }, [current.data, form]);
  const readOnly = !canEdit;
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
            <NumberSettingField
              form={form}
              name="heavyWeightLb"
              label="Confirm weights above (lb)"
              hint="A package received or corrected above this weight asks for confirmation"
              disabled={readOnly}
            />
            <NumberSettingField
              form={form}
              name="customsDays"
              label="Customs days"
              hint="Days a package takes to clear customs after its flight or vessel lands; customers see the estimated arrival"
              whole
              disabled={readOnly}
            />
            <Checkbox
              label="Require the merchant invoice for every package (hold packages without a pre-alert)"
              disabled={readOnly}
              {...form.register('requireInvoice')}
            />
            <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-700">Volumetric weight</legend>
              <p className="text-sm text-slate-600">
                Freight bills the greater of the actual weight and the volumetric weight from the dimensions taken at check-in. Invoices
                already issued keep their lines.
              </p>
              {VOLUMETRIC_MODES.map((m) => (
                <div key={m.mode} className="space-y-3">
                  <Checkbox label={`${m.mode}: bill volumetric weight`} disabled={readOnly} {...form.register(m.on)} />
                  <NumberSettingField form={form} name={m.figure} label={m.label} hint={m.hint} disabled={readOnly} />
                </div>
              ))}
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
