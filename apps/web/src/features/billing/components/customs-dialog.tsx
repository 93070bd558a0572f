import { formatJmd } from '@courier/shared/format/money';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { BILLING_MESSAGES, type InvoiceDetail, parseJmdToCents } from '@courier/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useCustomsAssessment } from '../api/invoices';

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
  const [packageId, setPackageId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ package?: string; amount?: string }>({});

  useEffect(() => {
    if (!open) return;
    setPackageId(presetPackage(invoice));
    setAmount('');
    setErrors({});
  }, [open, invoice]);

  const chosen = invoice.packages.find((p) => p.id === packageId);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const text = amount.trim();
    const cents = text === '' ? null : parseJmdToCents(text);
    const next: typeof errors = {};
    if (packageId === null) next.package = BILLING_MESSAGES.choosePackage;
    if (cents !== null && Number.isNaN(cents)) next.amount = BILLING_MESSAGES.moneyStep;
    setErrors(next);
    if (Object.keys(next).length > 0 || packageId === null) return;
    try {
      const done = await customs.mutateAsync({ packageId, assessedCents: cents });
      toast.success(done.message);
      onOpenChange(false);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save the customs assessment'));
    }
  }

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
                  <input
                    type="radio"
                    name="customs-package"
                    className="mt-1"
                    checked={packageId === p.id}
                    onChange={() => setPackageId(p.id)}
                  />
                  <span className="text-sm">
                    <span className="font-medium">{p.packageNumber}</span> <span className="text-slate-500">({p.trackingNumber})</span>
                    <br />
                    Computed duty {formatJmd(p.computedDutyCents)}
                    {p.customsAssessedCents !== null && ` · assessed ${formatJmd(p.customsAssessedCents)}`}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {errors.package && (
            <p className="mt-2 text-sm text-red-600" role="alert">
              {errors.package}
            </p>
          )}
        </fieldset>
        <Field
          label="Assessed duty (JMD)"
          error={errors.amount}
          hint={chosen ? `Replaces the computed ${formatJmd(chosen.computedDutyCents)} for ${chosen.packageNumber}` : undefined}
        >
          <Input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="0.00" />
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
