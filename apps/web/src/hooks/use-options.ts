import { useQuery } from '@tanstack/react-query';
import type { BranchOption } from '@courier/shared/schemas/branches';
import type { CourierOption } from '@courier/shared/schemas/platform';
import { api } from '@/lib/api-client';
import { recordKeys } from '@/lib/query-keys';

/**
 * The option lists many forms and filters pick from (couriers, branches, roles). Each lives under
 * its records' key family, so a change to a courier, branch or role refreshes its options too.
 */
const OPTIONS_STALE_MS = 60_000;

export const useCourierOptions = (enabled = true) =>
  useQuery({
    queryKey: recordKeys.courierOptions,
    queryFn: ({ signal }) => api.get<CourierOption[]>('/platform/couriers/options', { signal }),
    enabled,
    staleTime: OPTIONS_STALE_MS,
  });

export const useBranchOptions = (courierId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: recordKeys.branchOptions(courierId),
    queryFn: ({ signal }) => api.get<BranchOption[]>('/branches/options', { query: { courierId }, signal }),
    enabled,
    staleTime: OPTIONS_STALE_MS,
  });

export const useRoleOptions = (courierId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: recordKeys.roleOptions(courierId),
    queryFn: ({ signal }) => api.get<Array<{ id: number; name: string }>>('/roles/options', { query: { courierId }, signal }),
    enabled,
    staleTime: OPTIONS_STALE_MS,
  });
