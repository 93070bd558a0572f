import { useMutation, useQuery } from '@tanstack/react-query';
import type { CustomerRecord, CustomerUpdateInput } from '@courier/shared/schemas/customers';
import { api } from '@/lib/api-client';
import { keys, useInvalidate } from '@/lib/query-keys';

/** Customers and business customers: one record, update, (de)activate. */
export type CustomerArea = 'customers' | 'business-customers';
export const useCustomer = (area: CustomerArea, id: number) =>
  useQuery({ queryKey: [...keys.customers, area, 'one', id], queryFn: () => api.get<CustomerRecord>(`/${area}/${id}`) });
export function useUpdateCustomer(area: CustomerArea) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CustomerUpdateInput }) => api.put<CustomerRecord>(`/${area}/${id}`, input),
    onSuccess: () => invalidate(keys.customers, keys.dashboard),
  });
}
export function useSetCustomerActive(area: CustomerArea) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => api.patch<CustomerRecord>(`/${area}/${id}/status`, { active }),
    onSuccess: () => invalidate(keys.customers, keys.dashboard),
  });
}
