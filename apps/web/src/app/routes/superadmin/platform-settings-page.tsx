import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  type EnvironmentSmtp,
  PLATFORM_MESSAGES,
  platformSettingsInputSchema,
  platformSmtpInputSchema,
} from '@courier/shared/schemas/platform';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { usePlatformSettings, useSavePlatformSettings } from '@/features/platform/api/platform-settings';
import { PageError, PageHeader } from '@/components/layout/page-header';

/** The form keeps the SMTP fields flat with a switch; the API takes `smtp: null` when it is off. */
const formSchema = platformSettingsInputSchema
  .omit({ smtp: true })
  .extend({
    useSmtp: z.boolean(),
    smtp: z.object({
      host: z.string(),
      port: z.number({ error: PLATFORM_MESSAGES.smtpPortInvalid }),
      secure: z.boolean(),
      user: z.string(),
      password: z.string(),
      fromEmail: z.string(),
      fromName: z.string(),
    }),
  })
  .superRefine((v, ctx) => {
    if (!v.useSmtp) return;
    const result = platformSmtpInputSchema.safeParse(v.smtp);
    if (!result.success)
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', path: ['smtp', ...issue.path.map(String)], message: issue.message });
  });
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;

/** Which SMTP sends the platform's mail when the form's own is off: the environment's, or none. */
function EnvironmentSmtpStatus({ smtp, replaced }: { smtp: EnvironmentSmtp | null; replaced: boolean }) {
  if (!smtp)
    return replaced ? null : (
      <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="environment-smtp">
        No platform SMTP: couriers without their own SMTP cannot send e-mail until one is set here or in the server's environment
        (SMTP_HOST).
      </p>
    );
  if (replaced)
    return (
      <p className="text-sm text-slate-600" data-testid="environment-smtp">
        These settings replace the server's environment SMTP ({smtp.host}:{smtp.port}).
      </p>
    );
  return (
    <div className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200" data-testid="environment-smtp">
      <p className="font-medium">In use: the SMTP server set in the server's environment (SMTP_HOST)</p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-emerald-800">Server</dt>
        <dd>
          {smtp.host}:{smtp.port}
          {smtp.secure ? ' (TLS from the start)' : ''}
        </dd>
        <dt className="text-emerald-800">From</dt>
        <dd>{smtp.from}</dd>
        {smtp.user && (
          <>
            <dt className="text-emerald-800">User</dt>
            <dd>{smtp.user}</dd>
          </>
        )}
      </dl>
      <p className="mt-2">Turn on the setting above to send through another server instead.</p>
    </div>
  );
}

export function PlatformSettingsPage() {
  const settings = usePlatformSettings();
  const save = useSavePlatformSettings();
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(formSchema) });
  const { register, handleSubmit, reset, watch, formState } = form;
  useEffect(() => {
    const s = settings.data;
    if (!s) return;
    reset({
      brandName: s.brandName,
      brandLogoUrl: s.brandLogoUrl ?? '',
      defaultExchangeRate: s.defaultExchangeRate,
      useSmtp: s.smtp !== null,
      smtp: {
        host: s.smtp?.host ?? '',
        port: s.smtp?.port ?? 587,
        secure: s.smtp?.secure ?? false,
        user: s.smtp?.user ?? '',
        password: '',
        fromEmail: s.smtp?.fromEmail ?? '',
        fromName: s.smtp?.fromName ?? '',
      },
    });
  }, [settings.data, reset]);
  if (settings.isPending) return <Skeleton className="h-96" />;
  if (settings.isError) return <PageError message={errorMessage(settings.error, 'Failed to load the settings')} />;
  const useSmtp = watch('useSmtp');
  const e = formState.errors;
  const onSubmit = handleSubmit(async (v) => {
    try {
      await save.mutateAsync({
        brandName: v.brandName,
        brandLogoUrl: v.brandLogoUrl,
        defaultExchangeRate: v.defaultExchangeRate,
        smtp: v.useSmtp ? { ...v.smtp, password: v.smtp.password || undefined } : null,
      });
      toast.success(PLATFORM_MESSAGES.settingsSaved);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save the settings'));
    }
  });
  return (
    <div>
      <PageHeader title="Settings" description="Platform defaults: brand, e-mail for couriers without their own SMTP, exchange rate." />
      <form noValidate onSubmit={onSubmit} className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Brand</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <Field label="Default brand name" error={e.brandName?.message}>
              <Input {...register('brandName')} />
            </Field>
            <Field label="Default logo URL" error={e.brandLogoUrl?.message} hint="Used where a courier has no logo of its own.">
              <Input placeholder="/default-logo.svg" {...register('brandLogoUrl')} />
            </Field>
            <Field
              label="Default exchange rate (JMD per USD)"
              error={e.defaultExchangeRate?.message}
              hint="New couriers start with this rate."
            >
              <Input type="number" step="1" min="1" {...register('defaultExchangeRate', { valueAsNumber: true })} />
            </Field>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Platform SMTP</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <Checkbox label="Send e-mail for couriers without their own SMTP through this server" {...register('useSmtp')} />
            <EnvironmentSmtpStatus smtp={settings.data.environmentSmtp} replaced={useSmtp} />
            {useSmtp && (
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="SMTP host" error={e.smtp?.host?.message}>
                  <Input {...register('smtp.host')} />
                </Field>
                <Field label="SMTP port" error={e.smtp?.port?.message}>
                  <Input type="number" {...register('smtp.port', { valueAsNumber: true })} />
                </Field>
                <Field label="SMTP user" error={e.smtp?.user?.message}>
                  <Input autoComplete="off" {...register('smtp.user')} />
                </Field>
                <Field
                  label="SMTP password"
                  error={e.smtp?.password?.message}
                  hint={settings.data.smtp?.hasPassword ? 'Leave empty to keep the stored password.' : undefined}
                >
                  <PasswordInput autoComplete="new-password" {...register('smtp.password')} />
                </Field>
                <Field label="From email" error={e.smtp?.fromEmail?.message}>
                  <Input type="email" {...register('smtp.fromEmail')} />
                </Field>
                <Field label="From name" error={e.smtp?.fromName?.message}>
                  <Input {...register('smtp.fromName')} />
                </Field>
                <Checkbox label="Use TLS from the start (port 465)" {...register('smtp.secure')} />
              </div>
            )}
          </CardContent>
        </Card>
        <div className="flex justify-end">
          <Button type="submit" busy={save.isPending}>
            Save settings
          </Button>
        </div>
      </form>
    </div>
  );
}
