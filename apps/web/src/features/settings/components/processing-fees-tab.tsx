import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type ProcessingFee, type ProcessingFeeInput, SETTINGS_MESSAGES, processingFeeInputSchema } from '@courier/shared/schemas/settings';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useDeleteProcessingFee, useProcessingFees, useSaveProcessingFee } from '../api/rates-and-fees';
import { DialogFormFooter, type EditDialogProps, EditableListTab } from './editable-list-tab';
import { formatJmd, toCents } from '@courier/shared/format/money';
import { type DateFormat, useDateFormat } from '@/lib/format-date';
import { reportFailure } from './report';

const columnsIn = (dates: DateFormat): Array<DataTableColumn<ProcessingFee>> => [
  { field: 'weightRange', label: 'Weight Range', sortable: true, filterable: false },
  { field: 'fee', label: 'Fee', sortable: true, filterable: false, render: (f) => formatJmd(toCents(f.fee)) },
  { field: 'createdAt', label: 'Created At', sortable: true, filterable: false, render: (f) => dates.date(f.createdAt) },
];

function FeeDialog({ item: fee, open, onClose }: EditDialogProps<ProcessingFee>) {
  const save = useSaveProcessingFee();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProcessingFeeInput>({
    resolver: zodResolver(processingFeeInputSchema),
    defaultValues: fee ? { weightRange: fee.weightRange, fee: fee.fee } : { weightRange: '', fee: Number.NaN },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: fee?.id, input: values });
      toast.success(fee ? 'Processing fee updated' : 'Processing fee created');
      form.reset();
      onClose();
    } catch (error) {
      // Save errors of fees are logged, not toasted; the dialog keeps the values.
      reportFailure('save processing fee', error);
      setFailure(errorMessage(error, 'The processing fee was not saved.'));
    }
  });
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={fee ? 'Edit Processing Fee' : 'Add Processing Fee'}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          label="Weight Range"
          error={errors.weightRange?.message}
          hint="Use 'to' between the weights, e.g. 1lb to 10lbs or 0.5lbs to 5lbs"
        >
          <Input placeholder="1lb to 10lbs" {...form.register('weightRange')} />
        </Field>
        <Field label="Fee (JMD)" error={errors.fee?.message}>
          <Input type="number" min={0} step="0.01" inputMode="decimal" {...form.register('fee', { valueAsNumber: true })} />
        </Field>
        <DialogFormFooter
          failure={failure}
          onCancel={onClose}
          busy={form.formState.isSubmitting}
          submitLabel={fee ? 'Save Changes' : 'Add Fee'}
        />
      </form>
    </Dialog>
  );
}

const searchText = (f: ProcessingFee) => `${f.weightRange} ${f.fee}`;
// A range sorts by its lower weight, not by its text.
const sortValue = (f: ProcessingFee, field: string) =>
  field === 'weightRange' ? f.minWeight : (f as unknown as Record<string, unknown>)[field];

/** Processing Fees: the table (Weight Range, Fee, Created At, Actions) and its dialog. */
export function ProcessingFeesTab() {
  const dates = useDateFormat();
  const fees = useProcessingFees();
  const remove = useDeleteProcessingFee();
  return (
    <EditableListTab
      noun={{ one: 'processing fee', short: 'fee' }}
      purpose="The handling fee for each weight range, added to every package's invoice."
      query={fees}
      remove={remove}
      columns={columnsIn(dates)}
      search={searchText}
      value={sortValue}
      rowName={(f) => f.weightRange}
      deleteMessage={SETTINGS_MESSAGES.deleteProcessingFee}
      dialog={FeeDialog}
    />
  );
}
