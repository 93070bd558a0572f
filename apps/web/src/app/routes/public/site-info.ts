/**
 * The marketing figures and favourite stores of part 1 §2: the same on every courier's site. A
 * courier's own details (name, branches, phone, e-mail, hours) come from its public site
 * (features/public/api/get-public-site.ts), never from constants here.
 */
export const SITE_STATS = [
  { value: '5,000+', label: 'happy customers' },
  { value: '100,000+', label: 'packages forwarded' },
  { value: '150+', label: 'countries served' },
] as const;

/** Favourite US stores of part 1 §2. */
export const RETAILERS = [
  { name: 'Amazon', url: 'https://www.amazon.com', blurb: 'Everything, delivered to your US address', color: 'bg-[#232f3e]' },
  { name: 'SHEIN', url: 'https://us.shein.com', blurb: 'Trend-led fashion at low prices', color: 'bg-black' },
  { name: 'Temu', url: 'https://www.temu.com', blurb: 'Home, gadgets and deals', color: 'bg-[#c2410c]' },
  { name: 'AliExpress', url: 'https://www.aliexpress.us', blurb: 'Parts, tools and accessories', color: 'bg-[#b91c1c]' },
  { name: 'eBay', url: 'https://www.ebay.com', blurb: 'New and pre-owned, from US sellers', color: 'bg-[#0064d2]' },
  { name: 'Fashion Nova', url: 'https://www.fashionnova.com', blurb: 'Outfits for every occasion', color: 'bg-[#be185d]' },
] as const;
