import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankDetailsInput, Courier, ShippingAddressesInput, UpdateCourierInput } from '@courier/shared/schemas/settings';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';
import { type UploadOptions, uploadForm } from '@/lib/upload';

export function useCourier(id: number | null) {
  return useQuery({
    queryKey: settingsKeys.courier(id),
    queryFn: ({ signal }) => api.get<Courier>(`/couriers/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** After a courier change, everything showing the courier (the settings, the portal header) refreshes. */
function useCourierMutation<TInput, TResult>(id: number | null, call: (id: number, input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => call(id as number, input),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.couriers }),
  });
}

export const useUpdateCompany = (id: number | null) =>
  useCourierMutation(id, (courierId, input: UpdateCourierInput) => api.put<Courier>(`/couriers/${courierId}`, input));

export const useUpdateShippingAddresses = (id: number | null) =>
  useCourierMutation(id, (courierId, input: ShippingAddressesInput) =>
    api.put<Courier>(`/couriers/${courierId}/shipping-addresses`, input),
  );

export const useUpdateBankDetails = (id: number | null) =>
  useCourierMutation(id, (courierId, input: BankDetailsInput) =>
    api.put<{ success: true; courier: { bank_details: string | null } }>(`/couriers/${courierId}/bank-details`, input),
  );

export const useUploadLogo = (id: number | null) =>
  useCourierMutation(id, (courierId, input: { file: File } & Pick<UploadOptions, 'onProgress'>) => {
    const form = new FormData();
    form.append('logo', input.file);
    return uploadForm<{ success: true; logo_url: string }>(`/couriers/${courierId}/logo`, form, { onProgress: input.onProgress });
  });
