import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { REPACK_LABELS, REPACK_OPTIONS } from '@courier/shared/constants/services';
import { formatJmd } from '@courier/shared/format/money';
import { SERVICE_MESSAGES, createConsolidationSchema } from '@courier/shared/schemas/services';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useConsolidationPreview, useRequestConsolidation } from '../api/forwarding';
import { ConsolidationPreviewPanel } from './consolidation-preview';

export interface WarehousePackage {
  id: number;
  packageNumber: string;
  trackingNumber: string;
  description: string | null;
  weightLb: number;
}

/** The form keeps the hold date as typed ('' for none); the API takes null. */
const formSchema = createConsolidationSchema.extend({
  packageIds: z.array(z.number()),
  holdUntil: z.string(),
  notes: z.string().trim().max(500),
});
type FormValues = z.infer<typeof formSchema>;

/**
 * The customer picks packages waiting at the warehouse (or one and a date to hold new arrivals
 * until), how to repack, and sees the fee and the customs effect before asking; going over the
 * de minimis by consolidating must be acknowledged first.
 */
export function ConsolidationRequestForm({
  packages,
  feeCents,
  onDone,
}: {
  packages: WarehousePackage[];
  feeCents: number | undefined;
  onDone?: () => void;
}) {
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { packageIds: [], repack: 'keep_boxes', holdUntil: '', notes: '' },
  });
  const request = useRequestConsolidation();
  const picked = form.watch('packageIds');
  const holdUntil = form.watch('holdUntil');
  const enough = picked.length >= 2 || (picked.length >= 1 && holdUntil !== '');
  const preview = useConsolidationPreview(picked);
  const crosses = picked.length >= 2 && preview.data?.crossesDeMinimis === true;
  const [acknowledged, setAcknowledged] = useState<string | null>(null);
  const choice = [...picked].sort((a, b) => a - b).join(',');
  const [ackError, setAckError] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    if (!enough) {
      form.setError('packageIds', { message: SERVICE_MESSAGES.chooseTwoPackages });
      return;
    }
    if (crosses && acknowledged !== choice) {
      setAckError(true);
      return;
    }
    try {
      await request.mutateAsync({ ...values, holdUntil: values.holdUntil || null });
      toast.success(SERVICE_MESSAGES.requested);
      form.reset();
      onDone?.();
    } catch (error) {
      toast.error(errorMessage(error, 'Could not request the consolidation'));
    }
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Request a consolidation" noValidate>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">Packages at the warehouse</legend>
        {packages.length === 0 ? (
          <p className="text-sm text-slate-500">No package of yours is waiting at the warehouse right now.</p>
        ) : (
          <Controller
            control={form.control}
            name="packageIds"
            render={({ field }) => (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {packages.map((p) => {
                  const checked = field.value.includes(p.id);
                  return (
                    <li key={p.id}>
                      <label className="flex min-h-12 cursor-pointer items-center gap-3 px-3 py-2">
                        <input
                          type="checkbox"
                          className="h-5 w-5 shrink-0 accent-brand-600"
                          checked={checked}
                          onChange={() => field.onChange(checked ? field.value.filter((v) => v !== p.id) : [...field.value, p.id])}
                        />
                        <span className="min-w-0 flex-1">
                          <span className="block font-medium text-slate-900">{p.packageNumber}</span>
                          <span className="block truncate text-xs text-slate-500">
                            {p.description ?? p.trackingNumber} · {p.weightLb} lb
                          </span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
          />
        )}
        {errors.packageIds?.message && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {errors.packageIds.message}
          </p>
        )}
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">How should we repack?</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {REPACK_OPTIONS.map((option) => (
            <label key={option} className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
              <input type="radio" value={option} className="h-5 w-5 accent-brand-600" {...form.register('repack')} />
              <span className="text-sm text-slate-800">{REPACK_LABELS[option]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        label="Hold new arrivals until (optional)"
        error={errors.holdUntil?.message}
        hint="Packages that arrive until then join this request by themselves."
      >
        <Input type="date" {...form.register('holdUntil')} />
      </Field>
      <Field label="Notes (optional)" error={errors.notes?.message}>
        <Textarea rows={2} {...form.register('notes')} />
      </Field>
      {picked.length >= 2 && (
        <div className="space-y-2">
          <ConsolidationPreviewPanel preview={preview.data} isLoading={preview.isLoading} error={preview.error} />
          {crosses && (
            <div>
              <Checkbox
                label="I understand customs become due if these packages ship together"
                checked={acknowledged === choice}
                onChange={(e) => {
                  setAcknowledged(e.target.checked ? choice : null);
                  setAckError(false);
                }}
              />
              {ackError && (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  Tick the box to confirm you accept the customs, or choose other packages.
                </p>
              )}
            </div>
          )}
        </div>
      )}
      <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          Consolidation fee: <strong data-testid="consolidation-fee">{feeCents === undefined ? '…' : formatJmd(feeCents)}</strong>, on the
          new parcel's invoice. Free to cancel until we repack.
        </p>
        <Button type="submit" busy={request.isPending} disabled={packages.length === 0}>
          Request consolidation
        </Button>
      </div>
    </form>
  );
}
