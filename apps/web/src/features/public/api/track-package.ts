import { useQuery } from '@tanstack/react-query';
import type { PublicTrack } from '@courier/shared/schemas/public-track';
import { api } from '@/lib/api-client';
import { publicKeys } from './keys';

/** `GET /api/public/track/:number` for the tenant's api key (none: the server's default courier). */
export function trackPackage(number: string, apiKey: string): Promise<PublicTrack> {
  return api.get<PublicTrack>(`/public/track/${encodeURIComponent(number)}`, { query: { api_key: apiKey }, sessionCall: false });
}

/** The package of a tracking or package number; idle while the number is empty. Not found is not retried. */
export function useTrackPackage(number: string, apiKey: string) {
  return useQuery({
    queryKey: publicKeys.track(apiKey, number),
    queryFn: () => trackPackage(number, apiKey),
    enabled: number.length > 0,
    retry: false,
    staleTime: 30_000,
  });
}
