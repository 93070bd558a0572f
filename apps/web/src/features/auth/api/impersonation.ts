import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A single-use token that opens another person's portal (the super admin's impersonation). */
export const useImpersonate = () =>
  useMutation({ mutationFn: (userId: number) => api.post<{ token: string; url: string }>(`/auth/impersonate/${userId}`) });
