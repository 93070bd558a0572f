import { paths } from '@/lib/paths';

/** The navbar links of part 1 §2, in order. */
export const NAV_ITEMS = [
  { to: paths.home, label: 'Home' },
  { to: paths.howItWorks, label: 'How It Works' },
  { to: paths.assistedPurchase, label: 'Shop For Me' },
  { to: paths.contact, label: 'Contact' },
] as const;
