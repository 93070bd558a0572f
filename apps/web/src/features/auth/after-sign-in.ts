import { LOGIN_TOKEN_CHECK_DELAY_MS } from '@courier/shared/constants/limits';
import { isLoginPath, loginPathFor } from '@courier/shared/domain/redirects';
import { AUTH_MESSAGES } from '@courier/shared/schemas/auth-form';
import { redirectStore, tokenStore } from '@/lib/storage';

/** 500 ms after sign-in the token must be in local storage. */
export async function confirmTokenStored(delayMs = LOGIN_TOKEN_CHECK_DELAY_MS): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  if (!tokenStore.get()) throw new Error(AUTH_MESSAGES.tokenNotFoundAfterLogin);
}

/**
 * Where a sign-in at `loginPage` goes: the stored redirectAfterLogin when it belongs to this
 * page's area (a deep link the guard sent here), else `fallback`. The stored path is used once.
 */
export function takeRedirect(loginPage: string, fallback: string): string {
  const stored = redirectStore.get();
  redirectStore.clear();
  if (!stored?.startsWith('/') || stored.startsWith('//') || isLoginPath(stored)) return fallback;
  return loginPathFor(stored) === loginPage ? stored : fallback;
}
