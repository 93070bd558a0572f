import { useQuery } from '@tanstack/react-query';
import type { SetupChecklist } from '@courier/shared/schemas/courier-invitations';
import type { Dashboard } from '@courier/shared/schemas/dashboard';
import { api } from '@/lib/api-client';
import { askEarly, takeEarly } from '@/lib/early-requests';
import { tokenStore } from '@/lib/storage';
import { dashboardKeys } from './keys';

/**
 * Starts the signed-in person's dashboard request as the route starts loading (the route's `lazy`),
 * beside the session check and the page's chunks rather than after them: the customer's US address
 * is the page's largest paint. On a first load the entry has already asked (app/signed-in-start.ts).
 * The page's query takes the answer over once, if the token is unchanged.
 */
export function requestDashboardEarly(): void {
  askEarly('/dashboard');
}

async function ownDashboard(): Promise<Dashboard> {
  return (await takeEarly<Dashboard>('/dashboard', tokenStore.get())) ?? api.get<Dashboard>('/dashboard');
}

export const useDashboard = (courierId?: number) =>
  useQuery({
    queryKey: dashboardKeys.of(courierId),
    queryFn: () => (courierId === undefined ? ownDashboard() : api.get<Dashboard>('/dashboard', { query: { courierId } })),
  });

/** The "Set up your courier" card's items; the courier admin's own courier. */
export const useSetupChecklist = (enabled: boolean) =>
  useQuery({
    queryKey: dashboardKeys.setupChecklist,
    queryFn: () => api.get<SetupChecklist>('/settings/setup-checklist'),
    enabled,
    // Back from a settings screen, the card shows what was just done.
    refetchOnMount: 'always',
  });
