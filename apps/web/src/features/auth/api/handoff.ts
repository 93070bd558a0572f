import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A one-minute, single-use code that opens this customer's session in a tab of its own. */
export function issueHandoffCode() {
  return api.post<{ code: string; expiresAt: string }>('/customers/handoff');
}

/** The new tab's exchange of that code for its own session. */
export function redeemHandoffCode(code: string) {
  return api.post<{ token: string }>('/customers/handoff/redeem', { code }, { sessionCall: false });
}

export const framePermissionKeys = {
  all: ['frame-permission'] as const,
  of: (origins: readonly string[], apiKey: string | null) => [...framePermissionKeys.all, origins.join(','), apiKey] as const,
};

/** Whether the signed-in customer's own courier allows these origins to frame its portal, on a page opened with `apiKey`. */
export const useFramePermission = (origins: readonly string[] | null, apiKey: string | null) =>
  useQuery({
    queryKey: framePermissionKeys.of(origins ?? [], apiKey),
    queryFn: () => {
      const query = new URLSearchParams({ origins: (origins ?? []).join(',') });
      if (apiKey) query.set('api_key', apiKey);
      return api.get<{ allowed: boolean }>(`/customers/frame-permission?${query}`);
    },
    enabled: origins !== null && origins.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
