import { FileText, X } from 'lucide-react';
import { forwardRef, useRef } from 'react';

/** A file's size as people read it: KB below a megabyte, else MB with one decimal. */
export const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

interface FilePickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
  accept: string;
  /** On a phone, open the camera ('environment': the back one) instead of the file list. */
  capture?: 'user' | 'environment';
  disabled?: boolean;
  /** Set by Field: the hidden input gets the id, so the field's label opens the chooser too. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * One file, chosen with a button instead of the browser's raw control: the chosen file shows by
 * name and size with a Remove button, and choosing again replaces it.
 */
export const FilePicker = forwardRef<HTMLInputElement, FilePickerProps>(function FilePicker(
  { file, onChange, accept, capture, disabled, id, ...aria },
  forwardedRef,
) {
  const own = useRef<HTMLInputElement | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={(node) => {
          own.current = node;
          if (typeof forwardedRef === 'function') forwardedRef(node);
          else if (forwardedRef) forwardedRef.current = node;
        }}
        id={id}
        type="file"
        accept={accept}
        capture={capture}
        className="sr-only"
        disabled={disabled}
        {...aria}
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          // Cleared so choosing the same file again after Remove still fires a change.
          e.target.value = '';
          if (chosen) onChange(chosen);
        }}
      />
      <button
        type="button"
        disabled={disabled}
        onClick={() => own.current?.click()}
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400"
      >
        <FileText className="h-4 w-4" aria-hidden="true" />
        {file ? 'Choose another file' : 'Choose file'}
      </button>
      {file ? (
        <span className="flex min-w-0 items-center gap-2 rounded border border-slate-200 bg-slate-50 px-2 py-1 text-sm">
          <span className="min-w-0 truncate text-slate-800">{file.name}</span>
          <span className="shrink-0 text-xs text-slate-500">{fileSize(file.size)}</span>
          <button
            type="button"
            className="rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
            aria-label={`Remove ${file.name}`}
            disabled={disabled}
            onClick={() => onChange(null)}
          >
            <X className="h-3 w-3" aria-hidden="true" />
          </button>
        </span>
      ) : (
        <span className="text-sm text-slate-500">No file chosen</span>
      )}
    </div>
  );
});
