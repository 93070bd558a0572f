import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@courier/shared/schemas/common';
import type { CreatePreAlertInput, PreAlertDto } from '@courier/shared/schemas/packages';
import { api } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';
import type { ListQueryParams } from '@/lib/list-query';
import { preAlertKeys } from './keys';

export function useOwnPreAlerts(query: ListQueryParams) {
  return useQuery({
    queryKey: preAlertKeys.own(query),
    queryFn: ({ signal }) => api.get<Page<PreAlertDto>>('/customer/pre-alerts', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export const uploadInvoice = (id: number, file: File, onProgress?: (p: number) => void) => {
  const form = new FormData();
  form.append('invoice', file);
  return uploadForm<PreAlertDto>(`/customer/pre-alerts/${id}/invoice`, form, { onProgress });
};

/** The customer adds the merchant invoice to a pre-alert afterwards. */
export function useUploadPreAlertInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => uploadInvoice(id, file),
    onSuccess: () => void qc.invalidateQueries({ queryKey: preAlertKeys.all }),
  });
}

export function useCreatePreAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, file }: { input: CreatePreAlertInput; file: File | null }) => {
      const created = await api.post<PreAlertDto>('/customer/pre-alerts', input);
      // The pre-alert stands even when the upload fails; the invoice can be added later.
      if (file)
        return {
          created,
          uploaded: await uploadInvoice(created.id, file).then(
            () => true,
            (error: unknown) => error,
          ),
        };
      return { created, uploaded: false as const };
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: preAlertKeys.all }),
  });
}

export function useCancelPreAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<PreAlertDto>(`/customer/pre-alerts/${id}/cancel`),
    onSettled: () => void qc.invalidateQueries({ queryKey: preAlertKeys.all }),
  });
}
