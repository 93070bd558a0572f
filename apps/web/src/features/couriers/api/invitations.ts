import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffLoginResponse } from '@courier/shared/schemas/auth';
import type { CourierInvitation, CourierInvitationAcceptInput, CourierInvitationView } from '@courier/shared/schemas/courier-invitations';
import { api } from '@/lib/api-client';

/** Courier invitations: the super admin's list, and the invitee's public link. */
import { courierKeys } from './keys';

const invitationKeys = courierKeys.invitations;

export const useInvitations = () =>
  useQuery({ queryKey: invitationKeys.all, queryFn: () => api.get<CourierInvitation[]>('/platform/courier-invitations') });

export function useInviteCourier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post<CourierInvitation>('/platform/courier-invitations', { email }),
    onSuccess: () => client.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

export function useRevokeInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<CourierInvitation>(`/platform/courier-invitations/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

// Public calls: no session yet, so a refusal is not an expired session.
export const useInvitationView = (token: string) =>
  useQuery({
    queryKey: invitationKeys.view(token),
    queryFn: () => api.get<CourierInvitationView>(`/courier-invitations/${encodeURIComponent(token)}`, { sessionCall: false }),
    retry: false,
  });

export const acceptInvitation = (token: string, input: CourierInvitationAcceptInput) =>
  api.post<StaffLoginResponse>(`/courier-invitations/${encodeURIComponent(token)}/accept`, input, { sessionCall: false });
