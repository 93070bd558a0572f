import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CourierRatesView, Report } from '@courier/shared/schemas/billing';
import { api } from '@/lib/api-client';

export interface ReportRange {
  from: string;
  to: string;
  granularity: 'day' | 'week' | 'month';
  courierId?: number;
}

export function useReport(range: ReportRange) {
  return useQuery({
    queryKey: ['reports', range],
    queryFn: ({ signal }) => api.get<Report>('/reports', { query: { ...range }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCourierRates() {
  return useQuery({
    queryKey: ['billing', 'rates'],
    queryFn: ({ signal }) => api.get<CourierRatesView>('/billing/rates', { signal }),
  });
}
