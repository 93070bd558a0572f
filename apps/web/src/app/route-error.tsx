import { AlertTriangle } from 'lucide-react';
import { isRouteErrorResponse, type RouteObject, useRouteError } from 'react-router';

/** A screen's code could not be downloaded (offline, or a new version replaced the old files). */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Loading chunk/i.test(error.message);
}

/**
 * What a person sees instead of React Router's developer page when a screen fails to load or
 * crashes: what happened in our words and a way forward. Reloading fetches the screen anew.
 * Inside a portal the message takes the screen's place and the navigation stays.
 */
function ErrorMessage({ inLayout }: { inLayout: boolean }) {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = chunk ? 'This screen could not load' : notFound ? 'Page not found' : 'Something went wrong';
  const detail = chunk
    ? 'Check your connection, then try again. Nothing you saved is lost.'
    : notFound
      ? 'The address may be mistyped, or the page has moved.'
      : 'The screen stopped because of an error on our side. Try again; if it keeps happening, tell us what you were doing.';
  const Wrapper = inLayout ? 'div' : 'main';
  return (
    <Wrapper className={`flex items-center justify-center p-6 ${inLayout ? 'py-16' : 'min-h-screen bg-slate-50'}`}>
      <div className="max-w-md rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200" role="alert">
        <AlertTriangle className="mx-auto h-10 w-10 text-amber-500" aria-hidden="true" />
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">{detail}</p>
        <div className="mt-6 flex justify-center gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
          >
            Try again
          </button>
          <a href="/" className="rounded-md px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
            Go to the home page
          </a>
        </div>
      </div>
    </Wrapper>
  );
}

export function RouteError() {
  return <ErrorMessage inLayout={false} />;
}

function ScreenError() {
  return <ErrorMessage inLayout />;
}

/** A portal's pages, with a screen that fails shown inside the layout so the navigation stays. */
export function screensInLayout(pages: RouteObject[]): RouteObject[] {
  return [{ ErrorBoundary: ScreenError, children: pages }];
}
