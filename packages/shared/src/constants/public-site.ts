import type { PublicContent } from '../schemas/public-site';

/**
 * The marketing claims, in its words: the demo courier's own figures (seeded into its
 * public content). Every other courier shows the figures it sets itself, or none.
 */
export const DEMO_PUBLIC_STATS: PublicContent['stats'] = [
  { value: '5,000+', label: 'customers' },
  { value: '100,000+', label: 'packages forwarded' },
  { value: '150+', label: 'countries served' },
];

/** Figures one courier may show on its home page. */
export const MAX_PUBLIC_STATS = 6;

/** Favourite US stores; `color` is the class of the store's mark (its colour is a token in the web's tokens.css). */
export const RETAILERS = [
  { name: 'Amazon', url: 'https://www.amazon.com', blurb: 'Everything, delivered to your US address', color: 'bg-store-amazon' },
  { name: 'SHEIN', url: 'https://us.shein.com', blurb: 'Trend-led fashion at low prices', color: 'bg-store-shein' },
  { name: 'Temu', url: 'https://www.temu.com', blurb: 'Home, gadgets and deals', color: 'bg-store-temu' },
  { name: 'AliExpress', url: 'https://www.aliexpress.us', blurb: 'Parts, tools and accessories', color: 'bg-store-aliexpress' },
  { name: 'eBay', url: 'https://www.ebay.com', blurb: 'New and pre-owned, from US sellers', color: 'bg-store-ebay' },
  { name: 'Fashion Nova', url: 'https://www.fashionnova.com', blurb: 'Outfits for every occasion', color: 'bg-store-fashion-nova' },
] as const;

/** Business hours (Contact): every courier's until it sets its own. */
export const DEFAULT_SITE_HOURS: PublicContent['hours'] = [
  { days: 'Monday - Friday', time: '9:00 AM - 6:00 PM EST' },
  { days: 'Saturday', time: '10:00 AM - 4:00 PM EST' },
  { days: 'Sunday', time: 'Closed' },
];

/**
 * What a courier that has set nothing shows. A null text means "the page's own wording", which
 * names no courier and claims nothing; the default hours; no figures.
 */
export const DEFAULT_PUBLIC_CONTENT: PublicContent = {
  tagline: null,
  heroTitle: null,
  heroText: null,
  hours: DEFAULT_SITE_HOURS,
  socialLinks: [],
  faq: [],
  stats: [],
};

/** Shop For Me service fee: 10% of the item cost, minimum USD 5. */
export const DEFAULT_SHOP_FOR_ME_FEE_PERCENT = 10;
export const SHOP_FOR_ME_MINIMUM_USD = 5;

/** Origins one courier may allow to frame its sign-in and portal. */
export const MAX_EMBED_ORIGINS = 10;
/** Host names one courier may register. */
export const MAX_COURIER_DOMAINS = 10;
