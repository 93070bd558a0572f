import { Upload } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FilePicker } from '@/components/ui/file-picker';
import { Label } from '@/components/ui/input';

interface FileUploadProps {
  label: string;
  accept: string;
  hint?: string;
  /** The browser's first check of a chosen file; the server checks its content again. */
  validate: (file: File) => string | null;
  /** Uploads the file, reporting progress 0-100; resolves when the server accepted it. */
  upload: (file: File, onProgress: (percent: number) => void) => Promise<void>;
  /** Shown beside the chooser, e.g. a preview of the chosen image. */
  preview?: (file: File) => ReactNode;
}

/**
 * Choose a file (with the one FilePicker, not the browser's raw control), then upload it: the upload button appears only once a file is chosen and reads 'Uploading...' while it
 * goes, with a progress bar for large files.
 */
export function FileUpload({ label, accept, hint, validate, upload, preview }: FileUploadProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);

  const choose = (chosen: File | null) => {
    setProgress(0);
    if (!chosen) {
      setFile(null);
      setError(null);
      return;
    }
    const problem = validate(chosen);
    setError(problem);
    setFile(problem ? null : chosen);
  };

  const start = async () => {
    if (!file) return;
    setUploading(true);
    setProgress(0);
    try {
      await upload(file, setProgress);
      setFile(null);
    } catch {
      // The caller has told the person (toast) and logged it; the chosen file stays for a retry.
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="space-y-3">
      <div>
        <Label htmlFor={id}>{label}</Label>
        <div className="mt-1">
          <FilePicker
            id={id}
            file={file}
            accept={accept}
            disabled={uploading}
            onChange={choose}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          />
        </div>
        {hint && !error && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
      {file && preview?.(file)}
      {file && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button onClick={start} busy={uploading}>
            {!uploading && <Upload className="h-4 w-4" aria-hidden="true" />}
            {uploading ? 'Uploading...' : 'Upload'}
          </Button>
          {uploading && (
            <div className="flex flex-1 items-center gap-2">
              <div
                role="progressbar"
                aria-label={`${label} upload progress`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${progress}%` }} />
              </div>
              <span className="w-10 text-right text-xs text-slate-600 tabular-nums">{progress}%</span>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
