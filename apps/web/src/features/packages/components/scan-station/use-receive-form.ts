import { type FormEvent, useRef, useState } from 'react';
import type { ShippingMode } from '@courier/shared/constants/packages';
import { PACKAGE_MESSAGES, type PackageDetail, type ScanLookup, receivePackageSchema } from '@courier/shared/schemas/packages';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from 'sonner';
import { useReceivePackage } from '../../api/packages';

const decimal = (v: string) => (v.trim() === '' ? undefined : Number(v));

export interface ReceiveFields {
  weight: string;
  mailbox: string;
  mode: ShippingMode;
  dims: { l: string; w: string; h: string };
  description: string;
}

const EMPTY: ReceiveFields = { weight: '', mailbox: '', mode: 'AIR', dims: { l: '', w: '', h: '' }, description: '' };

/**
 * The state of the station's receive form: the looked-up tracking number, the typed fields and
 * their errors. `submit` validates with the shared schema and receives the package; the screen
 * decides what follows (result panel, auto-print, next scan).
 */
export function useReceiveForm() {
  const weightRef = useRef<HTMLInputElement>(null);
  const [lookup, setLookup] = useState<ScanLookup | null>(null);
  const [fields, setFields] = useState<ReceiveFields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const receive = useReceivePackage();

  const set = <K extends keyof ReceiveFields>(key: K, value: ReceiveFields[K]) => setFields((f) => ({ ...f, [key]: value }));

  const clear = () => {
    setLookup(null);
    // The mode stays as the clerk set it: a run of parcels is usually all one mode.
    setFields((f) => ({ ...EMPTY, mode: f.mode }));
    setErrors({});
  };

  /** Shows a freshly looked-up tracking number, filled from its pre-alert when there is one. */
  const start = (found: ScanLookup) => {
    clear();
    setLookup(found);
    if (!found.package)
      setFields((f) => ({ ...f, mailbox: found.preAlert?.mailboxNumber ?? '', description: found.preAlert?.description ?? '' }));
  };

  /** Validates and receives; resolves to the package, or null when the form shows errors. */
  async function submit(e?: FormEvent): Promise<PackageDetail | null> {
    e?.preventDefault();
    if (!lookup) return null;
    const input = {
      trackingNumber: lookup.trackingNumber,
      weightLb: fields.weight.trim() === '' ? Number.NaN : Number(fields.weight),
      lengthIn: decimal(fields.dims.l),
      widthIn: decimal(fields.dims.w),
      heightIn: decimal(fields.dims.h),
      mailbox: fields.mailbox.trim() || undefined,
      mode: fields.mode,
      description: fields.description.trim() || undefined,
    };
    const parsed = receivePackageSchema.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        next[String(issue.path[0])] ??=
          issue.path[0] === 'weightLb' && Number.isNaN(input.weightLb) ? PACKAGE_MESSAGES.weightRequired : issue.message;
      setErrors(next);
      if (next.weightLb) weightRef.current?.focus();
      return null;
    }
    try {
      return await receive.mutateAsync(parsed.data);
    } catch (error) {
      const message = errorMessage(error, 'Could not receive the package');
      if (error instanceof ApiError && error.fieldErrors)
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? message])));
      toast.error(message);
      return null;
    }
  }

  return { weightRef, lookup, setLookup, fields, set, errors, start, clear, submit, busy: receive.isPending };
}

export type ReceiveForm = ReturnType<typeof useReceiveForm>;
