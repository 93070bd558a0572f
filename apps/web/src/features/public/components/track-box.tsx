import { PackageSearch } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { useNavigate } from 'react-router';
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

/** The home page's tracking box (issue 18): a number, then the /track page with its answer. */
export function TrackBox() {
  const navigate = useNavigate();
  const inputId = useId();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = trackNumberOf(event.currentTarget);
    if (value) navigate(`${paths.track}?number=${encodeURIComponent(value)}`);
  }
  return (
    <section aria-labelledby={`${inputId}-title`} className="bg-white">
      <form onSubmit={onSubmit} className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 sm:flex-row sm:items-center" role="search">
        <h2 id={`${inputId}-title`} className="flex shrink-0 items-center gap-2 text-lg font-semibold text-slate-900">
          <PackageSearch className="h-5 w-5 text-brand-700" aria-hidden="true" /> Track a package
        </h2>
        <label htmlFor={inputId} className="sr-only">
          Tracking or package number
        </label>
        <Input id={inputId} name="number" placeholder="Tracking or package number" autoComplete="off" className="sm:max-w-md" />
        <Button type="submit">Track</Button>
      </form>
    </section>
  );
}
