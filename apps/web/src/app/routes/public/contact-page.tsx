import { Clock, Mail, Phone } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { lazyToast as toast } from '@/lib/lazy-toast';
import { CONTACT_SUBJECTS, CONTACT_SUBJECT_LABELS } from '@courier/shared/schemas/public-form';
import type { ContactFormInput } from '@courier/shared/schemas/public';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { phoneHref, usePublicSite } from '@/features/public/api/get-public-site';
import { BranchContact, TextSkeleton } from '@/features/public/components/site-contact';
import { useSubmitContactMessage } from '@/features/public/api/submit-contact-message';
import { errorMessage } from '@/lib/api-client';
import { lazyResolver } from '@/lib/lazy-resolver';
import { paths } from '@/lib/paths';
import { resolveApiKey } from '@/lib/storage';
import { FAQ_LINKS } from './faq-links';
import { PageHero } from './page-parts';
import { PageTitle } from '@/app/page-title';

const EMPTY: ContactFormInput = { name: '', email: '', subject: '' as ContactFormInput['subject'], message: '' };

// zod, its resolver and the schema load at the first validation (lib/lazy-resolver.ts).
const validation = lazyResolver(async () => {
  const [{ zodResolver }, { contactFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@courier/shared/schemas/public'),
  ]);
  return zodResolver(contactFormSchema);
});

/** Contact: the form, where to find us, business hours and the FAQ links. */
export function ContactPage() {
  const location = useLocation();
  const submit = useSubmitContactMessage();
  const { site, loading } = usePublicSite();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactFormInput>({ resolver: validation.resolver, defaultValues: EMPTY });

  async function onValid(values: ContactFormInput) {
    try {
      const res = await submit.mutateAsync({ ...values, apiKey: resolveApiKey(location.search) || site.courier.apiKey || undefined });
      toast.success(res.message);
      reset(EMPTY);
    } catch (error) {
      toast.error(errorMessage(error, 'We could not send your message. Please try again.'));
    }
  }

  return (
    <>
      <PageTitle path="/contact" />
      <PageHero eyebrow="Contact" title="We are here to help">
        Questions about an order, a package or pricing? Send us a message, call us, or drop by one of our branches.
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-3">
        <form
          onSubmit={handleSubmit(onValid)}
          onFocus={validation.preload}
          noValidate
          aria-label="Contact form"
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-span-2"
        >
          <h2 className="text-xl font-semibold text-slate-900">Send us a message</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Full name" error={errors.name?.message}>
              <Input autoComplete="name" {...register('name')} required />
            </Field>
            <Field label="Email" error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...register('email')} required />
            </Field>
          </div>
          <Field label="Subject" error={errors.subject?.message}>
            <Select {...register('subject')} required>
              <option value="">Choose a subject</option>
              {CONTACT_SUBJECTS.map((s) => (
                <option key={s} value={s}>
                  {CONTACT_SUBJECT_LABELS[s]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Message" error={errors.message?.message}>
            <Textarea rows={6} {...register('message')} required />
          </Field>
          <Button type="submit" size="lg" busy={submit.isPending} className="w-full sm:w-auto">
            {submit.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </form>

        <aside className="space-y-4">
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 className="font-semibold text-slate-900">Get in touch</h2>
            <ul className="mt-4 space-y-4 text-sm text-slate-700" data-testid="contact-details">
              {loading ? (
                <li className="space-y-2" aria-hidden="true">
                  <TextSkeleton className="w-36" />
                  <TextSkeleton className="w-52" />
                  <TextSkeleton className="w-36" />
                  <TextSkeleton className="w-52" />
                </li>
              ) : (
                <>
                  {site.branches.map((branch) => (
                    <BranchContact
                      key={branch.name}
                      branch={branch}
                      withPhone
                      itemClassName="flex gap-3"
                      iconClassName="h-5 w-5 text-brand-700"
                      nameClassName="font-medium text-slate-900"
                    />
                  ))}
                  {site.courier.email && (
                    <li className="flex gap-3">
                      <Mail className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                      <a href={`mailto:${site.courier.email}`} className="text-brand-700 underline">
                        {site.courier.email}
                      </a>
                    </li>
                  )}
                  {site.courier.phone && (
                    <li className="flex gap-3">
                      <Phone className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                      <a href={phoneHref(site.courier.phone)} className="text-brand-700 underline">
                        {site.courier.phone}
                      </a>
                    </li>
                  )}
                </>
              )}
            </ul>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 className="flex items-center gap-2 font-semibold text-slate-900">
              <Clock className="h-5 w-5 text-brand-700" aria-hidden="true" /> Business hours
            </h2>
            <dl className="mt-3 space-y-1 text-sm">
              {site.content.hours.map((h) => (
                <div key={h.days} className="flex justify-between gap-4">
                  <dt className="text-slate-600">{h.days}</dt>
                  <dd className="font-medium text-slate-900">{h.time}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 className="font-semibold text-slate-900">Quick answers</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {FAQ_LINKS.map((link) => (
                <li key={link.hash}>
                  <Link to={`${paths.faq}#${link.hash}`} className="text-brand-700 underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </aside>
      </div>
    </>
  );
}
