import { useCallback, useEffect, useRef, useState } from 'react';

export interface Snapshot {
  id: number;
  blob: Blob;
  url: string;
}

/** The long side of a snapshot sent to the server (which shrinks it again to its own size). */
const SNAPSHOT_LONG_SIDE = 1920;

/**
 * The station's camera: a webcam over the desk or the tablet's back camera. The stream stays open
 * from one parcel to the next (opening a camera takes a moment), and each "take photo" draws the
 * current frame into a JPEG. Photos chosen as files (a phone's camera, a laptop) join the same list.
 */
export function usePhotoCapture() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  /** An off-screen video kept playing while the camera is on: photos are drawn from it at once, whatever the form shows. */
  const grabberRef = useRef<HTMLVideoElement | null>(null);
  const [live, setLive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [snapshots, setSnapshots] = useState<Snapshot[]>([]);
  const nextId = useRef(1);
  const cameraAvailable = typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

  const add = useCallback((blob: Blob) => {
    setSnapshots((s) => [...s, { id: nextId.current++, blob, url: URL.createObjectURL(blob) }]);
  }, []);

  const stop = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    if (grabberRef.current) grabberRef.current.srcObject = null;
    grabberRef.current = null;
    setLive(false);
  }, []);

  useEffect(() => stop, [stop]);

  /** Attaches the open stream to the (re)mounted preview. */
  const attach = useCallback(async (video: HTMLVideoElement | null) => {
    if (!video || !streamRef.current) return;
    if (video.srcObject !== streamRef.current) video.srcObject = streamRef.current;
    if (video.readyState < 2) await new Promise<void>((resolve) => video.addEventListener('loadeddata', () => resolve(), { once: true }));
    await video.play().catch(() => undefined);
  }, []);

  const open = useCallback(async () => {
    if (streamRef.current) return true;
    try {
      streamRef.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } },
        audio: false,
      });
      const grabber = document.createElement('video');
      grabber.muted = true;
      grabber.playsInline = true;
      grabber.srcObject = streamRef.current;
      grabberRef.current = grabber;
      await attach(grabber);
      setError(null);
      setLive(true);
      return true;
    } catch {
      setError('The camera could not be opened: allow it in the browser, or choose a photo file');
      return false;
    }
  }, [attach]);

  /** Draws the current frame as a JPEG; opens the camera first when it is off. */
  const take = useCallback(async () => {
    if (!(await open())) return false;
    const video = grabberRef.current;
    if (!video) return false;
    const scale = Math.min(1, SNAPSHOT_LONG_SIDE / Math.max(video.videoWidth, video.videoHeight, 1));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob) return false;
    add(blob);
    return true;
  }, [add, open]);

  const remove = (id: number) =>
    setSnapshots((s) => {
      const gone = s.find((x) => x.id === id);
      if (gone) URL.revokeObjectURL(gone.url);
      return s.filter((x) => x.id !== id);
    });

  /** Hands the photos over (to be uploaded with the package) and empties the list; the camera stays on. */
  const takeAll = () => {
    const all = snapshots;
    setSnapshots([]);
    return all;
  };

  return { videoRef, live, error, snapshots, cameraAvailable, take, add, remove, takeAll, stop, attach };
}

export type PhotoCapture = ReturnType<typeof usePhotoCapture>;
