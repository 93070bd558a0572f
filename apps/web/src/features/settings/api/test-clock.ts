import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TestClock } from '@courier/shared/schemas/test-clock';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** The courier's clock: real time, or for a courier in test mode as far ahead as it was moved. */
export const useTestClock = () =>
  useQuery({ queryKey: settingsKeys.testClock, queryFn: ({ signal }) => api.get<TestClock>('/settings/test-clock', { signal }) });

export function useAdvanceTestClock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => api.post<TestClock>('/settings/test-clock/advance', { days }),
    onSuccess: async (clock) => {
      client.setQueryData(settingsKeys.testClock, clock);
      // Storage, countdowns and invoices read the clock: every answer is refetched on the new day.
      await client.invalidateQueries();
    },
  });
}
