import { paths } from '@/lib/paths';

/** The navbar links, in order. */
export const NAV_ITEMS = [
  { to: paths.home, label: 'Home' },
  { to: paths.howItWorks, label: 'How It Works' },
  { to: paths.assistedPurchase, label: 'Shop For Me' },
  { to: paths.contact, label: 'Contact' },
] as const;
