import { Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { phoneHref, usePublicSite } from '@/features/public/api/get-public-site';
import { BranchContact, TextSkeleton, branchParishes } from '@/features/public/components/site-contact';
import { paths } from '@/lib/paths';

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

/** The public footer: its links and the courier's own branches, phone and e-mail. */
export function SiteFooter() {
  const { site, loading } = usePublicSite();
  const where = branchParishes(site);
  // Only web links: a courier's content never puts a script URL in a visitor's page.
  const socialLinks = site.content.socialLinks.filter((link) => /^https?:\/\//i.test(link.url));
  return (
    <footer className="bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="text-lg font-semibold text-white">{site.content.tagline ?? 'US shopping, delivered to Jamaica'}</p>
          <p className="mt-2 max-w-sm text-sm leading-relaxed">
            Your own US address, shipping to Jamaica and pickup at your local branch{where ? ` in ${where}` : ''}. No US credit card? We
            will buy it for you.
          </p>
          <ul className="mt-6 space-y-3 text-sm" data-testid="footer-contact">
            {loading ? (
              <li className="space-y-2" aria-hidden="true">
                <TextSkeleton className="w-48 bg-white/20" />
                <TextSkeleton className="w-56 bg-white/20" />
                <TextSkeleton className="w-36 bg-white/20" />
              </li>
            ) : (
              <>
                {site.branches.map((branch) => (
                  <BranchContact
                    key={branch.name}
                    branch={branch}
                    itemClassName="flex gap-2"
                    iconClassName="h-4 w-4 text-highlight-400"
                    nameClassName="font-medium text-white"
                  />
                ))}
                {site.courier.phone && (
                  <li className="flex items-center gap-2">
                    <Phone className="h-4 w-4 shrink-0 text-highlight-400" aria-hidden="true" />
                    <a href={phoneHref(site.courier.phone)} className="hover:text-white hover:underline">
                      {site.courier.phone}
                    </a>
                  </li>
                )}
                {site.courier.email && (
                  <li className="flex items-center gap-2">
                    <Mail className="h-4 w-4 shrink-0 text-highlight-400" aria-hidden="true" />
                    <a href={`mailto:${site.courier.email}`} className="hover:text-white hover:underline">
                      {site.courier.email}
                    </a>
                  </li>
                )}
              </>
            )}
          </ul>
          {socialLinks.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-3 text-sm" aria-label="Follow us">
              {socialLinks.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="noopener noreferrer" target="_blank" className="hover:text-white hover:underline">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
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
          &copy; {new Date().getFullYear()} {loading ? '' : site.courier.name}. All rights reserved. Rates in Jamaican dollars; customs duty
          is set by Jamaica Customs.
        </p>
      </div>
    </footer>
  );
}
