import { recordKeys } from '@/lib/query-keys';

/** Every query key of the dashboard; its root is shared, since most changes elsewhere move its numbers. */
export const dashboardKeys = {
  all: recordKeys.dashboard,
  of: (courierId?: number) => [...recordKeys.dashboard, courierId ?? null] as const,
  setupChecklist: ['setup-checklist'] as const,
};
