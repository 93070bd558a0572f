import { useQueryClient } from '@tanstack/react-query';

/**
 * The record families several features show or change, which features may not import from each
 * other: branch, role and courier options fill forms everywhere, a staff change moves the branch and
 * role lists, most changes move the dashboard. Each feature's own factory (`branchKeys`, `staffKeys`,
 * ...) starts from its root here; nothing else builds a key from these.
 */
export const recordKeys = {
  branches: ['branches'] as const,
  staff: ['staff'] as const,
  roles: ['roles'] as const,
  customers: ['customers'] as const,
  couriers: ['platform-couriers'] as const,
  dashboard: ['dashboard'] as const,
  packages: ['packages'] as const,
  branchOptions: (courierId?: number) => ['branches', 'options', courierId ?? null] as const,
  roleOptions: (courierId?: number) => ['roles', 'options', courierId ?? null] as const,
  courierOptions: ['platform-couriers', 'options'] as const,
};

/** Invalidates a family of queries after a change (lists, details and options alike). */
export function useInvalidate() {
  const client = useQueryClient();
  return (...families: Array<readonly unknown[]>) => Promise.all(families.map((queryKey) => client.invalidateQueries({ queryKey })));
}
