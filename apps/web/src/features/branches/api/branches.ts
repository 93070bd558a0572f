import { useMutation, useQuery } from '@tanstack/react-query';
import type { Branch, BranchInput } from '@courier/shared/schemas/branches';
import { api } from '@/lib/api-client';
import { keys, useInvalidate } from '@/lib/query-keys';

/** Branches: one branch, save and delete (the options list: hooks/use-options). */
export const useBranch = (id: number) =>
  useQuery({ queryKey: [...keys.branches, 'one', id], queryFn: () => api.get<Branch>(`/branches/${id}`) });
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
