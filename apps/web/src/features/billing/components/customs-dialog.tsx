import { formatJmd } from '@courier/shared/format/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { type InvoiceDetail, customsFormSchema } from '@courier/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useCustomsAssessment } from '../api/invoices';

type FormIn = z.input<typeof customsFormSchema>;
type FormOut = z.output<typeof customsFormSchema>;

/** Only one package has a computed duty: that one is meant; otherwise the person chooses. */
function presetPackage(invoice: InvoiceDetail): number | null {
  const dutiable = invoice.packages.filter((p) => p.computedDutyCents > 0);
  return dutiable.length === 1 && dutiable[0] ? dutiable[0].id : null;
}

/**
 * Customs assessment for one package, chosen explicitly: each package is listed with its computed
 * duty (and any assessment already made). The assessed amount replaces that package's duty line.
 */
export function CustomsDialog({
  invoice,
  courierId,
  open,
  onOpenChange,
}: {
  invoice: InvoiceDetail;
  courierId?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const customs = useCustomsAssessment(invoice.invoiceNo, courierId);
  const { register, handleSubmit, reset, control, formState } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(customsFormSchema),
  });
  const { errors } = formState;

  useEffect(() => {
    if (!open) return;
    reset({ packageId: String(presetPackage(invoice) ?? ''), amount: '' });
  }, [open, invoice, reset]);

  const packageId = useWatch({ control, name: 'packageId' });
  const chosen = invoice.packages.find((p) => String(p.id) === packageId);

  const submit = handleSubmit(async ({ packageId, amount }) => {
    try {
      const done = await customs.mutateAsync({ packageId, assessedCents: amount });
      toast.success(done.message);
      onOpenChange(false);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save the customs assessment'));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Customs assessment">
      <form className="space-y-4" onSubmit={submit} noValidate>
        <p className="text-sm text-slate-700">
          Choose the package customs assessed and enter its duty. It replaces that package's computed duty; leave the amount empty to go
          back to the computed one.
        </p>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-900">Package</legend>
          <ul className="space-y-2">
            {invoice.packages.map((p) => (
              <li key={p.id}>
                <label className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-blue-500 has-[:checked]:bg-blue-50">
                  <input type="radio" value={String(p.id)} className="mt-1" {...register('packageId')} />
                  <span className="text-sm">
                    <span className="font-medium">{p.packageNumber}</span> <span className="text-slate-600">({p.trackingNumber})</span>
                    <br />
                    Computed duty {formatJmd(p.computedDutyCents)}
                    {p.customsAssessedCents !== null && ` · assessed ${formatJmd(p.customsAssessedCents)}`}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {errors.packageId && (
            <p className="mt-2 text-sm text-red-600" role="alert">
              {errors.packageId.message}
            </p>
          )}
        </fieldset>
        <Field
          label="Assessed duty (JMD)"
          error={errors.amount?.message}
          hint={chosen ? `Replaces the computed ${formatJmd(chosen.computedDutyCents)} for ${chosen.packageNumber}` : undefined}
        >
          <Input inputMode="decimal" placeholder="0.00" {...register('amount')} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={customs.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
