import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';

/**
 * A failed fetch or save: always logged, and toasted when the caller gives a message.
 * The server's reason, when it sent one, goes in the toast's description.
 */
export function reportFailure(what: string, error: unknown, toastMessage?: string): void {
  console.error(`[settings] ${what}`, error);
  if (!toastMessage) return;
  const reason = error instanceof ApiError && error.kind === 'http' ? error.message : error instanceof ApiError ? error.message : undefined;
  toast.error(toastMessage, reason && reason !== toastMessage ? { description: reason } : undefined);
}

/** Field errors the server sent, for the form to show under each field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fieldErrors) return {};
  return Object.fromEntries(Object.entries(error.fieldErrors).flatMap(([k, v]) => (v[0] ? [[k, v[0]]] : [])));
}
