import { useQuery } from '@tanstack/react-query';
import { authKeys } from './keys';
import { api } from '@/lib/api-client';

/** A one-minute, single-use code that opens this customer's session in a tab of its own. */
export function issueHandoffCode() {
  return api.post<{ code: string; expiresAt: string }>('/customers/handoff');
}

/** The new tab's exchange of that code for its own session. */
export function redeemHandoffCode(code: string) {
  return api.post<{ token: string }>('/customers/handoff/redeem', { code }, { sessionCall: false });
}

/** Whether the signed-in customer's own courier allows these origins to frame its portal, on a page opened with `apiKey`. */
export const useFramePermission = (origins: readonly string[] | null, apiKey: string | null) =>
  useQuery({
    queryKey: authKeys.framePermission.of(origins ?? [], apiKey),
    queryFn: () => {
      const query = new URLSearchParams({ origins: (origins ?? []).join(',') });
      if (apiKey) query.set('api_key', apiKey);
      return api.get<{ allowed: boolean }>(`/customers/frame-permission?${query}`);
    },
    enabled: origins !== null && origins.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
