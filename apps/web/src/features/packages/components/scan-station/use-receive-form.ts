import { type FormEvent, useRef, useState } from 'react';
import type { ShippingMode } from '@courier/shared/constants/packages';
import { DIMENSIONS_FORMAT_MESSAGE, parseDimensions } from '@courier/shared/domain/volumetric';
import { PACKAGE_MESSAGES, type PackageDetail, type ScanLookup, receivePackageSchema } from '@courier/shared/schemas/packages';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from 'sonner';
import { useReceivePackage } from '../../api/packages';

export interface ReceiveFields {
  weight: string;
  mailbox: string;
  mode: ShippingMode;
  /** As typed or as the dimensioner types it: "12x10x8". */
  dims: string;
  description: string;
  /** Boxes under this tracking number ('' or 1: one box). */
  pieces: string;
  merchant: string;
  /** Declared value in dollars, as typed. */
  valueUsd: string;
}

const VALUE_FORMAT_MESSAGE = 'Type the declared value in US dollars, e.g. 45.99';

const decimal = (v: string) => (v.trim() === '' ? undefined : Number(v));

const EMPTY: ReceiveFields = { weight: '', mailbox: '', mode: 'AIR', dims: '', description: '', merchant: '', valueUsd: '', pieces: '' };

/** Dollars as typed to cents; NaN (refused by the schema) when it is not a number. */
const cents = (v: string) => (v.trim() === '' ? undefined : Math.round(Number(v.replace(/[$,\s]/g, '')) * 1e4) / 100);

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
  const start = (found: ScanLookup, nextPiece?: { of: number }) => {
    clear();
    setLookup(found);
    if (nextPiece) setFields((f) => ({ ...f, pieces: String(nextPiece.of) }));
    if (!found.package)
      setFields((f) => ({ ...f, mailbox: found.preAlert?.mailboxNumber ?? '', description: found.preAlert?.description ?? '' }));
  };

  /** Validates and receives; resolves to the package, or null when the form shows errors. */
  async function submit(e?: FormEvent): Promise<PackageDetail | null> {
    e?.preventDefault();
    if (!lookup) return null;
    const dims = fields.dims.trim() === '' ? null : parseDimensions(fields.dims);
    const input = {
      trackingNumber: lookup.trackingNumber,
      weightLb: fields.weight.trim() === '' ? Number.NaN : Number(fields.weight),
      lengthIn: dims?.lengthIn,
      widthIn: dims?.widthIn,
      heightIn: dims?.heightIn,
      mailbox: fields.mailbox.trim() || undefined,
      mode: fields.mode,
      description: fields.description.trim() || undefined,
      merchant: fields.merchant.trim() || undefined,
      declaredValueUsdCents: cents(fields.valueUsd),
      pieceCount: decimal(fields.pieces),
    };
    const parsed = receivePackageSchema.safeParse(input);
    const badDims = fields.dims.trim() !== '' && !dims;
    if (!parsed.success || badDims) {
      const next: Record<string, string> = {};
      if (badDims) next.dims = DIMENSIONS_FORMAT_MESSAGE;
      for (const issue of parsed.error?.issues ?? [])
        next[String(issue.path[0])] ??=
          issue.path[0] === 'weightLb' && Number.isNaN(input.weightLb) ? PACKAGE_MESSAGES.weightRequired : issue.message;
      // Dimensions and value errors show under one field each.
      for (const k of ['lengthIn', 'widthIn', 'heightIn'] as const) if (next[k]) next.dims ??= next[k];
      // A value that is not a number is said in our words, not zod's.
      if (next.declaredValueUsdCents)
        next.valueUsd = Number.isNaN(input.declaredValueUsdCents) ? VALUE_FORMAT_MESSAGE : next.declaredValueUsdCents;
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
