/**
 * Every in-app URL, in one typed registry (bulletproof-react): pages link through these instead
 * of spelling paths. Areas add their paths here.
 */
export const paths = {
  home: '/',
  howItWorks: '/how-it-works',
  assistedPurchase: '/assisted-purchase',
  contact: '/contact',
  pricing: '/pricing',
  faq: '/faq',
  privacy: '/privacy',
  terms: '/terms',
  track: '/track',
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password',
  /** A framed portal's session opened in a tab of its own (the hand-off code in the fragment). */
  openPortal: '/open-portal',
  adminLogin: '/admin/login',
  staffLogin: '/staff/login',
  superadminLogin: '/superadmin/login',
  customer: {
    dashboard: '/customer/dashboard',
    packages: '/customer/packages',
    profile: '/customer/profile',
    supportTickets: '/customer/support-tickets',
  },
  admin: {
    dashboard: '/admin/dashboard',
    supportTickets: '/admin/support-tickets',
    settings: '/admin/settings',
    packages: '/admin/packages',
  },
  staff: {
    dashboard: '/staff/dashboard',
    supportTickets: '/staff/support-tickets',
    settings: '/staff/settings',
    packages: '/staff/packages',
  },
  superadmin: {
    dashboard: '/superadmin/dashboard',
    supportTickets: '/superadmin/support-tickets',
    settings: '/superadmin/settings',
    packages: '/superadmin/packages',
  },
} as const;

/** Adds `api_key` to a path when the visitor came with one, so tenant links keep the tenant. */
export function withApiKey(path: string, apiKey: string | null | undefined): string {
  if (!apiKey) return path;
  const sep = path.includes('?') ? '&' : '?';
  return `${path}${sep}api_key=${encodeURIComponent(apiKey)}`;
}

/** A redirect keeps the courier: the current URL's `api_key`, if it has one, goes along. */
export function keepApiKey(path: string, search: string): string {
  return withApiKey(path, new URLSearchParams(search).get('api_key')?.trim());
}
