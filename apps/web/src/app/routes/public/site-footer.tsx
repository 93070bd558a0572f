import { Mail, MapPin, Phone } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useCourierBrand } from '@/features/public/api/get-courier-brand';
import { paths } from '@/lib/paths';
import { resolveApiKey } from '@/lib/storage';
import { SITE } from './site-info';

const GROUPS = [
  {
    title: 'Company',
    links: [
      { to: paths.home, label: 'Home' },
      { to: paths.howItWorks, label: 'How It Works' },
      { to: paths.assistedPurchase, label: 'Shop For Me' },
      { to: paths.pricing, label: 'Pricing' },
      { to: paths.contact, label: 'Contact' },
    ],
  },
  {
    title: 'Services',
    links: [
      { to: `${paths.howItWorks}#package-forwarding`, label: 'Package Forwarding' },
      { to: `${paths.howItWorks}#mail-forwarding`, label: 'Mail Forwarding' },
      { to: `${paths.howItWorks}#consolidation`, label: 'Consolidation' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: paths.faq, label: 'FAQ' },
      { to: paths.privacy, label: 'Privacy Policy' },
      { to: paths.terms, label: 'Terms of Service' },
    ],
  },
] as const;

/** The public footer (part 1 §2): its links, both branch addresses, phone and e-mail. */
export function SiteFooter() {
  const location = useLocation();
  const { brand } = useCourierBrand(resolveApiKey(location.search));
  return (
    <footer className="bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="text-lg font-semibold text-white">US shopping, delivered to Jamaica</p>
          <p className="mt-2 max-w-sm text-sm leading-relaxed">
            Your own US address, weekly air freight from Miami and pickup at your local branch in Clarendon. No US credit card? We will buy
            it for you.
          </p>
          <ul className="mt-6 space-y-3 text-sm">
            {SITE.branches.map((branch) => (
              <li key={branch.name} className="flex gap-2">
                <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-accent-400" aria-hidden="true" />
                <span>
                  <span className="font-medium text-white">{branch.name} branch</span>
                  <br />
                  {branch.street}, {branch.town}, Jamaica
                </span>
              </li>
            ))}
            <li className="flex items-center gap-2">
              <Phone className="h-4 w-4 shrink-0 text-accent-400" aria-hidden="true" />
              <a href={SITE.phoneHref} className="hover:text-white hover:underline">
                {SITE.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Mail className="h-4 w-4 shrink-0 text-accent-400" aria-hidden="true" />
              <a href={`mailto:${SITE.email}`} className="hover:text-white hover:underline">
                {SITE.email}
              </a>
            </li>
          </ul>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <p className="text-sm font-semibold tracking-wide text-white uppercase">{group.title}</p>
            <ul className="mt-4 space-y-2 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-brand-200">
          &copy; {new Date().getFullYear()} {brand.name}. All rights reserved. Rates in Jamaican dollars; customs duty is set by Jamaica
          Customs.
        </p>
      </div>
    </footer>
  );
}
