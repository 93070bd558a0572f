import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BranchBrief, CustomerProfile, CustomerProfileUpdate } from '@courier/shared/schemas/auth';
import { api } from '@/lib/api-client';

import { authKeys } from './keys';

export function useCustomerProfile() {
  return useQuery({ queryKey: authKeys.customerProfile, queryFn: () => api.get<CustomerProfile>('/customers/profile') });
}

export function useCourierBranches(courierId: number | undefined) {
  return useQuery({
    queryKey: authKeys.publicBranches(courierId),
    enabled: courierId !== undefined,
    queryFn: async () => (await api.get<{ success: boolean; data: BranchBrief[] }>(`/branches/public/${courierId}`)).data,
  });
}

/** Saves the customer's details; the profile shown everywhere is the saved one. */
export function useUpdateCustomerProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerProfileUpdate) => api.put<CustomerProfile>('/customers/profile', body),
    onSuccess: (updated) => client.setQueryData(authKeys.customerProfile, updated),
  });
}

export function changeCustomerPassword(currentPassword: string, newPassword: string) {
  return api.put<{ message: string }>('/customers/change-password', { currentPassword, newPassword });
}
