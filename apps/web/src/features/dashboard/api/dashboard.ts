import { useQuery } from '@tanstack/react-query';
import type { SetupChecklist } from '@courier/shared/schemas/courier-invitations';
import type { Dashboard } from '@courier/shared/schemas/dashboard';
import { api } from '@/lib/api-client';
import { tokenStore } from '@/lib/storage';
import { dashboardKeys } from './keys';

/** A request started before the page's code and the session check were in, for the token it was sent with. */
let early: { token: string | null; at: number; answer: Promise<Dashboard> } | undefined;
const EARLY_FOR_MS = 15_000;

/**
 * Starts the signed-in person's dashboard request as the route starts loading (the route's `lazy`),
 * beside the session check and the page's chunks rather than after them: the customer's US address
 * is the page's largest paint. The page's query takes it over once, if the token is unchanged.
 */
export function requestDashboardEarly(): void {
  const token = tokenStore.get();
  if (!token || early) return;
  const answer = api.get<Dashboard>('/dashboard');
  answer.catch(() => undefined); // the page's query reports a failure, by asking again
  early = { token, at: Date.now(), answer };
}

function takeEarly(): Promise<Dashboard> | undefined {
  const taken = early;
  early = undefined;
  if (!taken || taken.token !== tokenStore.get() || Date.now() - taken.at > EARLY_FOR_MS) return undefined;
  return taken.answer.catch(() => api.get<Dashboard>('/dashboard'));
}

export const useDashboard = (courierId?: number) =>
  useQuery({
    queryKey: dashboardKeys.of(courierId),
    queryFn: () => (courierId === undefined ? takeEarly() : undefined) ?? api.get<Dashboard>('/dashboard', { query: { courierId } }),
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
