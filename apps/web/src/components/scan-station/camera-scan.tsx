import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/** The Shape Detection API is not in TypeScript's DOM library yet: only what we use of it. */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = (new (options: {
  formats: string[];
}) => BarcodeDetectorLike) & {
  getSupportedFormats?: () => Promise<string[]>;
};

/** Our labels (Code 128), the carriers' labels (Code 128, Code 39, ITF, Data Matrix, PDF417), QR and retail codes. */
const FORMATS = [
  'code_128',
  'code_39',
  'code_93',
  'codabar',
  'itf',
  'ean_13',
  'ean_8',
  'upc_a',
  'upc_e',
  'qr_code',
  'data_matrix',
  'pdf417',
];
const SCAN_INTERVAL_MS = 200;

function nativeDetector(): BarcodeDetectorCtor | undefined {
  return (globalThis as unknown as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
}

/**
 * The browser's own detector when it reads Code 128, else the ZXing polyfill, fetched (with its
 * WebAssembly) only now that the camera is wanted. Resolves to the detector and the formats to ask.
 */
async function loadDetector(): Promise<{ Detector: BarcodeDetectorCtor; formats: string[] }> {
  const native = nativeDetector();
  if (native) {
    const supported = (await native.getSupportedFormats?.().catch(() => [])) ?? FORMATS;
    if (supported.includes('code_128')) return { Detector: native, formats: FORMATS.filter((f) => supported.includes(f)) };
  }
  const { BarcodeDetector } = await import('./barcode-polyfill');
  return { Detector: BarcodeDetector as unknown as BarcodeDetectorCtor, formats: FORMATS };
}

/** Camera scanning needs only a camera: where the browser has no barcode detector, ZXing reads the frames. */
export function cameraScanSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

function cameraError(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Camera access was denied. Allow the camera for this site in your browser settings, or type the tracking number.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Close it and try again.';
  return 'Could not start the camera. Type the tracking number instead.';
}

interface CameraScanProps {
  /** Called once with the first code the camera reads; the dialog then closes. */
  onDetected: (value: string) => void;
}

/**
 * "Scan with camera" for a phone on the Scan screen: the rear camera's video in a dialog, read
 * by BarcodeDetector (the browser's, or the ZXing polyfill) until a code is found. Rendered
 * wherever there is a camera; the keyboard-wedge flow stays the default.
 */
export function CameraScan({ onDetected }: CameraScanProps) {
  const [open, setOpen] = useState(false);
  const [supported] = useState(cameraScanSupported);
  if (!supported) return null;
  return (
    <>
      <Button type="button" variant="secondary" onClick={() => setOpen(true)} className="sm:mb-6">
        <Camera className="h-4 w-4" aria-hidden="true" />
        Scan with camera
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Scan with camera" description="Point the camera at the parcel's barcode.">
        {open && (
          <CameraView
            onDetected={(value) => {
              setOpen(false);
              onDetected(value);
            }}
          />
        )}
      </Dialog>
    </>
  );
}

function CameraView({ onDetected }: CameraScanProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string>();
  const [starting, setStarting] = useState(true);
  const detectedRef = useRef(onDetected);
  detectedRef.current = onDetected;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    async function start() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (e) {
        if (!stopped) setError(cameraError(e));
        return;
      } finally {
        if (!stopped) setStarting(false);
      }
      if (stopped) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      const video = videoRef.current;
      if (!video) return;
      video.srcObject = stream;
      try {
        await video.play();
      } catch {
        // Autoplay of a muted inline video is allowed; if it is refused the frames still arrive for detection.
      }
      let detector: BarcodeDetectorLike;
      try {
        const { Detector, formats } = await loadDetector();
        if (stopped) return;
        detector = new Detector({ formats });
      } catch (e) {
        if (!stopped) setError(cameraError(e));
        return;
      }
      const tick = async () => {
        if (stopped) return;
        try {
          const codes = await detector.detect(video);
          const value = codes.find((c) => c.rawValue.trim() !== '')?.rawValue.trim();
          if (value && !stopped) {
            stopped = true;
            detectedRef.current(value);
            return;
          }
        } catch {
          // No frame yet (the video is still starting): try again on the next tick.
        }
        timer = setTimeout(tick, SCAN_INTERVAL_MS);
      };
      void tick();
    }
    void start();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="space-y-3">
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : (
        <>
          <video
            ref={videoRef}
            muted
            playsInline
            autoPlay
            className="aspect-video w-full rounded-md bg-slate-900 object-cover"
            aria-label="Camera preview"
          />
          <p className="text-sm text-slate-600" aria-live="polite">
            {starting ? 'Starting the camera…' : 'Looking for a barcode…'}
          </p>
        </>
      )}
    </div>
  );
}
