import { PackageSearch } from 'lucide-react';
import { type ComponentProps, type FormEvent, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { STORAGE_KEYS } from '@courier/shared/constants/limits';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { paths } from '@/lib/paths';

/**
 * The number in a tracking form, read from the form itself: on a pre-rendered page a visitor can
 * type before React has hydrated, and React state would not have seen it.
 */
export function trackNumberOf(form: HTMLFormElement): string {
  return String(new FormData(form).get('number') ?? '').trim();
}

const TRACK_NUMBER_MISSING = 'Enter a tracking number, or the package number on your label.';

/**
 * Submitting a tracking form: the number opens /track with its answer. An empty box is said in
 * our words and keeps the focus, instead of the browser's own "required" bubble.
 */
export function useTrackSubmit() {
  const navigate = useNavigate();
  const [missing, setMissing] = useState(false);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const value = trackNumberOf(form);
    setMissing(!value);
    if (value) navigate(`${paths.track}?number=${encodeURIComponent(value)}`);
    else (form.elements.namedItem('number') as HTMLInputElement | null)?.focus();
  }
  return { onSubmit, error: missing ? TRACK_NUMBER_MISSING : undefined, clearError: () => setMissing(false) };
}

/**
 * Where a tracking form goes without scripts: a plain GET of /track?number=…, with the address's
 * api key so the answer stays on the same courier's site.
 */
export const TRACK_FORM_TARGET = { action: paths.track, method: 'get' } as const;

/** The address's own api key carried by a tracking form (nothing when the address has none). */
export function TrackApiKeyInput() {
  const apiKey = new URLSearchParams(useLocation().search).get(STORAGE_KEYS.apiKey)?.trim();
  return apiKey ? <input type="hidden" name="api_key" value={apiKey} /> : null;
}

/** The number's input with its error under it, wired for screen readers; the button stays level with the input. */
export function TrackNumberInput({ id, error, ...props }: ComponentProps<typeof Input> & { id: string; error?: string }) {
  return (
    <div className="flex-1">
      <Input
        id={id}
        name="number"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The home page's tracking box: a number, then the /track page with its answer. */
export function TrackBox() {
  const inputId = useId();
  const { onSubmit, error, clearError } = useTrackSubmit();
  return (
    <section aria-labelledby={`${inputId}-title`} className="bg-white">
      <form
        {...TRACK_FORM_TARGET}
        onSubmit={onSubmit}
        noValidate
        className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 sm:flex-row sm:items-start"
        role="search"
      >
        <h2 id={`${inputId}-title`} className="flex shrink-0 items-center gap-2 text-lg font-semibold text-slate-900 sm:h-10">
          <PackageSearch className="h-5 w-5 text-brand-700" aria-hidden="true" /> Track a package
        </h2>
        <label htmlFor={inputId} className="sr-only">
          Tracking or package number
        </label>
        <TrackApiKeyInput />
        <div className="sm:max-w-md sm:flex-1">
          <TrackNumberInput id={inputId} placeholder="Tracking or package number" error={error} onInput={clearError} />
        </div>
        <Button type="submit" worksWithoutScripts>
          Track
        </Button>
      </form>
    </section>
  );
}
