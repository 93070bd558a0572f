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
  /** One package's detail and estimate: a photo of contents changes the one, insurance the other. */
  packageDetail: (id: number, customer: boolean) => ['packages', 'detail', id, customer] as const,
  packageEstimate: (id: number, customer: boolean) => ['packages', 'estimate', id, customer] as const,
  /** A package corrected or voided changes the manifest it is on. */
  manifests: ['manifests'] as const,
  /** Account credit pays invoices, and a payment by account credit moves the credit. */
  invoices: ['invoices'] as const,
  payments: ['payments'] as const,
  accountCredit: ['account-credit'] as const,
  branchOptions: (courierId?: number) => ['branches', 'options', courierId ?? null] as const,
  roleOptions: (courierId?: number) => ['roles', 'options', courierId ?? null] as const,
  courierOptions: ['platform-couriers', 'options'] as const,
};

/** Invalidates a family of queries after a change (lists, details and options alike). */
export function useInvalidate() {
  const client = useQueryClient();
  return (...families: Array<readonly unknown[]>) => Promise.all(families.map((queryKey) => client.invalidateQueries({ queryKey })));
}
