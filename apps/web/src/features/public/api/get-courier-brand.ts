export interface CourierBrand {
  name: string;
  logoUrl: string;
}

/** The brand shown when the courier has no name or logo, or cannot be loaded. */
export const DEFAULT_BRAND: CourierBrand = { name: 'Courier Portal', logoUrl: '/default-logo.svg' };
