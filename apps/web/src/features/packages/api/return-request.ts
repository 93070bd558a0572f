import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompleteReturnInput, RequestReturnInput, ReturnQueueRow, ReturnState } from '@courier/shared/schemas/return-requests';
import { api } from '@/lib/api-client';
import { packageKeys } from './keys';

const path = (id: number, customer: boolean) => (customer ? `/customer/packages/${id}/return` : `/packages/${id}/return`);

/** A package's return to sender or discard: today's prices and the live request. */
export function useReturnRequest(id: number, customer: boolean) {
  return useQuery({
    queryKey: packageKeys.returnRequest(id, customer),
    queryFn: ({ signal }) => api.get<ReturnState>(path(id, customer), { signal }),
  });
}

/** After a change, the request, the package (status, timeline), the lists and the queue are read again. */
function useRefresh(id: number, customer: boolean) {
  const qc = useQueryClient();
  return (state: ReturnState) => {
    qc.setQueryData(packageKeys.returnRequest(id, customer), state);
    void qc.invalidateQueries({ queryKey: packageKeys.all });
  };
}

/** The customer asks at the price they were shown. */
export function useRequestReturn(id: number) {
  const refresh = useRefresh(id, true);
  return useMutation({ mutationFn: (input: RequestReturnInput) => api.post<ReturnState>(path(id, true), input), onSuccess: refresh });
}

/** The customer cancels before it is done (free). */
export function useCancelReturn(id: number) {
  const refresh = useRefresh(id, true);
  return useMutation({ mutationFn: () => api.delete<ReturnState>(path(id, true)), onSuccess: refresh });
}

/** Staff record what was done. */
export function useCompleteReturn(id: number) {
  const refresh = useRefresh(id, false);
  return useMutation({
    mutationFn: (input: CompleteReturnInput) => api.post<ReturnState>(`${path(id, false)}/done`, input),
    onSuccess: refresh,
  });
}

/** The staff queue: open requests to act on, or the ones done. */
export const useReturnQueue = (status: 'open' | 'done') =>
  useQuery({
    queryKey: packageKeys.returnQueue(status),
    queryFn: ({ signal }) => api.get<ReturnQueueRow[]>('/return-requests', { query: { status }, signal }),
  });
