import { ArrowRight, CreditCard, ExternalLink, Mail, MapPin, PackageCheck, Plane } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { RETAILERS, SHOP_FOR_ME_MINIMUM_USD } from '@courier/shared/constants/public-site';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { ShippingCalculator } from '@/features/public/components/shipping-calculator';
import { TextSkeleton, branchAddress, branchParishes } from '@/features/public/components/site-contact';
import { TrackBox } from '@/features/public/components/track-box';
import { MembershipTiers } from '@/features/public/components/membership-tiers';
import { RateTable } from '@/features/public/components/rate-table';
import { paths, withApiKey } from '@/lib/paths';
import { resolveApiKey } from '@/lib/storage';
import { FORWARDING_STEPS } from './flows';
import { Section, Steps } from './page-parts';
import { PageTitle } from '@/app/page-title';

/** Home: hero, steps, stores, pricing with the calculator, Shop For Me, sign-up, locations. */
/** A store's mark: the initials of its name's first two words ("Fashion Nova" -> "FN"). */
export function storeMonogram(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

export function HomePage() {
  const location = useLocation();
  const apiKey = resolveApiKey(location.search);
  const registerPath = withApiKey(paths.register, apiKey);
  const { site, loading } = usePublicSite();
  const where = branchParishes(site);
  const { content } = site;
  // The courier's own figures only: a courier that claims none shows none.
  const stats = loading ? [] : content.stats;

  return (
    <>
      <PageTitle path="/" />
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600 text-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:py-20 lg:grid-cols-5 lg:items-center">
          <div className={stats.length > 0 ? 'lg:col-span-3' : 'lg:col-span-5 lg:max-w-3xl'}>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-highlight-400">
              <Plane className="h-4 w-4" aria-hidden="true" />{' '}
              {loading ? (
                <TextSkeleton className="w-44 bg-white/20" />
              ) : (
                (content.tagline ?? `US to ${where ?? 'Jamaica'} package forwarding`)
              )}
            </p>
            <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-5xl">
              {content.heroTitle ?? 'Shop in the US. Collect in Jamaica.'}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-brand-100">
              {content.heroText ??
                `Get a free personal US shipping address, shop the stores you love and we forward every package to your branch${where ? ` in ${where}` : ''}, with customs handled and your costs shown upfront.`}
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link
                to={registerPath}
                className="inline-flex h-12 items-center justify-center gap-2 rounded-md bg-highlight-400 px-6 font-semibold text-slate-900 hover:bg-highlight-500"
              >
                Get Your US Address
                <ArrowRight className="h-5 w-5" aria-hidden="true" />
              </Link>
              <Link
                to={paths.howItWorks}
                className="inline-flex h-12 items-center justify-center rounded-md border border-white/40 px-6 font-semibold text-white hover:bg-white/10"
              >
                See how it works
              </Link>
            </div>
          </div>
          {stats.length > 0 && (
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:col-span-2 lg:grid-cols-1" data-testid="home-figures">
              {stats.map((stat) => (
                <div
                  key={`${stat.value} ${stat.label}`}
                  className="flex items-baseline gap-3 rounded-xl bg-white/10 px-4 py-3 sm:flex-col sm:items-start sm:gap-0 sm:py-4 ring-1 ring-white/15 backdrop-blur"
                >
                  <dt className="text-xs text-brand-100 sm:text-sm">{stat.label}</dt>
                  <dd className="order-first text-2xl font-bold text-white sm:text-3xl">{stat.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </section>

      <TrackBox />

      <Section id="how-it-works" title="How it works" intro="Four simple steps from checkout in the US to pickup in Jamaica.">
        <Steps steps={FORWARDING_STEPS} />
        <Link to={paths.howItWorks} className="mt-6 inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
          Learn more about forwarding <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </Section>

      <Section
        id="retailers"
        tone="white"
        title="Shop your favourite US stores"
        intro="Use your US address at checkout on any of these stores, and thousands more."
      >
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {RETAILERS.map((store) => (
            <li key={store.name}>
              <a
                href={store.url}
                target="_blank"
                rel="noopener noreferrer"
                className="group flex h-full flex-col rounded-xl border border-slate-200 p-4 transition hover:border-brand-500 hover:shadow-md"
              >
                <span
                  className={`flex h-10 w-10 items-center justify-center rounded-lg text-base font-bold tracking-tight text-store-ink ${store.color}`}
                  aria-hidden="true"
                  data-store-mark=""
                >
                  {storeMonogram(store.name)}
                </span>
                <span className="mt-3 flex items-center gap-1 font-semibold text-slate-900">
                  {store.name}
                  <ExternalLink className="h-3.5 w-3.5 text-slate-400 group-hover:text-brand-700" aria-hidden="true" />
                </span>
                <span className="mt-1 text-xs text-slate-600">{store.blurb}</span>
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="pricing"
        title="Simple, transparent pricing"
        intro="Pay by the pound, rounded up to the next whole pound, with no membership fees. Your invoice lists every charge: freight, the processing fee, customs duties where they apply, and GCT."
      >
        <div className="grid gap-8 lg:grid-cols-3">
          <RateTable />
          <div className="lg:col-span-2">
            <ShippingCalculator />
          </div>
        </div>
        <h3 className="mt-12 text-xl font-semibold text-slate-900">Membership rewards</h3>
        <p className="mt-2 max-w-2xl text-sm text-slate-600">The more you ship, the more you save on every package after that.</p>
        <div className="mt-6">
          <MembershipTiers headingLevel="h3" />
        </div>
        <div className="mt-8 flex flex-col gap-3 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-semibold text-slate-900">Shipping for a business or in bulk?</p>
            <p className="text-sm text-slate-600">Talk to us about volume rates, sea freight and commercial imports.</p>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Link
              to={paths.contact}
              className="inline-flex h-11 items-center justify-center rounded-md bg-brand-700 px-5 font-medium text-white hover:bg-brand-800"
            >
              Contact Sales
            </Link>
            <Link
              to={paths.pricing}
              className="inline-flex h-11 items-center justify-center rounded-md border border-slate-300 px-5 font-medium text-slate-800 hover:bg-slate-50"
            >
              See full pricing
            </Link>
          </div>
        </div>
      </Section>

      <section aria-labelledby="shop-for-me-title" className="bg-highlight-400/15">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 md:grid-cols-2 md:items-center">
          <div>
            <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">
              <CreditCard className="h-4 w-4" aria-hidden="true" /> No US card? No problem.
            </p>
            <h2 id="shop-for-me-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Shop For Me
            </h2>
            <p className="mt-3 text-slate-700">
              Some stores will not take a Jamaican card. Send us the links, we quote you the item cost, our service fee and shipping, and
              once you approve, we buy it and ship it with your other packages.
            </p>
            <Link
              to={paths.assistedPurchase}
              className="mt-6 inline-flex h-12 items-center gap-2 rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
            >
              Request a purchase <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </Link>
          </div>
          <ul className="space-y-3 text-sm text-slate-800">
            {[
              `Service fee of ${site.shopForMeFeePercent}% of the item cost, minimum $${SHOP_FOR_ME_MINIMUM_USD}`,
              'You confirm the full price before we buy anything',
              'Items ship with your packages: one trip, one pickup',
            ].map((line) => (
              <li key={line} className="flex items-start gap-3 rounded-lg bg-white p-4 shadow-sm">
                <PackageCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                {line}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="bg-brand-800">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="cta-title" className="text-2xl font-bold text-white sm:text-3xl">
              Your US address is one minute away
            </h2>
            <p className="mt-2 text-brand-100">Sign up free. No monthly fees: you only pay when you ship.</p>
          </div>
          <Link
            to={registerPath}
            className="inline-flex h-12 items-center rounded-md bg-highlight-400 px-6 font-semibold text-slate-900 hover:bg-highlight-500"
          >
            Sign up free
          </Link>
        </div>
      </section>

      <Section
        id="locations"
        tone="white"
        title={where ? `Visit us in ${where}` : 'Visit us'}
        intro="Collect your packages, pay your invoices or talk to us in person."
      >
        <div className="grid gap-4 md:grid-cols-3" data-testid="home-locations">
          {loading
            ? [0, 1].map((i) => (
                <div key={i} className="space-y-3 rounded-xl border border-slate-200 p-5" aria-hidden="true">
                  <TextSkeleton className="w-32" />
                  <TextSkeleton className="w-48" />
                  <TextSkeleton className="w-28" />
                </div>
              ))
            : site.branches.map((branch) => (
                <div key={branch.name} className="rounded-xl border border-slate-200 p-5">
                  <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                    <MapPin className="h-5 w-5 text-brand-700" aria-hidden="true" /> {branch.name} branch
                  </h3>
                  {branchAddress(branch) && <p className="mt-2 text-sm text-slate-700">{branchAddress(branch)}</p>}
                  {branch.phone && <p className="mt-2 text-sm text-slate-700">{branch.phone}</p>}
                  {branch.hours && <p className="mt-2 text-sm text-slate-600">{branch.hours}</p>}
                </div>
              ))}
          {(loading || site.courier.email) && (
            <div className="rounded-xl border border-slate-200 p-5">
              <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                <Mail className="h-5 w-5 text-brand-700" aria-hidden="true" /> E-mail us
              </h3>
              <p className="mt-2 text-sm text-slate-700">Questions about an order or your account? Write to us.</p>
              {loading || !site.courier.email ? (
                <TextSkeleton className="mt-2 w-48" />
              ) : (
                <a href={`mailto:${site.courier.email}`} className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
                  {site.courier.email}
                </a>
              )}
            </div>
          )}
        </div>
      </Section>
    </>
  );
}
