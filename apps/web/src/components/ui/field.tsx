import { type ReactElement, cloneElement, useId } from 'react';
import { Label } from './input';

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  /** The control; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}

/** A labelled form control with its hint and its error message, wired for screen readers. */
export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId();
  // A hint that the error repeats word for word (e.g. the password length) is said once.
  const shownHint = hint && hint !== error ? hint : undefined;
  const hintId = shownHint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {shownHint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {shownHint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
