import { useMutation, useQuery } from '@tanstack/react-query';
import type { CustomerImportResult } from '@courier/shared/schemas/customer-import';
import { api } from '@/lib/api-client';
import { recordKeys, useInvalidate } from '@/lib/query-keys';
import { uploadForm } from '@/lib/upload';
import { customerKeys } from './keys';

/** Customers brought across from the courier's old system: check a file (dryRun), or import it. */
export function useImportCustomers() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ file, dryRun, onProgress }: { file: File; dryRun: boolean; onProgress?: (percent: number) => void }) => {
      const form = new FormData();
      form.append('file', file);
      return uploadForm<CustomerImportResult>(`/customers/import?dryRun=${dryRun}`, form, { onProgress });
    },
    onSuccess: (result) => {
      if (result.imported !== null) invalidate(customerKeys.all, recordKeys.dashboard);
    },
  });
}

export const usePendingInvitations = () =>
  useQuery({
    queryKey: customerKeys.invitations,
    queryFn: ({ signal }) => api.get<{ pending: number }>('/customers/invitations', { signal }),
  });

/**
 * Invites every imported customer still waiting, a batch per request (the server sends 100 at a
 * time), reporting how many are done after each.
 */
export function useSendInvitations() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ onProgress }: { onProgress?: (done: number, total: number) => void } = {}) => {
      let done = 0;
      for (;;) {
        const batch = await api.post<{ invited: number; remaining: number }>('/customers/invitations');
        done += batch.invited;
        onProgress?.(done, done + batch.remaining);
        if (batch.remaining === 0) return { invited: done };
      }
    },
    onSettled: () => invalidate(customerKeys.invitations),
  });
}
