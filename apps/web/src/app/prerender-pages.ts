/**
 * The pages pre-rendered to HTML at build time: the public site and the sign-in and
 * registration pages, each with the title and description its HTML carries (the server adds the
 * courier's name for the tenant of the request). The build writes them to dist/_prerendered with
 * a manifest.json the API reads; `sitemap` marks the pages listed in /sitemap.xml.
 */
export interface PrerenderedPage {
  path: string;
  title: string;
  description: string;
  sitemap: boolean;
  /** `platform`: the platform's page (the super admin's sign-in), under the platform's name, not the courier's. */
  brand?: 'platform';
  /** The query parameters the page reads for its first render; the server renders the page with them. */
  params?: string[];
}

export const PRERENDERED_PAGES: PrerenderedPage[] = [
  {
    path: '/',
    title: 'US to Jamaica package forwarding | Get your US address',
    description: 'US mailbox and package forwarding to Jamaica: shop US stores, we receive, consolidate and deliver to your branch.',
    sitemap: true,
  },
  {
    path: '/how-it-works',
    title: 'How it works | US to Jamaica package forwarding',
    description:
      'Sign up for your free US address, shop, and collect your packages in Jamaica: package and mail forwarding, consolidation.',
    sitemap: true,
  },
  {
    path: '/pricing',
    title: 'Pricing | US to Jamaica package forwarding',
    description: 'Shipping rates by weight in Jamaican dollars, membership discounts and a calculator for your package.',
    sitemap: true,
  },
  {
    path: '/assisted-purchase',
    title: 'Shop For Me | Assisted purchase from US stores',
    description: 'No US card? Send us the links and we buy from US stores for you, then forward the items to Jamaica.',
    sitemap: true,
  },
  {
    path: '/contact',
    title: 'Contact us | US to Jamaica package forwarding',
    description: 'Our branches, opening hours, phone and e-mail, and a form to send us a message.',
    sitemap: true,
  },
  {
    path: '/faq',
    title: 'FAQ | US to Jamaica package forwarding',
    description: 'Answers on your US address, shipping times, customs duty, payments and collecting your packages.',
    sitemap: true,
  },
  {
    path: '/privacy',
    title: 'Privacy Policy | US to Jamaica package forwarding',
    description: 'How we collect, use and protect your personal information.',
    sitemap: true,
  },
  {
    path: '/terms',
    title: 'Terms of Service | US to Jamaica package forwarding',
    description: 'The terms of our package forwarding and assisted purchase services.',
    sitemap: true,
  },
  {
    path: '/track',
    title: 'Track a package',
    description: 'Where your package is: its status and timeline by tracking or package number.',
    sitemap: true,
    params: ['number'],
  },
  { path: '/login', title: 'Sign in', description: 'Sign in to your account to track your packages and invoices.', sitemap: true },
  {
    path: '/register',
    title: 'Create your account',
    description: 'Sign up for your free US shipping address.',
    sitemap: true,
    params: ['ref'],
  },
  { path: '/admin/login', title: 'Courier admin sign in', description: 'Sign in to the courier admin portal.', sitemap: false },
  { path: '/staff/login', title: 'Staff sign in', description: 'Sign in to the staff portal.', sitemap: false },
  {
    path: '/superadmin/login',
    title: 'Super admin sign in',
    description: 'Sign in to the platform administration.',
    sitemap: false,
    brand: 'platform',
  },
];
