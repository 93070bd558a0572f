import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type EmailConfigInput,
  SETTINGS_MESSAGES,
  type TestEmailInput,
  emailConfigInputSchemaWith,
  testEmailSchema,
} from '@courier/shared/schemas/settings';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Select } from '@/components/ui/select';
import { useEmailConfig, useSaveEmailConfig, useSendTestEmail } from '../api/email-and-files';
import { reportFailure, serverFieldErrors } from './report';
import { CourierIdMissing, TabError, TabLoading } from './tab-states';

function TestEmailDialog({ courierId, open, onClose }: { courierId: number; open: boolean; onClose: () => void }) {
  const send = useSendTestEmail(courierId);
  const form = useForm<TestEmailInput>({ resolver: zodResolver(testEmailSchema), defaultValues: { test_email: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast.success(SETTINGS_MESSAGES.testEmailSent);
      onClose();
    } catch (error) {
      // The description carries the SMTP server's own words, so the admin can fix the settings.
      reportFailure('send test email', error, SETTINGS_MESSAGES.testEmailFailed);
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Send Test Email"
      description="A test message goes out at once through the saved settings."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Email Address" error={form.formState.errors.test_email?.message}>
          <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('test_email')} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Sending...' : 'Send Test Email'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const EMPTY: EmailConfigInput = {
  smtp_host: '',
  smtp_port: 587,
  smtp_user: '',
  smtp_password: '',
  from_email: '',
  from_name: '',
  status: 'active',
};

/** The server checks the port against the platform's allow-list and answers under the field. */
const emailConfigFormSchema = emailConfigInputSchemaWith('server');

/** Email Configuration: SMTP settings, sender information, status, and 'Send Test Email'. */
export function EmailConfigTab({ courierId }: { courierId: number | null }) {
  const config = useEmailConfig(courierId);
  const save = useSaveEmailConfig(courierId);
  const [testOpen, setTestOpen] = useState(false);
  const form = useForm<EmailConfigInput>({ resolver: zodResolver(emailConfigFormSchema), defaultValues: EMPTY });
  const stored = config.data?.data ?? null;
  const filledFrom = useRef<typeof config.data>(undefined);
  useEffect(() => {
    const data = config.data;
    if (!data || filledFrom.current === data) return;
    filledFrom.current = data;
    const c = data.data;
    if (c && !form.formState.isDirty) {
      form.reset({
        smtp_host: c.smtp_host,
        smtp_port: c.smtp_port,
        smtp_user: c.smtp_user,
        smtp_password: '',
        from_email: c.from_email,
        from_name: c.from_name,
        status: c.status,
      });
    }
  }, [config.data, form]);

  if (courierId === null) return <CourierIdMissing />;
  if (config.isPending) return <TabLoading />;
  if (config.isError) return <TabError what="email configuration" error={config.error} onRetry={() => config.refetch()} />;

  const passwordSet = stored?.smtp_password_set === true;
  const submit = form.handleSubmit(async (values) => {
    if (!passwordSet && !values.smtp_password) {
      form.setError('smtp_password', { message: SETTINGS_MESSAGES.smtpPasswordRequired });
      return;
    }
    try {
      await save.mutateAsync(values);
      // The saved password is never sent back; the field empties and shows that one is stored.
      form.reset({ ...values, smtp_password: '' });
      toast.success(SETTINGS_MESSAGES.emailConfigSaved);
    } catch (error) {
      for (const [field, message] of Object.entries(serverFieldErrors(error))) {
        form.setError(field as keyof EmailConfigInput, { message });
      }
      reportFailure('save email configuration', error, SETTINGS_MESSAGES.emailConfigFailed);
    }
  });
  const errors = form.formState.errors;
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>Email Configuration</CardTitle>
        {stored && (
          <Badge tone={stored.status === 'active' ? 'green' : 'yellow'}>
            {stored.status === 'active' ? 'Sending active' : 'Sending paused'}
          </Badge>
        )}
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-6">
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-sm font-semibold text-slate-900">SMTP Settings</legend>
            <Field label="SMTP Host" error={errors.smtp_host?.message}>
              <Input placeholder="smtp.example.com" autoComplete="off" {...form.register('smtp_host')} />
            </Field>
            <Field label="SMTP Port" error={errors.smtp_port?.message} hint="587 (STARTTLS) or 465 (SSL)">
              <Input type="number" min={1} max={65535} inputMode="numeric" {...form.register('smtp_port', { valueAsNumber: true })} />
            </Field>
            <Field label="SMTP User" error={errors.smtp_user?.message}>
              <Input autoComplete="off" {...form.register('smtp_user')} />
            </Field>
            <Field
              label="SMTP Password"
              error={errors.smtp_password?.message}
              hint={passwordSet ? 'A password is saved. Leave empty to keep it, or type a new one to replace it.' : undefined}
            >
              <PasswordInput
                autoComplete="new-password"
                placeholder={passwordSet ? '•••••••• (saved)' : ''}
                {...form.register('smtp_password')}
              />
            </Field>
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-sm font-semibold text-slate-900">Sender Information</legend>
            <Field label="From Email" error={errors.from_email?.message}>
              <Input type="email" placeholder="noreply@example.com" {...form.register('from_email')} />
            </Field>
            <Field label="From Name" error={errors.from_name?.message}>
              <Input {...form.register('from_name')} />
            </Field>
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-sm font-semibold text-slate-900">Status</legend>
            <Field label="Status" error={errors.status?.message} hint="Inactive pauses sending; mail waits and goes out once active again.">
              <Select {...form.register('status')}>
                <option value="active">Active</option>
                <option value="inactive">Inactive</option>
              </Select>
            </Field>
          </fieldset>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" busy={form.formState.isSubmitting}>
              Save Configuration
            </Button>
            <Button
              variant="secondary"
              onClick={() => setTestOpen(true)}
              disabled={!stored}
              title={stored ? undefined : SETTINGS_MESSAGES.emailConfigMissing}
            >
              <Send className="h-4 w-4" aria-hidden="true" />
              Send Test Email
            </Button>
          </div>
          {!stored && <p className="text-xs text-slate-500">{SETTINGS_MESSAGES.emailConfigMissing}.</p>}
        </form>
      </CardContent>
      {testOpen && <TestEmailDialog courierId={courierId} open={testOpen} onClose={() => setTestOpen(false)} />}
    </Card>
  );
}
