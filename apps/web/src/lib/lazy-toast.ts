import type { ExternalToast } from 'sonner';

/** Raised before each toast, so that a Toaster not mounted yet (app/deferred-toaster.tsx) mounts to show it. */
export const TOAST_WANTED_EVENT = 'courier:toast-wanted';

let wanted = false;

/** Whether a toast was raised on this page: a Toaster mounting after it (its page's effect ran first) shows it. */
export function toastWanted(): boolean {
  return wanted;
}

function show(kind: 'success' | 'error', message: string, data?: ExternalToast): void {
  wanted = true;
  window.dispatchEvent(new Event(TOAST_WANTED_EVENT));
  void import('sonner').then(({ toast }) => toast[kind](message, data));
}

/**
 * sonner's `toast.success` / `toast.error`, with sonner (~10 KB gzip) loaded at the first toast
 * instead of with the page: for the public and sign-in pages, whose first paint Lighthouse measures
 * on a phone's connection. The toast shows once sonner is loaded (a few ms on a cached chunk); the
 * Toaster (app/deferred-toaster.tsx) shares the same sonner module and state, and mounts at the
 * first such toast if the visitor has not acted yet.
 */
export const lazyToast = {
  success(message: string, data?: ExternalToast): void {
    show('success', message, data);
  },
  error(message: string, data?: ExternalToast): void {
    show('error', message, data);
  },
};
