import type { ExternalToast } from 'sonner';

/**
 * sonner's `toast.success` / `toast.error`, with sonner (~10 KB gzip) loaded at the first toast
 * instead of with the page: for the public and sign-in pages, whose first paint Lighthouse measures
 * on a phone's connection. The toast shows once sonner is loaded (a few ms on a cached chunk); the
 * Toaster (app/deferred-toaster.tsx) shares the same sonner module and state.
 */
export const lazyToast = {
  success(message: string, data?: ExternalToast): void {
    void import('sonner').then(({ toast }) => toast.success(message, data));
  },
  error(message: string, data?: ExternalToast): void {
    void import('sonner').then(({ toast }) => toast.error(message, data));
  },
};
