import { useMutation, useQuery } from '@tanstack/react-query';
import type { CustomerRecord, CustomerUpdateInput } from '@courier/shared/schemas/customers';
import { api } from '@/lib/api-client';
import type { ListQueryParams } from '@/lib/list-query';
import { usePage } from '@/lib/list-query';
import { recordKeys, useInvalidate } from '@/lib/query-keys';
import { type CustomerArea, customerKeys } from './keys';

/** Customers and business customers: one record, update, (de)activate. */
export type { CustomerArea };
export const useCustomerPage = (area: CustomerArea, query: ListQueryParams) =>
  usePage<CustomerRecord>(customerKeys.list(area, query), `/${area}`, query);
/** One customer's records of another screen (packages, invoices...), one server-side page at a time. */
export const useCustomerActivity = <T>(path: string, customerId: number, query: ListQueryParams) =>
  usePage<T>(customerKeys.activity(path, customerId, query), path, query);
export const useCustomer = (area: CustomerArea, id: number) =>
  useQuery({ queryKey: customerKeys.one(area, id), queryFn: () => api.get<CustomerRecord>(`/${area}/${id}`) });
export function useUpdateCustomer(area: CustomerArea) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CustomerUpdateInput }) => api.put<CustomerRecord>(`/${area}/${id}`, input),
    onSuccess: () => invalidate(customerKeys.all, recordKeys.dashboard),
  });
}
export function useSetCustomerActive(area: CustomerArea) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => api.patch<CustomerRecord>(`/${area}/${id}/status`, { active }),
    onSuccess: () => invalidate(customerKeys.all, recordKeys.dashboard),
  });
}
