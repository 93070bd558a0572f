import { customsRatesInForce, defaultCustomsRates } from '@courier/shared/domain/customs';
import { NO_VOLUMETRIC } from '@courier/shared/domain/volumetric';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { MEMBERSHIP_TIERS } from '@courier/shared/constants/rates';
import { DEFAULT_PUBLIC_CONTENT, DEFAULT_SHOP_FOR_ME_FEE_PERCENT } from '@courier/shared/constants/public-site';
import { DEFAULT_CALCULATOR_RATES } from '@courier/shared/domain/calculator';
import { DEFAULT_TIME_ZONE } from '@courier/shared/domain/datetime';
import type { PublicSite } from '@courier/shared/schemas/public-site';
import { ApiError, api } from '@/lib/api-client';
import { useHydrated } from '@/lib/hydration';
import { embeddedSite, rememberSite, requestedApiKey } from '@/lib/public-site-store';
import { decodeToken, tokenStore } from '@/lib/storage';
import { DEFAULT_BRAND } from './get-courier-brand';
import { publicKeys } from './keys';

/**
 * What the public pages show when the courier's site cannot be loaded: the default brand and no courier's contact details at all, so no page ever shows one courier's data on
 * another's site. Rates, tiers and hours are the defaults (constants/limits.ts).
 */
export const FALLBACK_SITE: PublicSite = {
  courier: {
    name: DEFAULT_BRAND.name,
    code: '',
    apiKey: '',
    logoUrl: DEFAULT_BRAND.logoUrl,
    email: null,
    phone: null,
    shippingAddressAir: null,
    shippingAddressSea: null,
    timeZone: DEFAULT_TIME_ZONE,
  },
  branches: [],
  content: DEFAULT_PUBLIC_CONTENT,
  rates: [...DEFAULT_CALCULATOR_RATES.rates],
  additionalPoundCents: DEFAULT_CALCULATOR_RATES.additionalPoundCents,
  exchangeRateJmdPerUsd: DEFAULT_CALCULATOR_RATES.exchangeRateJmdPerUsd,
  customsRates: customsRatesInForce(defaultCustomsRates(), new Date().toISOString().slice(0, 10)),
  volumetric: NO_VOLUMETRIC,
  tiers: MEMBERSHIP_TIERS.map((t) => ({ ...t })),
  shopForMeFeePercent: DEFAULT_SHOP_FOR_ME_FEE_PERCENT,
  resolvedBy: 'default',
};

export async function getPublicSite(apiKey: string | null): Promise<PublicSite> {
  const site = await api.get<PublicSite>('/public/site', { query: { api_key: apiKey }, sessionCall: false });
  rememberSite(site);
  return site;
}

export interface PublicSiteState {
  site: PublicSite;
  /** True until the site is known: pages show placeholders of the same size, not the fallback. */
  loading: boolean;
  /** The site could not be loaded: `site` is FALLBACK_SITE. */
  failed: boolean;
}

const transient = (error: unknown) => error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');

/**
 * The public site of the tenant. A signed-in person always sees their own courier's
 * (the server reads it from the session), whatever the address or the platform's default says.
 * Otherwise first the one the server embedded in the HTML (no flash, and the first render matches
 * the pre-rendered markup), else `GET /api/public/site` for the api key of the URL, host or session
 * (none: the server's default courier). A passing fault is retried twice; a courier that cannot be
 * found leaves the default brand.
 */
export function usePublicSite(): PublicSiteState {
  const { search } = useLocation();
  const apiKey = requestedApiKey(search);
  const ownCourier = useSignedInCourierId();
  const embedded = embeddedSite();
  const initial = ownCourier === null && embedded && (apiKey === null || embedded.courier.apiKey === apiKey) ? embedded : undefined;
  const query = useQuery({
    queryKey: ownCourier === null ? publicKeys.site(apiKey) : publicKeys.accountSite(ownCourier),
    queryFn: () => getPublicSite(apiKey),
    initialData: initial,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (failures, error) => transient(error) && failures < 2,
  });
  if (query.data) return { site: query.data, loading: false, failed: false };
  return { site: FALLBACK_SITE, loading: query.isPending, failed: query.isError };
}

/**
 * The courier of the person signed in in this tab, from the token in storage (read after
 * hydration, so a pre-rendered page's first render matches the server's); null when nobody is.
 */
function useSignedInCourierId(): number | null {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const token = tokenStore.get();
  return (token && decodeToken(token)?.courierId) || null;
}

/** `tel:` link of a phone number as printed: its digits (and a leading +), a Jamaican 10-digit number with +1. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${/^\d{10}$/.test(digits) ? `+1${digits}` : digits}`;
}
