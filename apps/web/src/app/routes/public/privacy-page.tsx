import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { PageHero, Prose } from './page-parts';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { ContactSentence } from '@/features/public/components/site-contact';
import { PageTitle } from '@/app/page-title';

export function PrivacyPage() {
  const { site, loading } = usePublicSite();
  return (
    <>
      <PageTitle path="/privacy" />
      <PageHero eyebrow="Legal" title="Privacy Policy">
        How we collect, use and protect your personal information.
      </PageHero>
      <Prose>
        <p>
          We respect your privacy and handle personal data in line with the Jamaica Data Protection Act, 2020. This policy explains what we
          collect when you use our website and forwarding services, why, and the choices you have.
        </p>
        <h2>What we collect</h2>
        <ul>
          <li>Account details: your name, e-mail address, phone number, TRN, address, parish and chosen branch.</li>
          <li>Shipment details: tracking numbers, merchants, descriptions, declared values, weights and the invoices you upload.</li>
          <li>Payment records: amounts, methods and references. We do not store card numbers.</li>
          <li>Messages you send us through the contact or Shop For Me forms, and support tickets.</li>
          <li>Technical data needed to keep you signed in and the service secure, such as your sign-in token and IP address.</li>
        </ul>
        <h2>Why we use it</h2>
        <ul>
          <li>To receive, ship, clear through customs and hand over your packages.</li>
          <li>To prepare invoices, take payments and keep the records the law requires.</li>
          <li>To tell you about your packages by e-mail, and to answer your questions.</li>
          <li>To prevent fraud and protect our customers and staff.</li>
        </ul>
        <h2>Who we share it with</h2>
        <p>
          We share shipment information with Jamaica Customs and the airlines and agents that move your packages, because the law and the
          shipment require it. We use service providers for hosting and e-mail under contracts that protect your data. We never sell your
          personal information.
        </p>
        <h2>How long we keep it</h2>
        <p>
          We keep account and shipment records for as long as your account is open and for seven years after, as tax and customs rules
          require. Contact and Shop For Me messages that do not lead to an order are deleted after two years.
        </p>
        <h2>Your rights</h2>
        <p>
          You may ask for a copy of your data, ask us to correct it, or ask us to delete it where we are not required to keep it. You can
          update most details yourself in your profile.
        </p>
        <h2>Contact</h2>
        <p>
          <ContactSentence site={site} loading={loading} lead="Write to " phoneLead="Call " joiner=", call " />
          {site.courier.email || site.courier.phone ? ', or visit our ' : 'Visit our '}
          <Link to={paths.contact}>contact page</Link>.
        </p>
      </Prose>
    </>
  );
}
