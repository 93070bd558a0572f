import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { PACKAGE_MESSAGES, type PackageDto, releaseHoldSchema } from '@courier/shared/schemas/packages';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useReleaseHold, useUploadPackageInvoice } from '../api/packages';

/**
 * A package on hold: why, and the two ways out, uploading the merchant invoice (which ends a hold
 * for it) or releasing the hold by hand with a note. Shown to staff who may edit packages.
 */
export function PackageHoldPanel({ pkg }: { pkg: PackageDto }) {
  const release = useReleaseHold();
  const upload = useUploadPackageInvoice();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const fileRef = useRef<HTMLInputElement>(null);
  if (pkg.status !== 'on_hold') return null;
  const onRelease = () => {
    const parsed = releaseHoldSchema.safeParse({ note });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message ?? PACKAGE_MESSAGES.releaseNoteRequired);
      return;
    }
    setNoteError(undefined);
    release.mutate(
      { id: pkg.id, note: parsed.data.note },
      { onSuccess: () => setNote(''), onError: (e) => toast.error(errorMessage(e, 'Could not release the hold')) },
    );
  };
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
      <div className="flex items-end gap-2">
        <Field label="Note for releasing the hold" error={noteError} className="flex-1">
          <Input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <Button size="sm" busy={release.isPending} onClick={onRelease} className={noteError ? 'mb-6' : ''}>
          Release hold
        </Button>
      </div>
    </div>
  );
}
