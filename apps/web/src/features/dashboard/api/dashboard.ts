import { useQuery } from '@tanstack/react-query';
import type { SetupChecklist } from '@courier/shared/schemas/courier-invitations';
import type { Dashboard } from '@courier/shared/schemas/dashboard';
import { api } from '@/lib/api-client';
import { earlyInitialData, takeEarly } from '@/lib/early-requests';
import { tokenStore } from '@/lib/storage';
import { dashboardKeys } from './keys';

/**
 * The signed-in person's own dashboard: the answer asked for early (by the entry on a first load,
 * by the route as it loads; lib/early-requests.ts) when it was for this token, else asked now. The
 * customer's US address is the page's largest paint: an answer already in is the query's initial data.
 */
async function ownDashboard(): Promise<Dashboard> {
  return (await takeEarly<Dashboard>('/dashboard', tokenStore.get())) ?? api.get<Dashboard>('/dashboard');
}

export const useDashboard = (courierId?: number) =>
  useQuery({
    queryKey: dashboardKeys.of(courierId),
    queryFn: () => (courierId === undefined ? ownDashboard() : api.get<Dashboard>('/dashboard', { query: { courierId } })),
    // Already in when the page first renders: the address shows in that render.
    ...(courierId === undefined ? earlyInitialData<Dashboard>('/dashboard', tokenStore.get()) : {}),
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
