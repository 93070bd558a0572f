import { CheckCircle2, PackageSearch } from 'lucide-react';
import { useId } from 'react';
import { useLocation } from 'react-router';
import { newestFirst } from '@courier/shared/domain/timeline';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { useTrackPackage } from '@/features/public/api/track-package';
import { TRACK_FORM_TARGET, TrackApiKeyInput, TrackNumberInput, useTrackSubmit } from '@/features/public/components/track-box';
import { ApiError } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { resolveApiKey } from '@/lib/storage';
import { PageTitle } from '@/app/page-title';
import { paths } from '@/lib/paths';
import { PageHero } from './page-parts';

/**
 * /track: a package's status and timeline by tracking or package number, for the
 * courier of the site. The number lives in `?number=`, so the home page's box and a shared link
 * open the answer directly. Nothing personal is shown (the API sends none).
 */
export function TrackPage() {
  const location = useLocation();
  const { site } = usePublicSite();
  const number = new URLSearchParams(location.search).get('number')?.trim() ?? '';
  const apiKey = resolveApiKey(location.search) || site.courier.apiKey;
  const result = useTrackPackage(number, apiKey);

  const { onSubmit, error, clearError } = useTrackSubmit();
  const inputId = useId();
  const dates = useDateFormat();

  const notFound = result.error instanceof ApiError && result.error.status === 404;
  return (
    <>
      <PageTitle path={paths.track} />
      <PageHero eyebrow="Tracking" title="Track a package">
        Enter the tracking number from the store, or the package number on your label, to see where your package is.
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-12">
        {/* The input is uncontrolled and keyed by the number asked: a search starts from the address. */}
        <form {...TRACK_FORM_TARGET} onSubmit={onSubmit} noValidate role="search" aria-label="Track a package">
          <TrackApiKeyInput />
          <Label htmlFor={inputId}>Tracking or package number</Label>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <TrackNumberInput key={number} id={inputId} defaultValue={number} error={error} onInput={clearError} />
            <Button type="submit" busy={result.isFetching} worksWithoutScripts>
              Track
            </Button>
          </div>
        </form>

        <noscript>
          <p className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900">
            Tracking a package needs JavaScript, which is turned off in this browser. Turn it on and reload this page
            {site.courier.phone ? `, or call us on ${site.courier.phone}` : ''}.
          </p>
        </noscript>
        <div aria-live="polite" className="mt-8 min-h-24">
          {number && result.isPending && result.fetchStatus !== 'idle' && <p className="text-slate-600">Looking up {number}...</p>}
          {notFound && (
            <p className="rounded-lg bg-amber-50 p-4 text-amber-900">
              We could not find a package with the number {number}. Check the number, or try again once the warehouse has received it.
            </p>
          )}
          {result.isError && !notFound && (
            <p className="rounded-lg bg-red-50 p-4 text-red-800">
              {result.error instanceof Error ? result.error.message : 'Tracking failed.'}
            </p>
          )}
          {result.data && (
            <section aria-labelledby="track-result-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 id="track-result-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                <PackageSearch className="h-5 w-5 text-brand-700" aria-hidden="true" /> {result.data.number}
              </h2>
              <p className="mt-2 text-sm text-slate-600">
                Status:{' '}
                <strong className="text-brand-800" data-testid="track-status">
                  {result.data.statusLabel}
                </strong>
              </p>
              {result.data.consolidatedInto && (
                <p className="mt-1 text-sm text-slate-600" data-testid="track-consolidated">
                  Repacked with other packages into parcel <strong>{result.data.consolidatedInto}</strong>: this is where it is now.
                </p>
              )}
              {result.data.estimatedArrival && (
                <p className="mt-1 text-sm text-slate-600">
                  Estimated arrival:{' '}
                  <strong className="text-slate-900" data-testid="track-eta">
                    {dates.calendar(result.data.estimatedArrival, 'weekday')}
                  </strong>
                </p>
              )}
              {result.data.carrierUrl && (
                <p className="mt-1 text-sm">
                  <a
                    href={result.data.carrierUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
                  >
                    Follow it on the carrier's tracking page
                  </a>
                </p>
              )}
              <ol className="mt-6 space-y-4 border-l-2 border-brand-100 pl-5" aria-label="Timeline">
                {newestFirst(result.data.timeline, (event) => event.at).map((event) => (
                  <li key={`${event.status}-${event.at}`} className="relative">
                    <CheckCircle2 className="absolute top-0.5 -left-[1.95rem] h-5 w-5 bg-white text-brand-700" aria-hidden="true" />
                    <p className="font-medium text-slate-900">{event.label}</p>
                    <p className="text-sm text-slate-600">
                      <time dateTime={event.at}>{dates.dateTime(event.at)}</time>
                    </p>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
      </div>
    </>
  );
}
