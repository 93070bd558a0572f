import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { type FieldPath, type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { PublicContent } from '@courier/shared/schemas/public-site';
import { PUBLIC_SITE_MESSAGES, type PublicContentInput, publicContentInputSchema } from '@courier/shared/schemas/public-site-settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { usePublicContent, useSavePublicContent } from '../api/public-site';
import { reportFailure } from './report';
import { TabError, TabLoading } from './tab-states';

type Form = UseFormReturn<PublicContentInput, unknown, PublicContent>;

const formValues = (c: PublicContent): PublicContentInput => ({
  tagline: c.tagline ?? '',
  heroTitle: c.heroTitle ?? '',
  heroText: c.heroText ?? '',
  hours: c.hours,
  socialLinks: c.socialLinks,
  faq: c.faq,
  stats: c.stats,
});

/** The error react-hook-form holds for a nested path (e.g. `faq.2.answer`). */
function errorAt(form: Form, name: FieldPath<PublicContentInput>): string | undefined {
  let node: unknown = form.formState.errors;
  for (const key of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  return (node as { message?: string } | undefined)?.message;
}

/** A list of pairs (hours, links, questions): each row its two fields and Remove, then Add. */
function PairList<N extends 'hours' | 'socialLinks' | 'faq' | 'stats'>({
  form,
  name,
  legend,
  fields: [first, second],
  blank,
  addLabel,
  multiline,
  empty = 'None yet: the public site shows its default.',
  hint,
}: {
  form: Form;
  name: N;
  legend: string;
  fields: [{ key: string; label: string }, { key: string; label: string }];
  blank: NonNullable<PublicContentInput[N]>[number];
  addLabel: string;
  multiline?: boolean;
  /** What the site shows while the list is empty. */
  empty?: string;
  hint?: string;
}) {
  const list = useFieldArray({ control: form.control, name } as never);
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      {hint && <p className="text-sm text-slate-600">{hint}</p>}
      {list.fields.length === 0 && <p className="text-sm text-slate-500">{empty}</p>}
      {list.fields.map((item, index) => {
        const at = (key: string) => `${name}.${index}.${key}` as FieldPath<PublicContentInput>;
        return (
          <div key={item.id} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-start">
            <Field label={`${first.label} ${index + 1}`} error={errorAt(form, at(first.key))}>
              <Input {...form.register(at(first.key))} />
            </Field>
            <Field label={`${second.label} ${index + 1}`} error={errorAt(form, at(second.key))}>
              {multiline ? <Textarea rows={3} {...form.register(at(second.key))} /> : <Input {...form.register(at(second.key))} />}
            </Field>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 sm:mt-6"
              onClick={() => list.remove(index)}
              aria-label={`Remove ${legend.toLowerCase()} ${index + 1}`}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Remove
            </Button>
          </div>
        );
      })}
      <Button variant="secondary" size="sm" onClick={() => list.append(blank as never)}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        {addLabel}
      </Button>
    </fieldset>
  );
}

/** The texts of the courier's public site: tagline, hero, figures, hours, social links and FAQ. */
export function PublicContentCard() {
  const content = usePublicContent();
  const save = useSavePublicContent();
  const form: Form = useForm<PublicContentInput, unknown, PublicContent>({
    resolver: zodResolver(publicContentInputSchema),
    defaultValues: { tagline: '', heroTitle: '', heroText: '', hours: [], socialLinks: [], faq: [], stats: [] },
  });
  const filledFrom = useRef<PublicContent | undefined>(undefined);
  useEffect(() => {
    if (!content.data || filledFrom.current === content.data) return;
    filledFrom.current = content.data;
    if (!form.formState.isDirty) form.reset(formValues(content.data));
  }, [content.data, form]);

  if (content.isPending) return <TabLoading />;
  if (content.isError) return <TabError what="public site content" error={content.error} onRetry={() => content.refetch()} />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      filledFrom.current = saved;
      form.reset(formValues(saved));
      toast.success(PUBLIC_SITE_MESSAGES.contentSaved);
    } catch (error) {
      reportFailure('save public content', error, PUBLIC_SITE_MESSAGES.contentFailed);
    }
  });
  const e = form.formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Public site content</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-4 text-sm text-slate-600">
          What your public website says. Your name, logo, branches, phone, e-mail and rates come from the other settings. Anything left
          empty shows the default wording.
        </p>
        <form onSubmit={submit} noValidate className="space-y-6">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Tagline"
              hint="A short line above the headline, e.g. “Miami to Ocho Rios, every week”."
              error={e.tagline?.message}
            >
              <Input {...form.register('tagline')} />
            </Field>
            <Field label="Hero title" hint="The home page's headline." error={e.heroTitle?.message}>
              <Input {...form.register('heroTitle')} />
            </Field>
            <Field label="Hero text" error={e.heroText?.message} className="sm:col-span-2">
              <Textarea rows={3} {...form.register('heroText')} />
            </Field>
          </div>
          <PairList
            form={form}
            name="stats"
            legend="Figures"
            hint="Facts about your company for the home page, e.g. “2,000+” and “customers”. Only figures you can stand behind."
            empty="None: the home page shows no figures."
            fields={[
              { key: 'value', label: 'Figure' },
              { key: 'label', label: 'Description' },
            ]}
            blank={{ value: '', label: '' }}
            addLabel="Add figure"
          />
          <PairList
            form={form}
            name="hours"
            legend="Business hours"
            fields={[
              { key: 'days', label: 'Days' },
              { key: 'time', label: 'Hours' },
            ]}
            blank={{ days: '', time: '' }}
            addLabel="Add hours"
          />
          <PairList
            form={form}
            name="socialLinks"
            legend="Social links"
            fields={[
              { key: 'label', label: 'Label' },
              { key: 'url', label: 'Link' },
            ]}
            blank={{ label: '', url: '' }}
            addLabel="Add link"
          />
          <PairList
            form={form}
            name="faq"
            legend="FAQ"
            fields={[
              { key: 'question', label: 'Question' },
              { key: 'answer', label: 'Answer' },
            ]}
            blank={{ question: '', answer: '' }}
            addLabel="Add question"
            multiline
          />
          <Button type="submit" busy={form.formState.isSubmitting}>
            Save Public Site
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
