import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { type PackageDto, releaseHoldSchema } from '@courier/shared/schemas/packages';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSubmitOnce } from '@/hooks/use-submit-once';
import { errorMessage } from '@/lib/api-client';
import { useReleaseHold, useUploadPackageInvoice } from '../api/packages';

/**
 * A package on hold: why, and the two ways out, uploading the merchant invoice (which ends a hold
 * for it) or releasing the hold by hand with a note. Shown to staff who may edit packages.
 */
export function PackageHoldPanel({ pkg }: { pkg: PackageDto }) {
  const release = useReleaseHold();
  const upload = useUploadPackageInvoice();
  const { register, handleSubmit, reset, formState } = useForm<z.input<typeof releaseHoldSchema>>({
    resolver: zodResolver(releaseHoldSchema),
    defaultValues: { note: '' },
  });
  const fileRef = useRef<HTMLInputElement>(null);
  const onRelease = useSubmitOnce(
    handleSubmit(async ({ note }) => {
      try {
        await release.mutateAsync({ id: pkg.id, note });
        reset();
      } catch (e) {
        toast.error(errorMessage(e, 'Could not release the hold'));
      }
    }),
  );
  if (pkg.status !== 'on_hold') return null;
  const noteError = formState.errors.note?.message;
  return (
    <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3" role="region" aria-label="Hold">
      <p className="text-sm font-medium text-amber-900">On hold{pkg.holdReason ? `: ${pkg.holdReason}` : ''}</p>
      {!pkg.hasInvoice && (
        <>
          <input
            ref={fileRef}
            type="file"
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            className="sr-only"
            aria-label="Merchant invoice file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file)
                upload.mutate({ id: pkg.id, file }, { onError: (err) => toast.error(errorMessage(err, 'Could not upload the invoice')) });
            }}
          />
          <Button size="sm" variant="secondary" busy={upload.isPending} onClick={() => fileRef.current?.click()}>
            Upload invoice
          </Button>
        </>
      )}
      <form className="flex items-end gap-2" onSubmit={onRelease} noValidate>
        <Field label="Note for releasing the hold" error={noteError} className="flex-1">
          <Input maxLength={500} {...register('note')} />
        </Field>
        <Button type="submit" size="sm" busy={release.isPending || formState.isSubmitting} className={noteError ? 'mb-6' : ''}>
          Release hold
        </Button>
      </form>
    </div>
  );
}
