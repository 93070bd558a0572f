import { Award } from 'lucide-react';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { cn } from '@/lib/cn';

const TIER_STYLE: Record<string, string> = {
  Bronze: 'text-amber-700 bg-amber-50',
  Silver: 'text-slate-600 bg-slate-100',
  Gold: 'text-yellow-700 bg-yellow-50',
  Platinum: 'text-brand-700 bg-brand-50',
};

/** The courier's membership tiers (the default tiers until it sets its own): the more you ship, the less each package costs. */
export function MembershipTiers({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const { site } = usePublicSite();
  const Heading = headingLevel;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {site.tiers.map((tier) => (
        <li key={tier.name} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <span
            className={cn(
              'inline-flex h-10 w-10 items-center justify-center rounded-full',
              TIER_STYLE[tier.name] ?? 'text-brand-700 bg-brand-50',
            )}
          >
            <Award className="h-5 w-5" aria-hidden="true" />
          </span>
          <Heading className="mt-3 text-lg font-semibold text-slate-900">{tier.name}</Heading>
          <p className="mt-1 text-3xl font-bold text-brand-800">{tier.discountPercent}% off</p>
          <p className="mt-1 text-sm text-slate-600">each package once you have shipped {tier.packageCount} packages with us</p>
        </li>
      ))}
    </ul>
  );
}
