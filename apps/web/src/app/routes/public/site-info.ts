/**
 * The company details the public site prints: the two Clarendon branches, phone, e-mail and
 * hours of part 1 §2. One place, so the footer, home and contact pages never disagree.
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
