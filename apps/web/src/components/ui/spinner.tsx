import { cn } from '@/lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <svg className={cn('h-5 w-5 animate-spin text-current', className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

/**
 * The route guard's full-screen spinner. It stands for the whole page while it shows, so it is the
 * page's main region and says what the page is doing in its heading (for a screen reader).
 */
export function FullScreenSpinner() {
  return (
    <main id="main" aria-busy="true" className="flex min-h-screen items-center justify-center">
      <h1 className="sr-only">Loading</h1>
      <Spinner className="h-10 w-10 text-brand-700" />
    </main>
  );
}
