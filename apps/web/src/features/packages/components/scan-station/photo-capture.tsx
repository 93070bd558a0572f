import { Camera, ImagePlus, VideoOff, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import type { PhotoCapture as Capture } from './use-photo-capture';

interface Props {
  capture: Capture;
  /** Where the focus goes after a photo (the receive button: Enter, Enter takes it and receives). */
  onTaken?: () => void;
}

/**
 * Photos in the receive form: "Take photo" snaps the live camera (opening it the first time), "Choose
 * photo" takes a file (on a phone, its camera). The photos go up with the package once it is received.
 */
export function PhotoCaptureField({ capture, onTaken }: Props) {
  const file = useRef<HTMLInputElement>(null);
  const { videoRef, live, attach } = capture;
  useEffect(() => {
    if (live) void attach(videoRef.current);
  }, [live, attach, videoRef]);

  return (
    <fieldset className="space-y-2 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">Photos</legend>
      {/* Always in the page, so the first "Take photo" can draw from it as soon as the camera opens. */}
      <video
        ref={videoRef}
        muted
        playsInline
        className={live ? 'aspect-video w-full max-w-sm rounded-md bg-slate-900 object-cover' : 'hidden'}
        aria-label="Camera preview"
      />
      <div className="flex flex-wrap items-center gap-2">
        {capture.cameraAvailable && (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={async () => {
              if (await capture.take()) onTaken?.();
            }}
          >
            <Camera className="size-4" aria-hidden="true" />
            Take photo
          </Button>
        )}
        <Button type="button" size="sm" variant="secondary" onClick={() => file.current?.click()}>
          <ImagePlus className="size-4" aria-hidden="true" />
          Choose photo
        </Button>
        {live && (
          <Button type="button" size="sm" variant="ghost" onClick={capture.stop}>
            <VideoOff className="size-4" aria-hidden="true" />
            Camera off
          </Button>
        )}
        <input
          ref={file}
          type="file"
          accept="image/jpeg,image/png"
          capture="environment"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Photo files"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            for (const f of files) capture.add(f);
            e.target.value = '';
            if (files.length > 0) onTaken?.();
          }}
        />
      </div>
      {capture.error && (
        <p role="alert" className="text-sm text-red-700">
          {capture.error}
        </p>
      )}
      {capture.snapshots.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Photos to add">
          {capture.snapshots.map((s, i) => (
            <li key={s.id} className="relative">
              <img src={s.url} alt={`New photo ${i + 1}`} className="size-20 rounded-md border border-slate-200 object-cover" />
              <button
                type="button"
                className="absolute -top-2 -right-2 rounded-full bg-white p-0.5 shadow ring-1 ring-slate-300"
                onClick={() => capture.remove(s.id)}
                aria-label={`Remove new photo ${i + 1}`}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
