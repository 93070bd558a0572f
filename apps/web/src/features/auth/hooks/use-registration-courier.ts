import { useEffect, useState } from 'react';
import { COURIER_LOAD_RETRIES, COURIER_RELOAD_DELAY_MS } from '@courier/shared/constants/limits';
import type { BranchBrief, CourierValidation } from '@courier/shared/schemas/auth';
import { AUTH_MESSAGES } from '@courier/shared/schemas/auth-form';
import { getPublicBranches, validateCourier } from '@/features/auth/api/registration';
import { ApiError } from '@/lib/api-client';
import { lazyToast as toast } from '@/lib/lazy-toast';

export type CourierState =
  | { status: 'loading' }
  | { status: 'ready'; courier: CourierValidation; branches: BranchBrief[] }
  /** Failed: the page reloads once after 2 s. */
  | { status: 'failed'; message: string }
  /** Failed again after that reload: a clear page with a link home, no reload loop. */
  | { status: 'gave-up'; message: string };

/** The message for a courier that could not be loaded. */
function courierLoadMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return AUTH_MESSAGES.courierNetworkReload;
    if (error.kind === 'timeout') return AUTH_MESSAGES.courierTimeoutReload;
    if (error.status === 404) return AUTH_MESSAGES.courierNotFoundReload;
    if (error.status === 401) return AUTH_MESSAGES.courierUnauthorizedReload;
  }
  return AUTH_MESSAGES.courierOtherReload;
}

/** "Courier not found. Reloading page..." once the page no longer reloads. */
const withoutReload = (message: string) => message.replace(/\s*Reloading page\.\.\.$/, '');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Session storage: the api key whose failed load already reloaded the page once. */
const RELOADED_KEY = 'registerCourierReloaded';
function reloadedFor(): string | null {
  try {
    return window.sessionStorage.getItem(RELOADED_KEY);
  } catch {
    return null;
  }
}
function markReloaded(apiKey: string | null): void {
  try {
    if (apiKey === null) window.sessionStorage.removeItem(RELOADED_KEY);
    else window.sessionStorage.setItem(RELOADED_KEY, apiKey);
  } catch {
    // Without storage the page cannot tell a first failure from a second: it gives up at once.
  }
}

/**
 * Loads the courier of the api key and its branches. Network and time-out errors are retried twice
 * (after 2 s, then 4 s); a failure shows its message and reloads the page after 2 s,
 * once: failing again after that reload, the page says so and links home instead of reloading
 * forever. `apiKey` null: still waiting for the site the server resolved; `unavailable`: that
 * site could not be loaded either.
 */
export function useRegistrationCourier(apiKey: string | null, unavailable = false): CourierState {
  const [state, setState] = useState<CourierState>({ status: 'loading' });
  // What to look up: the key, or '' once it is clear there is none. Only this re-runs the lookup:
  // the public site failing later (it fails for the same unknown key) must not cancel the
  // one reload that the first failure scheduled.
  const lookup = apiKey ?? (unavailable ? '' : null);
  useEffect(() => {
    if (lookup === null) return;
    let cancelled = false;
    let reloadTimer: ReturnType<typeof setTimeout> | undefined;
    const key = lookup;
    const fail = (message: string) => {
      if (cancelled) return;
      if (reloadedFor() === key) {
        toast.error(withoutReload(message));
        setState({ status: 'gave-up', message: withoutReload(message) });
        return;
      }
      toast.error(message);
      setState({ status: 'failed', message });
      markReloaded(key);
      reloadTimer = setTimeout(() => window.location.reload(), COURIER_RELOAD_DELAY_MS);
    };
    if (!key) {
      fail(AUTH_MESSAGES.courierNotFoundReload);
      return () => {
        cancelled = true;
        clearTimeout(reloadTimer);
      };
    }
    void (async () => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const res = await validateCourier(key);
          if (!res?.success || !res.data?.id) return fail(AUTH_MESSAGES.courierInvalid);
          const branches = await getPublicBranches(res.data.id);
          if (cancelled) return;
          markReloaded(null);
          setState({ status: 'ready', courier: res.data, branches: branches.data ?? [] });
          return;
        } catch (error) {
          const transient = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
          if (transient && attempt <= COURIER_LOAD_RETRIES && !cancelled) {
            console.warn(`Courier load failed (attempt ${attempt}); retrying`, error);
            await sleep(COURIER_RELOAD_DELAY_MS * attempt);
            continue;
          }
          return fail(courierLoadMessage(error));
        }
      }
    })();
    return () => {
      cancelled = true;
      clearTimeout(reloadTimer);
    };
  }, [lookup]);
  return state;
}
