import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@courier/shared/schemas/common';
import type { CreateTransferInput, TransferDetail, TransferDto, TransferScanResult } from '@courier/shared/schemas/transfers';
import { api } from '@/lib/api-client';
import type { ListQueryParams } from '@/lib/list-query';
import { recordKeys } from '@/lib/query-keys';
import { transferKeys } from './keys';

export function useTransfers(query: ListQueryParams) {
  return useQuery({
    queryKey: transferKeys.list(query),
    queryFn: ({ signal }) => api.get<Page<TransferDto>>('/transfers', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTransfer(id: number | null) {
  return useQuery({
    queryKey: transferKeys.detail(id),
    queryFn: ({ signal }) => api.get<TransferDetail>(`/transfers/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Any transfer call: the transfer's detail takes the answer, and lists and packages refresh. */
function useTransferAction<TInput, TResult extends TransferDetail | TransferScanResult>(call: (input: TInput) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => {
      const detail: TransferDetail = 'result' in result ? result.detail : result;
      qc.setQueryData(transferKeys.detail(detail.transfer.id), detail);
      void qc.invalidateQueries({ queryKey: transferKeys.all });
      void qc.invalidateQueries({ queryKey: recordKeys.packages });
    },
  });
}

export const useCreateTransfer = () => useTransferAction((body: CreateTransferInput) => api.post<TransferDetail>('/transfers', body));

/** A scan loads a parcel on a draft, or scans it in at the receiving branch once sent. */
export const useTransferScan = (id: number) =>
  useTransferAction((code: string) => api.post<TransferScanResult>(`/transfers/${id}/scans`, { code }));

export const useTransferStep = (id: number) =>
  useTransferAction((step: 'send' | 'receive' | 'cancel') => api.post<TransferDetail>(`/transfers/${id}/${step}`));

export const useRemoveFromTransfer = (id: number) =>
  useTransferAction((packageId: number) => api.delete<TransferDetail>(`/transfers/${id}/packages/${packageId}`));
