import { useQuery } from '@tanstack/react-query';
import type { BranchBrief, CustomerProfile, CustomerProfileUpdate } from '@courier/shared/schemas/auth';
import { api } from '@/lib/api-client';

export const customerProfileKey = ['customer-profile'] as const;

export function useCustomerProfile() {
  return useQuery({ queryKey: customerProfileKey, queryFn: () => api.get<CustomerProfile>('/customers/profile') });
}

export function useCourierBranches(courierId: number | undefined) {
  return useQuery({
    queryKey: ['public-branches', courierId],
    enabled: courierId !== undefined,
    queryFn: async () => (await api.get<{ success: boolean; data: BranchBrief[] }>(`/branches/public/${courierId}`)).data,
  });
}

export function updateCustomerProfile(body: CustomerProfileUpdate) {
  return api.put<CustomerProfile>('/customers/profile', body);
}

export function changeCustomerPassword(currentPassword: string, newPassword: string) {
  return api.put<{ message: string }>('/customers/change-password', { currentPassword, newPassword });
}
