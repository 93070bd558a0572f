import { zodResolver } from '@hookform/resolvers/zod';
import { Copy } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { PUBLIC_SITE_MESSAGES, embedSettingsInputSchema } from '@courier/shared/schemas/public-site-settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useSubmitOnce } from '@/hooks/use-submit-once';
import { errorMessage } from '@/lib/api-client';
import { useEmbedSettings, useSaveEmbedSettings } from '../api/public-site';
import { reportFailure } from './report';

/** The copy-paste `<iframe>` of the courier's sign-in (the customer portal follows inside it). */
export function embedSnippet(siteOrigin: string, apiKey: string, title = 'Customer sign-in'): string {
  const src = `${siteOrigin}/login?api_key=${encodeURIComponent(apiKey)}`;
  return `<iframe src="${src}" title="${title}" style="width:100%;min-height:720px;border:0" loading="lazy"></iframe>`;
}

/** The textarea's words, one origin each, checked and normalised by the API's own rule. */
const embedFormSchema = z.object({
  origins: z
    .string()
    .transform((text) => text.split(/\s+/).filter(Boolean))
    .pipe(embedSettingsInputSchema.shape.allowedOrigins),
});
type EmbedFormInput = z.input<typeof embedFormSchema>;

/** A list field's error sits on the list or on one of its items: the first one is shown. */
function firstError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const item of Object.values(error)) {
    const message = firstError(item);
    if (message) return message;
  }
  return undefined;
}

/** Embed: the websites allowed to show the sign-in and customer portal in a frame, and the snippet for them. */
export function EmbedCard() {
  const settings = useEmbedSettings();
  const save = useSaveEmbedSettings();
  const form = useForm<EmbedFormInput, unknown, z.output<typeof embedFormSchema>>({
    resolver: zodResolver(embedFormSchema),
    defaultValues: { origins: '' },
  });
  useEffect(() => {
    if (settings.data) form.reset({ origins: settings.data.allowedOrigins.join('\n') });
  }, [settings.data, form]);

  const submit = useSubmitOnce(async ({ origins }: { origins: string[] }) => {
    try {
      await save.mutateAsync({ allowedOrigins: origins });
      toast.success(PUBLIC_SITE_MESSAGES.embedSaved);
    } catch (error) {
      form.setError('origins', { message: errorMessage(error, 'The origins were not saved.') });
      reportFailure('save embed settings', error);
    }
  });
  const { errors, isSubmitting } = form.formState;

  const snippet = settings.data ? embedSnippet(window.location.origin, settings.data.apiKey) : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success('Embed code copied');
    } catch (error) {
      reportFailure('copy embed code', error, 'Could not copy: select the code and copy it by hand');
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Embed</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">
          Show the sign-in and customer portal inside your own website. Only the websites listed here may frame them.
        </p>
        {settings.isPending ? (
          <Spinner />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(settings.error, 'The embedding settings could not be loaded')}
          </p>
        ) : (
          <>
            <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-3">
              <Field
                label="Allowed websites"
                hint="One https origin per line, e.g. https://www.yourcompany.com (at most 10)."
                error={firstError(errors.origins)}
              >
                <Textarea rows={4} spellCheck={false} {...form.register('origins')} />
              </Field>
              <Button type="submit" busy={isSubmitting}>
                Save Allowed Websites
              </Button>
            </form>
            <div>
              <div className="mb-1 flex items-center justify-between gap-2">
                <h3 className="text-sm font-medium text-slate-900" id="embed-snippet-label">
                  Embed code
                </h3>
                <Button variant="secondary" size="sm" onClick={copy} aria-label="Copy embed code">
                  <Copy className="h-4 w-4" aria-hidden="true" />
                  Copy
                </Button>
              </div>
              <pre
                aria-labelledby="embed-snippet-label"
                className="overflow-x-auto whitespace-pre-wrap break-all rounded-md border border-slate-200 bg-slate-50 p-3 text-xs text-slate-800"
              >
                {snippet}
              </pre>
              {settings.data.allowedOrigins.length === 0 && (
                <p className="mt-1 text-xs text-slate-500">Add your website above first: until then browsers refuse the frame.</p>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
