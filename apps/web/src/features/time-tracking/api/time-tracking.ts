import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClockStatus, Timesheet } from '@courier/shared/schemas/time-tracking';
import { API_BASE, ApiError, api } from '@/lib/api-client';
import { tokenStore } from '@/lib/storage';

const key = ['time-tracking'] as const;

export function useClockStatus() {
  return useQuery({
    queryKey: [...key, 'me'],
    queryFn: ({ signal }) => api.get<ClockStatus>('/time-tracking/me', { signal }),
    refetchInterval: 60_000,
  });
}

export function useClock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'clock-in' | 'clock-out') => api.post<ClockStatus>(`/time-tracking/${action}`),
    onSuccess: (status) => {
      client.setQueryData([...key, 'me'], status);
      void client.invalidateQueries({ queryKey: [...key, 'sheet'] });
    },
  });
}

export function useTimesheet(query: { from: string; to: string }) {
  return useQuery({
    queryKey: [...key, 'sheet', query],
    queryFn: ({ signal }) => api.get<Timesheet>('/time-tracking/timesheets', { query, signal }),
  });
}

/** The CSV comes as a file, not JSON, so it is fetched with the bearer token and saved. */
export async function downloadTimesheetCsv(query: { from: string; to: string }): Promise<void> {
  const params = new URLSearchParams(query);
  const res = await fetch(`${API_BASE}/time-tracking/timesheets.csv?${params}`, {
    headers: { Authorization: `Bearer ${tokenStore.get() ?? ''}` },
  });
  if (!res.ok) throw new ApiError('Could not export the timesheet', 'http', res.status);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `timesheet-${query.from}-to-${query.to}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}
