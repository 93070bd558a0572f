import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  RATE_STATUSES,
  SETTINGS_MESSAGES,
  type ShippingRate,
  type ShippingRateInput,
  shippingRateInputSchema,
} from '@courier/shared/schemas/settings';
import { Badge } from '@/components/ui/badge';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useDeleteShippingRate, useSaveShippingRate, useShippingRates } from '../api/rates-and-fees';
import { DialogFormFooter, type EditDialogProps, EditableListTab } from './editable-list-tab';
import { formatJmd, toCents } from '@courier/shared/format/money';
import { type DateFormat, useDateFormat } from '@/lib/format-date';
import { reportFailure } from './report';

const columnsIn = (dates: DateFormat): Array<DataTableColumn<ShippingRate>> => [
  {
    field: 'weight',
    label: 'Weight',
    sortable: true,
    filterable: false,
    render: (r) => (/^\d+(\.\d+)?$/.test(r.weight) ? `${r.weight} lb` : r.weight),
  },
  { field: 'cost', label: 'Cost', sortable: true, filterable: false, render: (r) => formatJmd(toCents(r.cost)) },
  {
    field: 'status',
    label: 'Status',
    sortable: true,
    filterOptions: RATE_STATUSES.map((s) => ({ value: s, label: s === 'active' ? 'Active' : 'Inactive' })),
    render: (r) => <Badge tone={r.status === 'active' ? 'green' : 'neutral'}>{r.status === 'active' ? 'Active' : 'Inactive'}</Badge>,
  },
  { field: 'createdAt', label: 'Created At', sortable: true, filterable: false, render: (r) => dates.date(r.createdAt) },
];

function RateDialog({ item: rate, open, onClose }: EditDialogProps<ShippingRate>) {
  const save = useSaveShippingRate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ShippingRateInput>({
    resolver: zodResolver(shippingRateInputSchema),
    defaultValues: rate
      ? { weight: rate.weight, cost: rate.cost, status: rate.status }
      : { weight: '', cost: Number.NaN, status: 'active' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: rate?.id, input: values });
      toast.success(rate ? 'Shipping rate updated' : 'Shipping rate created');
      form.reset();
      onClose();
    } catch (error) {
      // Save errors of rates are logged, not toasted; the dialog stays open with the values.
      reportFailure('save shipping rate', error);
      setFailure(errorMessage(error, 'The shipping rate was not saved.'));
    }
  });
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={rate ? 'Edit Shipping Rate' : 'Add Shipping Rate'}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Weight" error={errors.weight?.message} hint="Pounds, e.g. 1 or 2.5">
          <Input inputMode="decimal" {...form.register('weight')} />
        </Field>
        <Field label="Cost (JMD)" error={errors.cost?.message}>
          <Input type="number" min={0} step="0.01" inputMode="decimal" {...form.register('cost', { valueAsNumber: true })} />
        </Field>
        <Field label="Status" error={errors.status?.message}>
          <Select {...form.register('status')}>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </Select>
        </Field>
        <DialogFormFooter
          failure={failure}
          onCancel={onClose}
          busy={form.formState.isSubmitting}
          submitLabel={rate ? 'Save Changes' : 'Add Rate'}
        />
      </form>
    </Dialog>
  );
}

const searchText = (r: ShippingRate) => `${r.weight} ${r.cost} ${r.status}`;
// A numeric weight sorts as a number, so 10 lb comes after 2 lb.
const sortValue = (r: ShippingRate, field: string) => {
  if (field === 'weight') return Number.parseFloat(r.weight) || r.weight;
  return (r as unknown as Record<string, unknown>)[field];
};

/** Shipping Rates: the table (Weight, Cost, Status, Created At, Actions) and its dialog. */
export function ShippingRatesTab() {
  const dates = useDateFormat();
  const rates = useShippingRates();
  const remove = useDeleteShippingRate();
  return (
    <EditableListTab
      noun={{ one: 'shipping rate', short: 'rate' }}
      purpose="What customers pay for freight by weight; the rate sheet and invoices use these rates."
      query={rates}
      remove={remove}
      columns={columnsIn(dates)}
      search={searchText}
      value={sortValue}
      rowName={(r) => r.weight}
      deleteMessage={SETTINGS_MESSAGES.deleteShippingRate}
      dialog={RateDialog}
    />
  );
}
