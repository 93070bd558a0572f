import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { PageHero } from './page-parts';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { TextSkeleton } from '@/features/public/components/site-contact';
import { PageTitle } from '@/app/page-title';

/** The questions people ask before signing up; each has an anchor the contact page links to. */
export const FAQ_GROUPS = [
  {
    id: 'getting-started',
    title: 'Getting started',
    items: [
      {
        q: 'How do I get my US address?',
        a: 'Sign up for a free account. Your US address appears on your dashboard straight away, with your mailbox number on the first line. Use it as the shipping address at any US store.',
      },
      {
        q: 'Does it cost anything to sign up?',
        a: 'No. There is no sign-up or monthly fee. You only pay for the packages you ship.',
      },
      {
        q: 'Can I use the address for any store?',
        a: 'Yes, any store that ships within the United States. Some stores refuse Jamaican cards; for those, use Shop For Me and we buy the item for you.',
      },
    ],
  },
  {
    id: 'shipping',
    title: 'Shipping and delivery',
    items: [
      {
        q: 'How long does shipping take?',
        a: 'It depends on the shipment your package travels on and on customs. Your account shows where each package is, and we e-mail you when it is ready for pickup.',
      },
      {
        q: 'How do I track my package?',
        a: 'Sign in to your account to see every package and its status, from received in Miami to ready for pickup. We also e-mail you at each step.',
      },
      {
        q: 'What can I not ship?',
        a: 'Firearms, ammunition, explosives, flammable liquids, illegal drugs and anything else prohibited by Jamaica Customs or airline rules. Lithium batteries must be inside the device they power.',
      },
    ],
  },
  {
    id: 'pricing',
    title: 'Pricing and customs',
    items: [
      {
        q: 'How is shipping calculated?',
        a: 'By weight, rounded up to the next whole pound, at the rates on our pricing page. The calculator there gives you an estimate in seconds.',
      },
      {
        q: 'Will I pay customs duty?',
        a: "Items worth more than USD 100 attract duty. Import duty on most goods is 20% of the item cost; the calculator's estimate uses our customs table, as Jamaica Customs does: duty on the CIF value (cost, insurance, freight), then the standard compliance fee (SCF), the environmental levy and GCT. Jamaica Customs sets the final amount, which we pass on at cost.",
      },
      {
        q: 'How can I pay?',
        a: 'Cash or card at the branch, or bank transfer using the reference on your invoice.',
      },
    ],
  },
  {
    id: 'account',
    title: 'Your account',
    items: [
      {
        q: 'I forgot my password. What do I do?',
        a: 'Choose "Forgot password" on the login page and we will e-mail you a link to set a new one.',
      },
      {
        q: 'Can a business open an account?',
        a: 'Yes. Choose a business account when you sign up. For volume or commercial imports, contact our sales team for rates.',
      },
    ],
  },
] as const;

export function FaqPage() {
  const { site, loading } = usePublicSite();
  // The courier's own questions come first; the general ones (which the contact page links to) follow.
  const own = site.content.faq.map((entry) => ({ q: entry.question, a: entry.answer }));
  const groups = own.length > 0 ? [{ id: 'courier', title: `About ${site.courier.name}`, items: own }, ...FAQ_GROUPS] : FAQ_GROUPS;
  return (
    <>
      <PageTitle path="/faq" />
      <PageHero eyebrow="Help" title="Frequently asked questions">
        Quick answers about your US address, shipping times, customs and payments.
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-12">
        {groups.map((group) => (
          <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`} className="mb-10 scroll-mt-20">
            <h2 id={`${group.id}-title`} className="text-xl font-semibold text-slate-900">
              {group.title}
            </h2>
            <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {group.items.map((item) => (
                <details key={item.q} className="group p-4 [&_summary::-webkit-details-marker]:hidden">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-slate-900">
                    {item.q}
                    <span className="text-xl leading-none text-brand-700 transition-transform group-open:rotate-45" aria-hidden="true">
                      +
                    </span>
                  </summary>
                  <p className="mt-3 text-sm leading-relaxed text-slate-600">{item.a}</p>
                </details>
              ))}
            </div>
          </section>
        ))}
        <p className="text-sm text-slate-600">
          Still have a question?{' '}
          <Link to={paths.contact} className="font-medium text-brand-700 underline">
            Contact us
          </Link>{' '}
          {loading ? <TextSkeleton className="w-32" /> : site.courier.phone ? `or call ${site.courier.phone}.` : null}
        </p>
      </div>
    </>
  );
}
