import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailConfig, EmailConfigInput, TestEmailInput } from '@courier/shared/schemas/settings';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';
import { type UploadOptions, uploadForm } from '@/lib/upload';

export function useEmailConfig(courierId: number | null) {
  return useQuery({
    queryKey: settingsKeys.emailConfig(courierId),
    queryFn: ({ signal }) =>
      api.get<{ success: true; data: EmailConfig | null }>(`/settings/couriers/${courierId}/email-config`, { signal }),
    enabled: courierId !== null,
  });
}

export function useSaveEmailConfig(courierId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailConfigInput) =>
      api.post<{ success: true; data: EmailConfig }>(`/settings/couriers/${courierId}/email-config`, input),
    onSuccess: (data) => client.setQueryData(settingsKeys.emailConfig(courierId), data),
  });
}

export function useSendTestEmail(courierId: number | null) {
  return useMutation({
    mutationFn: (input: TestEmailInput) =>
      api.post<{ success: boolean; message?: string }>(`/settings/couriers/${courierId}/email-config/test`, input, {
        // The server answers within 8 s whatever the SMTP server does; this only covers the network.
        timeoutMs: 20_000,
      }),
  });
}

export function useRateSheet() {
  return useQuery({
    queryKey: settingsKeys.rateSheet,
    queryFn: ({ signal }) => api.get<{ rate_sheet_url: string | null }>('/rate-sheet', { signal }),
  });
}

export function useUploadRateSheet(courierId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File } & Pick<UploadOptions, 'onProgress'>) => {
      const form = new FormData();
      form.append('courier_id', String(courierId));
      form.append('rate_sheet', file);
      return uploadForm<{ success: true; rate_sheet_url: string }>('/rate-sheet', form, { onProgress });
    },
    onSuccess: (data) => {
      client.setQueryData(settingsKeys.rateSheet, { rate_sheet_url: data.rate_sheet_url });
      return client.invalidateQueries({ queryKey: settingsKeys.couriers });
    },
  });
}
