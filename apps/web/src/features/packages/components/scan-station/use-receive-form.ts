import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { PackageDetail, ScanLookup } from '@courier/shared/schemas/packages';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useReceivePackage } from '../../api/packages';
import { EMPTY_RECEIVE_FIELDS, FORM_FIELD_OF, type ReceiveFields, type ReceiveValues, receiveFormSchema } from './receive-form-schema';

/**
 * The station's receive form: the looked-up tracking number and the typed fields. `submit`
 * validates and receives the package; the screen decides what follows (result panel, auto-print,
 * next scan).
 */
export function useReceiveForm() {
  const [lookup, setLookup] = useState<ScanLookup | null>(null);
  // The first box of a shipment whose next box is being received: it says the merchant and value.
  const [firstPiece, setFirstPiece] = useState<PackageDetail | null>(null);
  const fields = useForm<ReceiveFields, unknown, ReceiveValues>({
    resolver: zodResolver(receiveFormSchema),
    defaultValues: EMPTY_RECEIVE_FIELDS,
  });
  const receive = useReceivePackage();

  // The mode stays as the clerk set it: a run of parcels is usually all one mode.
  const emptyFields = (): ReceiveFields => ({ ...EMPTY_RECEIVE_FIELDS, mode: fields.getValues('mode') });

  const clear = () => {
    setLookup(null);
    setFirstPiece(null);
    fields.reset(emptyFields());
  };

  /**
   * Shows a freshly looked-up tracking number, filled from its pre-alert when there is one. The
   * next box of a shipment is filled from the first box: same customer, merchant, value, contents.
   */
  const start = (found: ScanLookup, nextPiece?: { of: number; first: PackageDetail }) => {
    setLookup(found);
    setFirstPiece(nextPiece?.first ?? null);
    const preAlert = found.package ? null : found.preAlert;
    const first = nextPiece?.first;
    fields.reset({
      ...emptyFields(),
      pieces: nextPiece ? String(nextPiece.of) : '',
      mailbox: first?.mailboxNumber ?? preAlert?.mailboxNumber ?? '',
      description: first?.description ?? preAlert?.description ?? '',
    });
  };

  /** A mailbox scanned during a receive fills the field in. */
  const setMailbox = (mailbox: string) => fields.setValue('mailbox', mailbox, { shouldValidate: fields.formState.isSubmitted });

  // Stable, so the screen can focus the weight in an effect without re-running it on each keystroke.
  const { setFocus } = fields;
  const focusWeight = useCallback(() => setFocus('weight'), [setFocus]);

  async function receiveChecked(trackingNumber: string, values: ReceiveValues): Promise<PackageDetail | null> {
    try {
      return await receive.mutateAsync({
        trackingNumber,
        weightLb: values.weight,
        ...values.dims,
        mailbox: values.mailbox,
        mode: values.mode,
        tariffClass: values.tariffClass,
        description: values.description,
        merchant: values.merchant,
        labelName: values.labelName,
        declaredValueUsdCents: values.valueUsd,
        pieceCount: values.pieces,
      });
    } catch (error) {
      const message = errorMessage(error, 'Could not receive the package');
      if (error instanceof ApiError && error.fieldErrors)
        for (const [key, said] of Object.entries(error.fieldErrors))
          fields.setError(FORM_FIELD_OF[key] ?? 'root', { message: said[0] ?? message });
      toast.error(message);
      return null;
    }
  }

  /** Validates the form; resolves to what to receive, or null when the form shows errors. */
  function check(e?: FormEvent): Promise<{ trackingNumber: string; values: ReceiveValues } | null> {
    e?.preventDefault();
    const trackingNumber = lookup?.trackingNumber;
    if (!trackingNumber) return Promise.resolve(null);
    return new Promise((resolve) => {
      void fields.handleSubmit(
        (values) => resolve({ trackingNumber, values }),
        () => resolve(null),
      )();
    });
  }

  /** Validates and receives; resolves to the package, or null when the form shows errors. */
  async function submit(e?: FormEvent): Promise<PackageDetail | null> {
    const checked = await check(e);
    return checked ? receiveChecked(checked.trackingNumber, checked.values) : null;
  }

  return {
    lookup,
    firstPiece,
    setLookup,
    fields,
    start,
    clear,
    check,
    receive: receiveChecked,
    submit,
    setMailbox,
    focusWeight,
    busy: receive.isPending,
  };
}

export type ReceiveForm = ReturnType<typeof useReceiveForm>;
