import { useQuery } from '@tanstack/react-query';
import type { BranchOption } from '@courier/shared/schemas/branches';
import type { CourierOption } from '@courier/shared/schemas/platform';
import { api } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

/**
 * The option lists many forms and filters pick from (couriers, branches, roles). Each lives under
 * its records' key family, so a change to a courier, branch or role refreshes its options too.
 */
export const useCourierOptions = (enabled = true) =>
  useQuery({ queryKey: [...keys.couriers, 'options'], queryFn: () => api.get<CourierOption[]>('/platform/couriers/options'), enabled });

export const useBranchOptions = (courierId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: [...keys.branches, 'options', courierId ?? null],
    queryFn: () => api.get<BranchOption[]>('/branches/options', { query: { courierId } }),
    enabled,
  });

export const useRoleOptions = (courierId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: [...keys.roles, 'options', courierId ?? null],
    queryFn: () => api.get<Array<{ id: number; name: string }>>('/roles/options', { query: { courierId } }),
    enabled,
  });
