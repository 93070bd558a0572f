import type { LucideIcon } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { PHOTO_MESSAGES, type PackagePhoto } from '@courier/shared/schemas/package-photos';
import { useUploadPhoto } from '../api/photos';

/**
 * Adds one photo to a package: the phone's back camera where there is one, else a file. The
 * parcel's own photos and the photos of its contents are added the same way.
 */
export function PhotoUploadButton({
  packageId,
  kind,
  label,
  fileLabel,
  icon: Icon,
}: {
  packageId: number;
  kind?: PackagePhoto['kind'];
  label: string;
  fileLabel: string;
  icon: LucideIcon;
}) {
  const upload = useUploadPhoto(packageId, kind);
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-label={fileLabel}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file)
            upload.mutate(file, {
              onSuccess: () => toast.success(PHOTO_MESSAGES.added),
              onError: (error) => toast.error(errorMessage(error, 'Could not add the photo')),
            });
        }}
      />
      <Button size="sm" variant="secondary" busy={upload.isPending} onClick={() => input.current?.click()}>
        <Icon className="size-4" aria-hidden="true" />
        {label}
      </Button>
    </>
  );
}
