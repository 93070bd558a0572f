import { useMutation, useQuery } from '@tanstack/react-query';
import type { RoleInput, RoleRecord } from '@courier/shared/schemas/roles';
import { api } from '@/lib/api-client';
import { keys, useInvalidate } from '@/lib/query-keys';

/** Roles: one role, save and delete (the options list: hooks/use-options). */
export const useRole = (id: number, enabled = true) =>
  useQuery({ queryKey: [...keys.roles, 'one', id], queryFn: () => api.get<RoleRecord>(`/roles/${id}`), enabled });
export function useSaveRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: RoleInput }) =>
      id ? api.put<RoleRecord>(`/roles/${id}`, input) : api.post<RoleRecord>('/roles', input),
    onSuccess: () => invalidate(keys.roles),
  });
}
export function useDeleteRole() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api.delete(`/roles/${id}`), onSuccess: () => invalidate(keys.roles) });
}
