import { useMutation, useQuery } from '@tanstack/react-query';
import type { StaffCreateInput, StaffMember, StaffUpdateInput } from '@courier/shared/schemas/staff';
import { api } from '@/lib/api-client';
import type { ListQueryParams } from '@/lib/list-query';
import { usePage } from '@/lib/list-query';
import { recordKeys, useInvalidate } from '@/lib/query-keys';
import { staffKeys } from './keys';

/** Staff members: the list, one member, create, update, (de)activate, reset the password. */
export const useStaffPage = (query: ListQueryParams) => usePage<StaffMember>(staffKeys.list(query), '/staff', query);
export const useStaffMember = (id: number) =>
  useQuery({ queryKey: staffKeys.one(id), queryFn: () => api.get<StaffMember>(`/staff/${id}`) });
export function useCreateStaff() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: StaffCreateInput) => api.post<StaffMember>('/staff', input),
    onSuccess: () => invalidate(staffKeys.all, recordKeys.branches, recordKeys.roles, recordKeys.dashboard),
  });
}
export function useUpdateStaff() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: StaffUpdateInput }) => api.put<StaffMember>(`/staff/${id}`, input),
    onSuccess: () => invalidate(staffKeys.all, recordKeys.branches, recordKeys.roles),
  });
}
export function useSetStaffActive() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => api.patch<StaffMember>(`/staff/${id}/status`, { active }),
    onSuccess: () => invalidate(staffKeys.all, recordKeys.dashboard),
  });
}
export const useResetStaffPassword = () =>
  useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => api.post(`/staff/${id}/reset-password`, { password }),
  });
