import { useMutation, useQuery } from '@tanstack/react-query';
import type { Branch, BranchInput } from '@courier/shared/schemas/branches';
import { api } from '@/lib/api-client';
import type { ListQueryParams } from '@/lib/list-query';
import { usePage } from '@/lib/list-query';
import { recordKeys, useInvalidate } from '@/lib/query-keys';
import { branchKeys } from './keys';

/** Branches: the list, one branch, save and delete (the options list: hooks/use-options). */
export const useBranchPage = (query: ListQueryParams) => usePage<Branch>(branchKeys.list(query), '/branches', query);
export const useBranch = (id: number) => useQuery({ queryKey: branchKeys.one(id), queryFn: () => api.get<Branch>(`/branches/${id}`) });
export function useSaveBranch() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: BranchInput }) =>
      id ? api.put<Branch>(`/branches/${id}`, input) : api.post<Branch>('/branches', input),
    onSuccess: () => invalidate(branchKeys.all, recordKeys.dashboard),
  });
}
export function useDeleteBranch() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/branches/${id}`),
    onSuccess: () => invalidate(branchKeys.all, recordKeys.dashboard),
  });
}
