import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

export interface SignaturePadHandle {
  /** The drawing as a PNG data URL, or null when nothing was drawn. */
  toDataUrl: () => string | null;
  clear: () => void;
}

/**
 * A signature box for finger, pen or mouse: pointer events cover all three, pointer capture keeps
 * a stroke going past the edge, and `touch-action: none` stops the page scrolling while signing.
 */
export function SignaturePad({
  ref,
  onChange,
  label,
}: {
  ref: Ref<SignaturePadHandle>;
  onChange: (signed: boolean) => void;
  label: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [signed, setSigned] = useState(false);

  const size = useRef('');

  // Sizes the canvas to its box at the screen's pixel ratio, with the pen's style.
  const fit = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return null;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = canvas.getBoundingClientRect();
    size.current = `${width}x${height}x${ratio}`;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    // Ink of the token palette; the pad is paper-white in both modes, as the signature is stored.
    ctx.strokeStyle = getComputedStyle(canvas).color;
    return { ctx, width, height };
  }, []);

  const reset = useCallback(() => {
    fit();
    setSigned(false);
    onChange(false);
  }, [fit, onChange]);

  // A change of the box's size (turning a tablet, a scrollbar coming or going) keeps the drawing,
  // scaled into the new box.
  useEffect(() => {
    reset();
    const onResize = () => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      const { width, height } = canvas.getBoundingClientRect();
      if (`${width}x${height}x${window.devicePixelRatio || 1}` === size.current) return;
      const before = document.createElement('canvas');
      before.width = canvas.width;
      before.height = canvas.height;
      before.getContext('2d')?.drawImage(canvas, 0, 0);
      const fitted = fit();
      fitted?.ctx.drawImage(before, 0, 0, fitted.width, fitted.height);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [reset, fit]);

  useImperativeHandle(ref, () => ({
    toDataUrl: () => (signed && canvasRef.current ? canvasRef.current.toDataURL('image/png') : null),
    clear: reset,
  }));

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  return (
    <div>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        className="h-48 w-full touch-none rounded-md border-2 border-dashed border-slate-300 bg-paper text-ink"
        onPointerDown={(e) => {
          const ctx = e.currentTarget.getContext('2d');
          if (!ctx) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          drawing.current = true;
          const { x, y } = point(e);
          ctx.beginPath();
          ctx.moveTo(x, y);
          // A tap leaves a dot.
          ctx.lineTo(x + 0.1, y + 0.1);
          ctx.stroke();
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = e.currentTarget.getContext('2d');
          if (!ctx) return;
          const { x, y } = point(e);
          ctx.lineTo(x, y);
          ctx.stroke();
          if (!signed) {
            setSigned(true);
            onChange(true);
          }
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
        onPointerCancel={() => {
          drawing.current = false;
        }}
      />
      <div className="mt-2 flex justify-between text-sm text-slate-500">
        <span>Sign above with your finger, a pen or the mouse.</span>
        <Button type="button" variant="ghost" size="sm" onClick={reset}>
          Clear
        </Button>
      </div>
    </div>
  );
}

/**
 * Who signs and their signature, as the collection and the home delivery both ask for it: a name
 * field, the box, and the box's error under it.
 */
export function SignedNameFields({
  nameLabel,
  name,
  onNameChange,
  nameError,
  pad,
  onSigned,
  signatureError,
  nameReadOnly,
}: {
  nameLabel: string;
  /** The name comes from a list (an authorised person) and is not typed. */
  nameReadOnly?: boolean;
  name: string;
  onNameChange: (name: string) => void;
  nameError?: string;
  pad: Ref<SignaturePadHandle>;
  onSigned: (signed: boolean) => void;
  signatureError?: string;
}) {
  return (
    <>
      <Field label={nameLabel} error={nameError}>
        <Input value={name} onChange={(e) => onNameChange(e.target.value)} autoComplete="off" maxLength={120} readOnly={nameReadOnly} />
      </Field>
      <SignaturePad ref={pad} onChange={onSigned} label="Signature box" />
      {signatureError && (
        <p className="text-sm text-red-600" role="alert">
          {signatureError}
        </p>
      )}
    </>
  );
}
