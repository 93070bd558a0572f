import { toCents } from '@courier/shared/format/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { SHIPPING_MODES } from '@courier/shared/constants/packages';
import {
  HEAVY_WEIGHT_CODE,
  PACKAGE_MESSAGES,
  type PackageDto,
  type UpdatePackageInput,
  correctPackageFormSchema,
} from '@courier/shared/schemas/packages';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCorrectPackage, useCustomerSearch } from '../api/packages';

type FormIn = z.input<typeof correctPackageFormSchema>;
type FormOut = z.output<typeof correctPackageFormSchema>;

const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/**
 * Corrects a package after receiving: weight, dimensions, mode, description, declared value and
 * customer, with a note for the timeline. A weight above the courier's ceiling is confirmed first.
 */
export function PackageCorrectionDialog({
  pkg,
  open,
  onOpenChange,
}: {
  pkg: PackageDto;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const correct = useCorrectPackage();
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(correctPackageFormSchema) });
  const { register, handleSubmit, reset, formState, setValue, watch } = form;
  const [customerQuery, setCustomerQuery] = useState('');
  const [customerLabel, setCustomerLabel] = useState('');
  const customers = useCustomerSearch(customerQuery);
  const [heavy, setHeavy] = useState<{ message: string; input: UpdatePackageInput } | null>(null);

  useEffect(() => {
    if (!open) return;
    reset({
      weightLb: pkg.weightLb,
      lengthIn: pkg.lengthIn,
      widthIn: pkg.widthIn,
      heightIn: pkg.heightIn,
      mode: pkg.mode,
      description: pkg.description ?? '',
      declaredValueUsd: pkg.declaredValueUsdCents === null ? null : pkg.declaredValueUsdCents / 100,
      customerId: pkg.customerId ?? undefined,
      note: '',
    });
    setCustomerLabel(pkg.customerName ? `${pkg.customerName} (${pkg.mailboxNumber})` : '');
    setCustomerQuery('');
  }, [open, pkg, reset]);

  const save = (input: UpdatePackageInput) =>
    correct.mutate(
      { id: pkg.id, input },
      {
        onSuccess: () => {
          toast.success(PACKAGE_MESSAGES.corrected);
          setHeavy(null);
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === HEAVY_WEIGHT_CODE) setHeavy({ message: error.message, input });
          else {
            setHeavy(null);
            toast.error(errorMessage(error, 'Could not correct the package'));
          }
        },
      },
    );

  const onSubmit = handleSubmit((v) =>
    save({
      weightLb: v.weightLb,
      lengthIn: v.lengthIn,
      widthIn: v.widthIn,
      heightIn: v.heightIn,
      mode: v.mode,
      description: v.description || null,
      declaredValueUsdCents: v.declaredValueUsd === null ? null : toCents(v.declaredValueUsd),
      ...(v.customerId !== undefined && v.customerId !== pkg.customerId ? { customerId: v.customerId } : {}),
      note: v.note || undefined,
    }),
  );
  const onManifest = pkg.manifestId !== null;
  const e = formState.errors;
  const chosen = watch('customerId');

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Correct ${pkg.packageNumber}`} className="max-w-xl">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Weight (lb)" error={e.weightLb?.message}>
            <Input type="number" step="0.01" inputMode="decimal" {...register('weightLb', { setValueAs: numberOrNull })} />
          </Field>
          <Field label="Mode" error={e.mode?.message} hint={onManifest ? PACKAGE_MESSAGES.modeOnManifest : undefined}>
            <Select disabled={onManifest} {...register('mode')}>
              {SHIPPING_MODES.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </Select>
          </Field>
        </div>
        <div className="grid grid-cols-3 gap-3">
          <Field label="Length (in)" error={e.lengthIn?.message}>
            <Input type="number" step="0.01" inputMode="decimal" {...register('lengthIn', { setValueAs: numberOrNull })} />
          </Field>
          <Field label="Width (in)" error={e.widthIn?.message}>
            <Input type="number" step="0.01" inputMode="decimal" {...register('widthIn', { setValueAs: numberOrNull })} />
          </Field>
          <Field label="Height (in)" error={e.heightIn?.message}>
            <Input type="number" step="0.01" inputMode="decimal" {...register('heightIn', { setValueAs: numberOrNull })} />
          </Field>
        </div>
        <Field label="Description" error={e.description?.message}>
          <Input maxLength={200} {...register('description')} />
        </Field>
        <Field label="Declared value (USD)" error={e.declaredValueUsd?.message}>
          <Input type="number" step="0.01" min="0" inputMode="decimal" {...register('declaredValueUsd', { setValueAs: numberOrNull })} />
        </Field>
        {pkg.status !== 'unknown' && (
          <div className="space-y-2">
            <Field
              label="Customer (mailbox or name)"
              error={e.customerId?.message}
              hint={
                chosen !== undefined && chosen !== pkg.customerId ? 'The new customer is e-mailed that the package was received' : undefined
              }
            >
              <Input
                value={customerQuery}
                placeholder={customerLabel}
                autoComplete="off"
                onChange={(ev) => setCustomerQuery(ev.target.value)}
              />
            </Field>
            {customerQuery.trim().length >= 2 && (
              <ul className="max-h-40 overflow-y-auto rounded-md border border-slate-200 text-sm" aria-label="Matching customers">
                {(customers.data ?? []).length === 0 && <li className="px-3 py-2 text-slate-500">No customer matches</li>}
                {(customers.data ?? []).map((c) => (
                  <li key={c.id}>
                    <button
                      type="button"
                      className="w-full px-3 py-2 text-left hover:bg-slate-50 focus:bg-slate-100 focus:outline-none"
                      onClick={() => {
                        setValue('customerId', c.id, { shouldDirty: true });
                        setCustomerLabel(`${c.name} (${c.mailboxNumber})`);
                        setCustomerQuery('');
                      }}
                    >
                      {c.name} ({c.mailboxNumber}){c.branchName ? ` · ${c.branchName}` : ''}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <p className="text-sm text-slate-700" aria-live="polite">
              Customer: <strong>{customerLabel || 'none'}</strong>
            </p>
          </div>
        )}
        <Field label="Why (kept on the timeline)" error={e.note?.message}>
          <Input maxLength={500} {...register('note')} />
        </Field>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={correct.isPending && !heavy}>
            Save correction
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={heavy !== null}
        onOpenChange={(o) => !o && setHeavy(null)}
        title="Confirm the weight"
        message={heavy?.message ?? ''}
        confirmLabel="The weight is right"
        busy={correct.isPending}
        onConfirm={() => heavy && save({ ...heavy.input, confirmHeavy: true })}
      />
    </Dialog>
  );
}
