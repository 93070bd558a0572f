import { useMutation, useQuery } from '@tanstack/react-query';
import type { StaffCreateInput, StaffMember, StaffUpdateInput } from '@courier/shared/schemas/staff';
import { api } from '@/lib/api-client';
import { keys, useInvalidate } from '@/lib/query-keys';

/** Staff members: one member, create, update, (de)activate, reset the password. */
export const useStaffMember = (id: number) =>
  useQuery({ queryKey: [...keys.staff, 'one', id], queryFn: () => api.get<StaffMember>(`/staff/${id}`) });
export function useCreateStaff() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: StaffCreateInput) => api.post<StaffMember>('/staff', input),
    onSuccess: () => invalidate(keys.staff, keys.branches, keys.roles, keys.dashboard),
  });
}
export function useUpdateStaff() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: StaffUpdateInput }) => api.put<StaffMember>(`/staff/${id}`, input),
    onSuccess: () => invalidate(keys.staff, keys.branches, keys.roles),
  });
}
export function useSetStaffActive() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => api.patch<StaffMember>(`/staff/${id}/status`, { active }),
    onSuccess: () => invalidate(keys.staff, keys.dashboard),
  });
}
export const useResetStaffPassword = () =>
  useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => api.post(`/staff/${id}/reset-password`, { password }),
  });
