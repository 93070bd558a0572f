import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { embeddedPublicSite } from '@/lib/embedded-site';

interface ValidateCourierResponse {
  success: boolean;
  data?: { id: number; name: string; logo_url: string | null } | null;
}

export interface CourierBrand {
  name: string;
  logoUrl: string;
}

/** Part 1 §1: the brand shown when the courier has no name or logo, or cannot be loaded. */
export const DEFAULT_BRAND: CourierBrand = { name: 'Courier Portal', logoUrl: '/default-logo.svg' };

export async function getCourierBrand(apiKey: string): Promise<CourierBrand> {
  const res = await api.get<ValidateCourierResponse>(`/couriers/validate/${encodeURIComponent(apiKey)}`, { sessionCall: false });
  if (!res?.success || !res.data) return DEFAULT_BRAND;
  return { name: res.data.name || DEFAULT_BRAND.name, logoUrl: res.data.logo_url || DEFAULT_BRAND.logoUrl };
}

/**
 * The courier's name and logo for the api key. A failed lookup is not an error for a visitor:
 * the page simply shows the default brand, so nothing is retried or reported.
 */
export function useCourierBrand(apiKey: string) {
  const query = useQuery({
    // The site the server embedded in the page, when it is this key's: the brand is in the
    // pre-rendered HTML and the first client render shows the same (no skeleton, no mismatch).
    initialData: () => brandFromEmbeddedSite(apiKey),
    queryKey: ['courier-brand', apiKey],
    queryFn: () => getCourierBrand(apiKey),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { brand: query.data ?? DEFAULT_BRAND, loading: query.isPending };
}

function brandFromEmbeddedSite(apiKey: string): CourierBrand | undefined {
  const site = embeddedPublicSite();
  if (!site || site.courier.apiKey !== apiKey) return undefined;
  return { name: site.courier.name || DEFAULT_BRAND.name, logoUrl: site.courier.logoUrl || DEFAULT_BRAND.logoUrl };
}
