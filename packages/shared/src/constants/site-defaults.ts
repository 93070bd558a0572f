import type { PublicContent } from '../schemas/public-site';

/**
 * The public site's defaults of part 1 §2 (issue 18): what the server serves for a courier that has
 * set nothing of its own. Only content that names no courier lives here; a courier's name, phone,
 * e-mail and branches always come from its own record, never from another courier's.
 */
export const DEFAULT_SITE_HOURS: PublicContent['hours'] = [
  { days: 'Monday - Friday', time: '9:00 AM - 6:00 PM EST' },
  { days: 'Saturday', time: '10:00 AM - 4:00 PM EST' },
  { days: 'Sunday', time: 'Closed' },
];

export const DEFAULT_PUBLIC_CONTENT: PublicContent = {
  tagline: null,
  heroTitle: null,
  heroText: null,
  hours: DEFAULT_SITE_HOURS,
  socialLinks: [],
  faq: [],
};

/** Shop For Me service fee of part 1 §2: 10% of the item cost, minimum USD 5. */
export const DEFAULT_SHOP_FOR_ME_FEE_PERCENT = 10;
export const SHOP_FOR_ME_MINIMUM_USD = 5;
