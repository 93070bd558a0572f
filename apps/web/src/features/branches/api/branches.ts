import { useMutation, useQuery } from '@tanstack/react-query';
import type { Branch, BranchInput, BranchOption } from '@courier/shared/schemas/branches';
import { api } from '@/lib/api-client';
import { keys, useInvalidate } from '@/lib/query-keys';

/** Branches: one branch, the picker's options, save and delete. */
export const useBranch = (id: number) =>
  useQuery({ queryKey: [...keys.branches, 'one', id], queryFn: () => api.get<Branch>(`/branches/${id}`) });
export const useBranchOptions = (courierId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: [...keys.branches, 'options', courierId ?? null],
    queryFn: () => api.get<BranchOption[]>('/branches/options', { query: { courierId } }),
    enabled,
  });
export function useSaveBranch() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: BranchInput }) =>
      id ? api.put<Branch>(`/branches/${id}`, input) : api.post<Branch>('/branches', input),
    onSuccess: () => invalidate(keys.branches, keys.dashboard),
  });
}
export function useDeleteBranch() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/branches/${id}`),
    onSuccess: () => invalidate(keys.branches, keys.dashboard),
  });
}
