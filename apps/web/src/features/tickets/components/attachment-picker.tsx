import { Paperclip, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { fileSize } from '@/components/ui/file-picker';
import { TICKET_ATTACHMENT_ACCEPT, TICKET_ATTACHMENT_MAX_FILES, ticketFilesError } from '@courier/shared/schemas/tickets';

/**
 * Up to three PDF, JPG or PNG files for a ticket or a reply: each choice adds to the list, each
 * file can be removed, and the count/size/type rules show their message at once.
 */
export function AttachmentPicker({
  files,
  onChange,
  error,
  disabled,
}: {
  files: File[];
  onChange: (files: File[], error: string | null) => void;
  error: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const full = files.length >= TICKET_ATTACHMENT_MAX_FILES;
  const update = (next: File[]) => onChange(next, ticketFilesError(next));
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          accept={TICKET_ATTACHMENT_ACCEPT}
          className="sr-only"
          disabled={disabled || full}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            const chosen = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (chosen.length > 0) update([...files, ...chosen]);
          }}
        />
        <label
          htmlFor={id}
          className={
            disabled || full
              ? 'inline-flex cursor-not-allowed items-center gap-2 rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-400'
              : 'inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus'
          }
        >
          <Paperclip className="h-4 w-4" aria-hidden="true" />
          Attach files
        </label>
        <span id={`${id}-hint`} className="text-xs text-slate-500">
          PDF, JPG or PNG, up to 10MB each, at most {TICKET_ATTACHMENT_MAX_FILES} files.
        </span>
      </div>
      {files.length > 0 && (
        <ul className="space-y-1" aria-label="Attached files">
          {files.map((f, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: two chosen files may share a name and size; the position tells them apart.
              key={`${f.name}-${f.size}-${i}`}
              className="flex items-center gap-2 rounded border border-slate-200 bg-slate-50 px-2 py-1 text-sm"
            >
              <Paperclip className="h-3 w-3 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate text-slate-800">{f.name}</span>
              <span className="shrink-0 text-xs text-slate-500">{fileSize(f.size)}</span>
              <button
                type="button"
                className="rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
                aria-label={`Remove ${f.name}`}
                disabled={disabled}
                onClick={() => update(files.filter((_, j) => j !== i))}
              >
                <X className="h-3 w-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
