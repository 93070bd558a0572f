import { api } from '@/lib/api-client';

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
