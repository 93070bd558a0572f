import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { PageHero, Prose } from './page-parts';
import { SHOP_FOR_ME_MINIMUM_USD } from '@courier/shared/constants/public-site';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { ContactSentence } from '@/features/public/components/site-contact';
import { PageTitle } from '@/app/page-title';

export function TermsPage() {
  const { site, loading } = usePublicSite();
  return (
    <>
      <PageTitle path="/terms" />
      <PageHero eyebrow="Legal" title="Terms of Service">
        The agreement between you and us when you use our forwarding services.
      </PageHero>
      <Prose>
        <p>
          By creating an account or sending us a package, you agree to these terms. Please read them with our{' '}
          <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
        <h2>Your US address</h2>
        <p>
          Your US address is for your personal or business use. Always include your mailbox number on the first line; packages without it
          may be delayed while we identify the owner, and an unknown-package fee may apply.
        </p>
        <h2>What we ship</h2>
        <p>
          We do not ship items that are prohibited or restricted by Jamaica Customs, US export rules or airline regulations, including
          firearms, ammunition, explosives, flammable or hazardous materials and illegal drugs. We may open, hold or return packages we
          reasonably believe break these rules.
        </p>
        <h2>Charges</h2>
        <ul>
          <li>Freight is charged by weight, rounded up to the next whole pound, at the rates published on our pricing page.</li>
          <li>Customs duty and taxes are set by Jamaica Customs and are payable by you.</li>
          <li>
            Shop For Me carries a service fee of {site.shopForMeFeePercent}% of the item cost, minimum ${SHOP_FOR_ME_MINIMUM_USD}, confirmed
            before purchase.
          </li>
          <li>Packages not collected within 15 days of being ready may attract a storage fee.</li>
        </ul>
        <h2>Invoices and declarations</h2>
        <p>
          You are responsible for accurate descriptions and values. Upload the store invoice for each package; customs can hold packages
          without one.
        </p>
        <h2>Liability</h2>
        <p>
          We take care of every package in our hands. Our liability for loss or damage is limited to the declared value, up to USD 100 per
          package unless you arranged extra cover before shipping. Claims must be made within 7 days of collection.
        </p>
        <h2>Abandoned packages</h2>
        <p>
          Packages not collected or paid for within 60 days of being ready may be treated as abandoned after we have tried to contact you.
        </p>
        <h2>Changes and contact</h2>
        <p>
          We may update these terms and will post the new version here.{' '}
          <ContactSentence site={site} loading={loading} lead="Questions: " phoneLead="Questions: " joiner=" or " trail="." />
        </p>
      </Prose>
    </>
  );
}
