import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './keys';

export function requestPasswordReset(email: string, apiKey?: string) {
  return api.post<{ message: string }>(
    '/auth/request-password-reset',
    { email, ...(apiKey ? { api_key: apiKey } : {}) },
    { sessionCall: false },
  );
}

export function resetPassword(token: string, newPassword: string) {
  return api.post<{ message: string }>('/auth/reset-password', { token, newPassword }, { sessionCall: false });
}

/** Whether the e-mailed reset link can still set a password (used or expired links cannot). */
export function useResetLinkUsable(token: string | null) {
  return useQuery({
    queryKey: authKeys.resetLink(token),
    queryFn: () => api.post<{ usable: boolean }>('/auth/reset-password/check', { token }, { sessionCall: false }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
