import { useQuery } from '@tanstack/react-query';
import type { SetupChecklist } from '@courier/shared/schemas/courier-invitations';
import type { Dashboard } from '@courier/shared/schemas/dashboard';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';

export const useDashboard = (courierId?: number) =>
  useQuery({ queryKey: dashboardKeys.of(courierId), queryFn: () => api.get<Dashboard>('/dashboard', { query: { courierId } }) });

/** The "Set up your courier" card's items; the courier admin's own courier. */
export const useSetupChecklist = (enabled: boolean) =>
  useQuery({
    queryKey: dashboardKeys.setupChecklist,
    queryFn: () => api.get<SetupChecklist>('/settings/setup-checklist'),
    enabled,
    // Back from a settings screen, the card shows what was just done.
    refetchOnMount: 'always',
  });
