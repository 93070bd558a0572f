import type { PublicContent } from '../schemas/public-site';

/**
 * The company details the public site printed before issue 18: the demo courier's two Clarendon
 * branches, phone, e-mail and hours of part 1 §2. They are the default (demo) courier's seed data;
 * at run time a courier's name, phone, e-mail and branches always come from its own record, so
 * only what names no courier (the hours) is served as a fallback.
 */
export const SITE = {
  phone: '(876) 986-2040',
  phoneHref: 'tel:+18769862040',
  email: 'hello@jamaicaexpress.test',
  branches: [
    { name: 'May Pen', street: '23 Main Street', town: 'May Pen, Clarendon', phone: '(876) 986-2040' },
    { name: 'Chapelton', street: '4 Market Street', town: 'Chapelton, Clarendon', phone: '(876) 987-1150' },
  ],
  hours: [
    { days: 'Monday - Friday', time: '9:00 AM - 6:00 PM EST' },
    { days: 'Saturday', time: '10:00 AM - 4:00 PM EST' },
    { days: 'Sunday', time: 'Closed' },
  ],
  stats: [
    { value: '5,000+', label: 'happy customers' },
    { value: '100,000+', label: 'packages forwarded' },
    { value: '150+', label: 'countries served' },
  ],
} as const;

/** Favourite US stores of part 1 §2. */
export const RETAILERS = [
  { name: 'Amazon', url: 'https://www.amazon.com', blurb: 'Everything, delivered to your US address', color: 'bg-[#232f3e]' },
  { name: 'SHEIN', url: 'https://us.shein.com', blurb: 'Trend-led fashion at low prices', color: 'bg-black' },
  { name: 'Temu', url: 'https://www.temu.com', blurb: 'Home, gadgets and deals', color: 'bg-[#c2410c]' },
  { name: 'AliExpress', url: 'https://www.aliexpress.us', blurb: 'Parts, tools and accessories', color: 'bg-[#b91c1c]' },
  { name: 'eBay', url: 'https://www.ebay.com', blurb: 'New and pre-owned, from US sellers', color: 'bg-[#0064d2]' },
  { name: 'Fashion Nova', url: 'https://www.fashionnova.com', blurb: 'Outfits for every occasion', color: 'bg-[#be185d]' },
] as const;

/** Business hours of part 1 §2 (Contact): every courier's until it sets its own. */
export const DEFAULT_SITE_HOURS: PublicContent['hours'] = SITE.hours.map((h) => ({ days: h.days, time: h.time }));

/**
 * What a courier that has set nothing shows. A null text means "the page's own wording", which
 * names no courier; the hours are the spec's.
 */
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

/** Origins one courier may allow to frame its sign-in and portal (issue 18). */
export const MAX_EMBED_ORIGINS = 10;
/** Host names one courier may register. */
export const MAX_COURIER_DOMAINS = 10;
