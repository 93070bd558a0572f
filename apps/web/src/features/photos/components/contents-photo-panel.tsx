import { Camera } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '@courier/shared/domain/datetime';
import { formatMoney } from '@courier/shared/format/money';
import { CONTENTS_PHOTO_MESSAGES, type ContentsPhotoState } from '@courier/shared/schemas/contents-photos';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useCancelContentsPhoto, useCompleteContentsPhoto, useContentsPhoto, useRequestContentsPhoto } from '../api/contents-photo';
import { usePackagePhotos } from '../api/photos';
import { PhotoUploadButton } from './photo-upload-button';

interface Props {
  packageId: number;
  packageNumber: string;
  zone: string;
}

const priceOf = (s: ContentsPhotoState) => `${formatMoney(s.feeCents)} (${s.feeName})`;

/** The customer's side: ask (the price shown before confirming), see it waiting, cancel free until taken. */
function CustomerContentsPhoto({ packageId, packageNumber, zone }: Props) {
  const state = useContentsPhoto(packageId, true);
  const ask = useRequestContentsPhoto(packageId);
  const cancel = useCancelContentsPhoto(packageId);
  const [confirming, setConfirming] = useState<'ask' | 'cancel' | null>(null);
  const s = state.data;
  if (!s) return null;
  const request = s.request;
  if (!request && !s.canRequest) return null;
  return (
    <section aria-label="Photo of contents" className="space-y-2 rounded-md border border-slate-200 p-3 text-sm">
      <h3 className="font-semibold text-slate-900">Photo of contents</h3>
      {!request ? (
        <>
          <p className="text-slate-700">
            We can open your parcel and photograph what is inside for {formatMoney(s.feeCents)}, added to this package's invoice.
          </p>
          <Button size="sm" onClick={() => setConfirming('ask')}>
            Ask for a photo of the contents
          </Button>
        </>
      ) : request.status === 'open' ? (
        <>
          <p role="status" className="text-slate-700">
            Requested {formatDateTime(request.requestedAt, zone)} for {formatMoney(request.feeCents)}. We will e-mail you when the photos
            are taken.
          </p>
          <Button size="sm" variant="secondary" onClick={() => setConfirming('cancel')}>
            Cancel request
          </Button>
        </>
      ) : (
        <p role="status" className="text-slate-700">
          Taken {request.doneAt ? formatDateTime(request.doneAt, zone) : ''}: see the photos of the contents below. {request.feeName}:{' '}
          {formatMoney(request.feeCents)} on this package's invoice.
        </p>
      )}
      <ConfirmDialog
        open={confirming === 'ask'}
        onOpenChange={(o) => setConfirming(o ? 'ask' : null)}
        title="Ask for a photo of the contents?"
        message={`We will open ${packageNumber} and photograph what is inside. ${priceOf(s)} goes on this package's invoice. You can cancel free until we take the photos.`}
        cancelLabel="Not now"
        confirmLabel={`Confirm for ${formatMoney(s.feeCents)}`}
        variant="primary"
        busy={ask.isPending}
        onConfirm={() =>
          ask.mutate(s.feeCents, {
            onSuccess: () => {
              setConfirming(null);
              toast.success(CONTENTS_PHOTO_MESSAGES.requested);
            },
            onError: (error) => {
              setConfirming(null);
              toast.error(errorMessage(error, 'Could not ask for the photo'));
              void state.refetch();
            },
          })
        }
      />
      <ConfirmDialog
        open={confirming === 'cancel'}
        onOpenChange={(o) => setConfirming(o ? 'cancel' : null)}
        title="Cancel the photo of contents?"
        message="Nothing is charged. You can ask again later while the parcel is with us."
        confirmLabel="Cancel request"
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setConfirming(null);
              toast.success(CONTENTS_PHOTO_MESSAGES.cancelled);
            },
            onError: (error) => toast.error(errorMessage(error, 'Could not cancel the request')),
          })
        }
      />
    </section>
  );
}

/** Staff's side: the open request stands out; they add photos of the contents, then mark it done. */
function StaffContentsPhoto({ packageId, zone, canEdit }: Props & { canEdit: boolean }) {
  const state = useContentsPhoto(packageId, false);
  const photos = usePackagePhotos(packageId, false);
  const done = useCompleteContentsPhoto(packageId);
  const request = state.data?.request;
  if (!request) return null;
  if (request.status === 'done') {
    return (
      <p role="status" className="rounded-md border border-slate-200 p-3 text-sm text-slate-700">
        Photo of contents taken {request.doneAt ? formatDateTime(request.doneAt, zone) : ''} ({request.feeName},{' '}
        {formatMoney(request.feeCents)}).
      </p>
    );
  }
  const taken = (photos.data ?? []).filter((p) => p.kind === 'contents' && p.takenAt >= request.requestedAt).length;
  return (
    <section
      aria-label="Photo of contents requested"
      className="space-y-2 rounded-md border-2 border-amber-500 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="font-semibold">The customer asked for a photo of the contents</p>
      <p>
        Requested {formatDateTime(request.requestedAt, zone)} ({request.feeName}, {formatMoney(request.feeCents)}). Open the parcel, add
        photos of what is inside, then mark it done: the customer is told and the fee goes on the invoice.
      </p>
      {canEdit && (
        <div className="flex flex-wrap items-center gap-2">
          <PhotoUploadButton
            packageId={packageId}
            kind="contents"
            label="Add contents photo"
            fileLabel="Contents photo file"
            icon={Camera}
          />
          <Button
            size="sm"
            disabled={taken === 0}
            busy={done.isPending}
            onClick={() =>
              done.mutate(undefined, {
                onSuccess: () => toast.success(CONTENTS_PHOTO_MESSAGES.done),
                onError: (error) => toast.error(errorMessage(error, 'Could not close the request')),
              })
            }
          >
            Done: send to the customer
          </Button>
          <span className="text-xs">{taken === 0 ? CONTENTS_PHOTO_MESSAGES.noPhotoYet : `${taken} contents photo(s) taken`}</span>
        </div>
      )}
    </section>
  );
}

/** The photo of contents a customer may ask for on a package, as the customer or the courier's staff see it. */
export function ContentsPhotoPanel({ customer, canEdit = false, ...props }: Props & { customer: boolean; canEdit?: boolean }) {
  return customer ? <CustomerContentsPhoto {...props} /> : <StaffContentsPhoto {...props} canEdit={canEdit} />;
}

/** The station's notice when a scanned parcel has a photo of contents waiting. */
export function ContentsPhotoNotice({ packageNumber }: { packageNumber: string }) {
  return (
    <p role="alert" className="rounded-md border-2 border-amber-500 bg-amber-50 p-3 text-sm font-semibold text-amber-950">
      {CONTENTS_PHOTO_MESSAGES.stationNotice(packageNumber)}
    </p>
  );
}
