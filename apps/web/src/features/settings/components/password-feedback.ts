import { toast } from 'sonner';
import { SETTINGS_MESSAGES } from '@courier/shared/schemas/settings';
import { ApiError } from '@/lib/api-client';

/**
 * Both password forms: a 401 is 'Current password is incorrect'; other errors show
 * the server's message, else 'Failed to update password'.
 */
export function passwordFailure(error: unknown): void {
  console.error('[settings] update password', error);
  if (error instanceof ApiError && error.status === 401) {
    toast.error(SETTINGS_MESSAGES.currentPasswordIncorrect);
    return;
  }
  toast.error(error instanceof ApiError && error.message ? error.message : SETTINGS_MESSAGES.passwordFailed);
}
