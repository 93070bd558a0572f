import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput, Profile, UpdateProfileInput, UserPasswordInput } from '@courier/shared/schemas/settings';
import { api } from '@/lib/api-client';

/**
 * The own-account calls. `sessionCall: false`: their 401 means "current password is incorrect",
 * not an expired session, so it must not sign the person out.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.put<{ success: boolean }>('/users/change-password', input, { sessionCall: false }),
  });
}

export function useUpdateProfile(userId: number | null) {
  return useMutation({ mutationFn: (input: UpdateProfileInput) => api.put<Profile>(`/users/${userId}`, input) });
}

export function useChangeUserPassword(userId: number | null) {
  return useMutation({
    mutationFn: (input: UserPasswordInput) => api.put<{ success: boolean }>(`/users/${userId}/password`, input, { sessionCall: false }),
  });
}
