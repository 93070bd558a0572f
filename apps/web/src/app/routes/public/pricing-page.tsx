import { Link } from 'react-router';
import { CUSTOMS_THRESHOLD_USD } from '@courier/shared/constants/rates';
import { SHOP_FOR_ME_MINIMUM_USD } from '@courier/shared/constants/public-site';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { MembershipTiers } from '@/features/public/components/membership-tiers';
import { RateTable } from '@/features/public/components/rate-table';
import { ShippingCalculator } from '@/features/public/components/shipping-calculator';
import { paths } from '@/lib/paths';
import { PageHero, Section } from './page-parts';
import { PageTitle } from '@/app/page-title';

/** Pricing: the rate table, the calculator, membership tiers and how customs and fees work. */
export function PricingPage() {
  const { site } = usePublicSite();
  return (
    <>
      <PageTitle path="/pricing" />
      <PageHero eyebrow="Pricing" title="Pay by the pound. Know your total before it lands.">
        One clear rate table, no membership fee and a calculator that includes customs duty, so there are no surprises at the counter.
      </PageHero>

      <Section
        id="rates"
        title="Air freight rates"
        intro="Every package is weighed at our Miami warehouse and rounded up to the next whole pound."
      >
        <div className="grid gap-8 lg:grid-cols-3">
          <RateTable />
          <div className="lg:col-span-2">
            <ShippingCalculator />
          </div>
        </div>
      </Section>

      <Section id="customs" tone="white" title="Customs duty and other charges">
        <div className="grid gap-6 md:grid-cols-3">
          <div className="rounded-xl border border-slate-200 p-5">
            <h3 className="font-semibold text-slate-900">Customs duty</h3>
            <p className="mt-2 text-sm text-slate-600">
              Items worth more than USD {CUSTOMS_THRESHOLD_USD} attract duty. Import duty on most goods is 20% of the item cost, at USD 1 =
              JMD {site.exchangeRateJmdPerUsd}.
            </p>
            <p className="mt-2 text-sm text-slate-600" data-testid="customs-table-note">
              The calculator's estimate goes further: it uses {site.courier.name}'s customs table, as Jamaica Customs works out an entry.
              Duty is charged on the CIF value (cost, insurance, freight: the item cost plus shipping), then the standard compliance fee
              (SCF), the environmental levy and GCT, each on its own line. Jamaica Customs sets the final amount, which we pass on at cost.
            </p>
          </div>
          <div className="rounded-xl border border-slate-200 p-5">
            <h3 className="font-semibold text-slate-900">Invoices speed things up</h3>
            <p className="mt-2 text-sm text-slate-600">
              Upload the store invoice when you pre-alert a package. Customs needs it, and packages without one can be held.
            </p>
          </div>
          <div className="rounded-xl border border-slate-200 p-5">
            <h3 className="font-semibold text-slate-900">Shop For Me fee</h3>
            <p className="mt-2 text-sm text-slate-600">
              {site.shopForMeFeePercent}% of the item cost, minimum ${SHOP_FOR_ME_MINIMUM_USD}, confirmed with you before we buy. Shipping
              is charged at the rates above.
            </p>
          </div>
        </div>
      </Section>

      <Section
        id="membership"
        title="Membership tiers"
        intro="Loyal customers pay less. Your tier is based on the packages you have shipped with us."
      >
        <MembershipTiers />
        <p className="mt-8 text-sm text-slate-600">
          Shipping for a business or in volume?{' '}
          <Link to={paths.contact} className="font-medium text-brand-700 underline">
            Contact Sales
          </Link>{' '}
          for a quote, or read the{' '}
          <Link to={paths.faq} className="font-medium text-brand-700 underline">
            FAQ
          </Link>
          .
        </p>
      </Section>
    </>
  );
}
