import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClockStatus, Timesheet } from '@courier/shared/schemas/time-tracking';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

import { timeKeys } from './keys';

export function useClockStatus() {
  return useQuery({
    queryKey: timeKeys.me,
    queryFn: ({ signal }) => api.get<ClockStatus>('/time-tracking/me', { signal }),
    refetchInterval: 60_000,
  });
}

export function useClock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'clock-in' | 'clock-out') => api.post<ClockStatus>(`/time-tracking/${action}`),
    onSuccess: (status) => {
      client.setQueryData(timeKeys.me, status);
      void client.invalidateQueries({ queryKey: timeKeys.sheets });
    },
  });
}

export function useTimesheet(query: { from: string; to: string }) {
  return useQuery({
    queryKey: timeKeys.sheet(query),
    queryFn: ({ signal }) => api.get<Timesheet>('/time-tracking/timesheets', { query, signal }),
  });
}

/** The CSV comes as a file, not JSON. */
export const downloadTimesheetCsv = (query: { from: string; to: string }): Promise<void> =>
  downloadFile('/time-tracking/timesheets.csv', `timesheet-${query.from}-to-${query.to}.csv`, query);
