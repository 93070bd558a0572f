import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the organisation's records; a change in one area refreshes the others it shows up in. */
export const keys = {
  branches: ['branches'] as const,
  staff: ['staff'] as const,
  roles: ['roles'] as const,
  customers: ['customers'] as const,
  couriers: ['platform-couriers'] as const,
  platformSettings: ['platform-settings'] as const,
  dashboard: ['dashboard'] as const,
};

/** Invalidates a family of queries after a change (lists, details and options alike). */
export function useInvalidate() {
  const client = useQueryClient();
  return (...families: Array<readonly string[]>) => Promise.all(families.map((queryKey) => client.invalidateQueries({ queryKey })));
}
