import { parseCents } from '@courier/shared/format/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { INVOICE_MAX_BYTES } from '@courier/shared/constants/packages';
import { PACKAGE_MESSAGES, createPreAlertSchema } from '@courier/shared/schemas/packages';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FilePicker } from '@/components/ui/file-picker';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useCreatePreAlert } from '../api/pre-alerts';

/** The form takes dollars as typed; the API takes cents. */
const formSchema = createPreAlertSchema.omit({ declaredValueUsdCents: true }).extend({
  declaredValue: z
    .string()
    .trim()
    .min(1, PACKAGE_MESSAGES.valueRequired)
    .regex(/^\d+(\.\d{1,2})?$/, PACKAGE_MESSAGES.twoDecimals),
});
type FormValues = z.infer<typeof formSchema>;

export const INVOICE_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** A quick check in the browser; the server decides by the file's bytes. */
export function invoiceProblem(file: File | null): string | undefined {
  if (!file) return undefined;
  if (file.size === 0) return PACKAGE_MESSAGES.invoiceMissing;
  if (file.size > INVOICE_MAX_BYTES) return PACKAGE_MESSAGES.invoiceTooLarge;
  if (!/\.(pdf|jpe?g|png)$/i.test(file.name)) return PACKAGE_MESSAGES.invoiceWrongType;
  return undefined;
}

/** `onCancel` shows a Cancel button beside Submit (the form in a dialog closes with it). */
export function PreAlertForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { trackingNumber: '', merchant: '', description: '', declaredValue: '' },
  });
  const create = useCreatePreAlert();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const problem = invoiceProblem(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    try {
      const { uploaded } = await create.mutateAsync({
        input: {
          trackingNumber: values.trackingNumber,
          merchant: values.merchant,
          description: values.description,
          declaredValueUsdCents: parseCents(values.declaredValue) ?? 0,
        },
        file,
      });
      if (uploaded !== true && uploaded !== false)
        toast.error(`${PACKAGE_MESSAGES.preAlertCreated}, but the invoice was not saved: ${errorMessage(uploaded, 'upload failed')}`);
      else toast.success(PACKAGE_MESSAGES.preAlertCreated);
      form.reset();
      setFile(null);
      onDone?.();
    } catch (error) {
      toast.error(errorMessage(error, 'Could not submit the pre-alert'));
    }
  });

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label="Pre-alert a package" noValidate>
      <Field label="Tracking number" error={errors.trackingNumber?.message}>
        <Input autoComplete="off" {...form.register('trackingNumber')} />
      </Field>
      <Field label="Merchant" error={errors.merchant?.message}>
        <Input placeholder="Amazon, eBay, Shein..." {...form.register('merchant')} />
      </Field>
      <Field label="Description" error={errors.description?.message}>
        <Input placeholder="What is in the package" {...form.register('description')} />
      </Field>
      <Field label="Declared value (USD)" error={errors.declaredValue?.message}>
        <Input inputMode="decimal" placeholder="0.00" {...form.register('declaredValue')} />
      </Field>
      <Field
        label="Invoice (PDF, JPG or PNG, at most 10 MB)"
        error={fileError}
        hint="Customs needs it; you can also add it later"
        className="sm:col-span-2"
      >
        <FilePicker
          file={file}
          accept={INVOICE_ACCEPT}
          disabled={create.isPending}
          onChange={(next) => {
            setFile(next);
            setFileError(invoiceProblem(next));
          }}
        />
      </Field>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" busy={create.isPending}>
          {create.isPending ? 'Submitting...' : 'Submit pre-alert'}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" disabled={create.isPending} onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
