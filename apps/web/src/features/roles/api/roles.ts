import { useMutation, useQuery } from '@tanstack/react-query';
import type { RoleInput, RoleRecord } from '@courier/shared/schemas/roles';
import { api } from '@/lib/api-client';
import type { ListQueryParams } from '@/lib/list-query';
import { usePage } from '@/lib/list-query';
import { useInvalidate } from '@/lib/query-keys';
import { roleKeys } from './keys';

/** Roles: the list, one role, save and delete (the options list: hooks/use-options). */
export const useRolePage = (query: ListQueryParams) => usePage<RoleRecord>(roleKeys.list(query), '/roles', query);
export const useRole = (id: number, enabled = true) =>
  useQuery({ queryKey: roleKeys.one(id), queryFn: () => api.get<RoleRecord>(`/roles/${id}`), enabled });
export function useSaveRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: RoleInput }) =>
      id ? api.put<RoleRecord>(`/roles/${id}`, input) : api.post<RoleRecord>('/roles', input),
    onSuccess: () => invalidate(roleKeys.all),
  });
}
export function useDeleteRole() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api.delete(`/roles/${id}`), onSuccess: () => invalidate(roleKeys.all) });
}
