import { ImagePlus } from 'lucide-react';
import { toast } from 'sonner';
import { PHOTOS_PER_PACKAGE, type PackagePhoto } from '@courier/shared/schemas/package-photos';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { openFile } from '@/lib/download';
import { usePackagePhotos, usePhotoUrl } from '../api/photos';
import { PhotoUploadButton } from './photo-upload-button';

function Thumb({ packageId, photo, customer, index }: { packageId: number; photo: PackagePhoto; customer: boolean; index: number }) {
  const url = usePhotoUrl(packageId, photo.id, 'thumb', customer);
  const base = customer ? `/customer/packages/${packageId}/photos` : `/packages/${packageId}/photos`;
  return (
    <li>
      <button
        type="button"
        className="block size-24 overflow-hidden rounded-md border border-slate-200 bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus"
        onClick={() => openFile(`${base}/${photo.id}`).catch((e) => toast.error(errorMessage(e, 'Could not open the photo')))}
        aria-label={`Open photo ${index + 1}`}
      >
        {url.data ? (
          <img src={url.data} alt={`Photo ${index + 1} of the package`} className="size-full object-cover" />
        ) : url.error ? (
          <span className="p-1 text-xs text-red-700">Could not load</span>
        ) : (
          <Spinner className="m-auto mt-9 size-4" label="Loading the photo" />
        )}
      </button>
    </li>
  );
}

/** The photos taken of a package at check-in; staff may add more (a file, or the phone's camera). */
export function PackagePhotos({
  packageId,
  customer = false,
  canAdd = false,
}: {
  packageId: number;
  customer?: boolean;
  canAdd?: boolean;
}) {
  const photos = usePackagePhotos(packageId, customer);
  const all = photos.data ?? [];
  // Photos of the contents (asked for by the customer) stand apart from the parcel's.
  const list = all.filter((p) => p.kind !== 'contents');
  const contents = all.filter((p) => p.kind === 'contents');
  return (
    <section aria-labelledby={`photos-${packageId}`} className="space-y-2">
      <h3 id={`photos-${packageId}`} className="text-sm font-semibold text-slate-900">
        Photos
      </h3>
      {photos.isLoading ? (
        <Spinner className="size-4" label="Loading the photos" />
      ) : photos.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(photos.error, 'Could not load the photos')}{' '}
          <Button size="sm" variant="ghost" onClick={() => void photos.refetch()}>
            Try again
          </Button>
        </p>
      ) : all.length === 0 ? (
        <p className="text-sm text-slate-600">{customer ? 'No photos of this package yet.' : 'No photos yet.'}</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600">No photos of the parcel itself.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Package photos">
          {list.map((p, i) => (
            <Thumb key={p.id} packageId={packageId} photo={p} customer={customer} index={i} />
          ))}
        </ul>
      )}
      {contents.length > 0 && (
        <>
          <h4 className="text-sm font-semibold text-slate-900">Photos of the contents</h4>
          <ul className="flex flex-wrap gap-2" aria-label="Photos of the contents">
            {contents.map((p, i) => (
              <Thumb key={p.id} packageId={packageId} photo={p} customer={customer} index={list.length + i} />
            ))}
          </ul>
        </>
      )}
      {canAdd && all.length < PHOTOS_PER_PACKAGE && (
        <PhotoUploadButton packageId={packageId} label="Add photo" fileLabel="Photo file" icon={ImagePlus} />
      )}
    </section>
  );
}
