import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CourierRatesView, Report } from '@courier/shared/schemas/billing';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';

export interface ReportRange {
  from: string;
  to: string;
  granularity: 'day' | 'week' | 'month';
  courierId?: number;
}

export function useReport(range: ReportRange) {
  return useQuery({
    queryKey: billingKeys.report(range),
    queryFn: ({ signal }) => api.get<Report>('/reports', { query: { ...range }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCourierRates() {
  return useQuery({
    queryKey: billingKeys.rates,
    queryFn: ({ signal }) => api.get<CourierRatesView>('/billing/rates', { signal }),
  });
}
