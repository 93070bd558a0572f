import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useEffect, useState } from 'react';
import { useOptionalSession } from './session';

/** Waits no longer than this for the page to settle (a request that hangs must not hold all back). */
const AT_MOST_MS = 6_000;

let reached = false;

/**
 * True once the page has settled: loaded, the session known, its data answered (no query fetching) and the browser
 * idle, so its content has been painted. For what a page does not show first (badge counts, the
 * live stream, the offline worker, the toaster), so it does not compete with the page's first
 * paint for the network and the main thread. Once reached, true at once for every later caller
 * (moving between pages waits for nothing).
 */
export function useWhenIdle(): boolean {
  const client = useContext(QueryClientContext);
  const sessionLoading = useOptionalSession()?.loading ?? false;
  const [idle, setIdle] = useState(reached);
  useEffect(() => {
    if (idle || sessionLoading) return;
    const done = () => {
      reached = true;
      setIdle(true);
    };
    let cancelIdle: (() => void) | undefined;
    const check = () => {
      const settled = document.readyState === 'complete' && (client?.isFetching() ?? 0) === 0;
      if (!settled) {
        cancelIdle?.();
        cancelIdle = undefined;
      } else if (!cancelIdle) {
        if (typeof requestIdleCallback === 'function') {
          const handle = requestIdleCallback(done, { timeout: 2_000 });
          cancelIdle = () => cancelIdleCallback(handle);
        } else {
          const timer = setTimeout(done, 0);
          cancelIdle = () => clearTimeout(timer);
        }
      }
    };
    const cap = setTimeout(done, AT_MOST_MS);
    const unsubscribe = client?.getQueryCache().subscribe(check);
    window.addEventListener('load', check);
    check();
    return () => {
      clearTimeout(cap);
      cancelIdle?.();
      unsubscribe?.();
      window.removeEventListener('load', check);
    };
  }, [idle, client, sessionLoading]);
  return idle;
}
