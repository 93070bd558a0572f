import { ArrowRight, Boxes, Check, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { SHOP_FOR_ME_MINIMUM_USD } from '@courier/shared/constants/public-site';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { paths, withApiKey } from '@/lib/paths';
import { resolveApiKey } from '@/lib/storage';
import { FORWARDING_STEPS, SHOP_FOR_ME_STEPS } from './flows';
import { PageHero, Section, Steps } from './page-parts';
import { PageTitle } from '@/app/page-title';

function Feature({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-2">
      <Check className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
      <span>{children}</span>
    </li>
  );
}

/** How It Works: both four-step flows, and the services the footer links to. */
export function HowItWorksPage() {
  const location = useLocation();
  const apiKey = resolveApiKey(location.search);
  const { site } = usePublicSite();
  return (
    <>
      <PageTitle path="/how-it-works" />
      <PageHero eyebrow="How it works" title="From a US checkout to your hands in Jamaica">
        Whether you shop yourself or want us to buy for you, here is exactly what happens to your order, step by step.
      </PageHero>

      <Section
        id="package-forwarding"
        title="Package forwarding"
        intro="Shop yourself with your own US address. We do the receiving, the flying and the customs paperwork."
      >
        <Steps steps={FORWARDING_STEPS} />
        <Link
          to={withApiKey(paths.register, apiKey)}
          className="mt-8 inline-flex h-12 items-center gap-2 rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
        >
          Get Your US Address <ArrowRight className="h-5 w-5" aria-hidden="true" />
        </Link>
      </Section>

      <Section
        id="shop-for-me"
        tone="white"
        title="Shop For Me (assisted purchase)"
        intro="No US credit card, or a store that will not ship to a forwarder? Tell us what you want and we buy it for you."
      >
        <Steps steps={SHOP_FOR_ME_STEPS} />
        <p className="mt-6 max-w-2xl text-sm text-slate-600">
          Our service fee is {site.shopForMeFeePercent}% of the item cost, with a minimum of ${SHOP_FOR_ME_MINIMUM_USD}. You see and confirm
          the full price before we buy.
        </p>
        <Link
          to={paths.assistedPurchase}
          className="mt-6 inline-flex h-12 items-center gap-2 rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
        >
          Request a purchase <ArrowRight className="h-5 w-5" aria-hidden="true" />
        </Link>
      </Section>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-14 md:grid-cols-2">
        <section
          id="mail-forwarding"
          aria-labelledby="mail-forwarding-title"
          className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <Mail className="h-8 w-8 text-brand-700" aria-hidden="true" />
          <h2 id="mail-forwarding-title" className="mt-3 text-2xl font-bold text-slate-900">
            Mail forwarding
          </h2>
          <p className="mt-2 text-slate-600">
            Bank cards, statements, documents and magazines sent to your US address travel to Jamaica with your packages.
          </p>
          <ul className="mt-4 space-y-2 text-sm text-slate-700">
            <Feature>Letters and documents are billed by weight like any package, from the 1 lb rate.</Feature>
            <Feature>Envelopes stay sealed: we log the sender and the weight, never the contents.</Feature>
            <Feature>Collect at your branch with your ID, or add them to a home delivery.</Feature>
          </ul>
        </section>
        <section
          id="consolidation"
          aria-labelledby="consolidation-title"
          className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <Boxes className="h-8 w-8 text-brand-700" aria-hidden="true" />
          <h2 id="consolidation-title" className="mt-3 text-2xl font-bold text-slate-900">
            Consolidation
          </h2>
          <p className="mt-2 text-slate-600">
            Ordering from several stores? We can hold your packages and combine them into one shipment, so you pay for the total weight
            instead of rounding up every small parcel.
          </p>
          <ul className="mt-4 space-y-2 text-sm text-slate-700">
            <Feature>Ask when you pre-alert, or contact us before your packages fly.</Feature>
            <Feature>We remove excess boxing and packing material to cut the weight.</Feature>
            <Feature>One invoice, one customs entry and one trip to the branch.</Feature>
          </ul>
        </section>
      </div>
    </>
  );
}
