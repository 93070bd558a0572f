import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@courier/shared/schemas/dashboard';
import { api } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

export const useDashboard = (courierId?: number) =>
  useQuery({ queryKey: [...keys.dashboard, courierId ?? null], queryFn: () => api.get<Dashboard>('/dashboard', { query: { courierId } }) });
