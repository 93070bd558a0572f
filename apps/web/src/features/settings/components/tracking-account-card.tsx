import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { CARRIER_TRACKING_MESSAGES, type TrackingAccountInput, trackingAccountInputSchema } from '@courier/shared/schemas/carrier-tracking';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { TestBadge } from '@/components/ui/test-badge';
import { errorMessage } from '@/lib/api-client';
import { useSaveTrackingAccount, useTrackingAccount } from '../api/tracking-account';

/**
 * Carrier tracking: the courier's AfterShip account follows each pre-alert's tracking number until
 * the parcel reaches the Miami warehouse. In test mode the simulator stands in (TEST).
 */
export function TrackingAccountCard({ canEdit }: { canEdit: boolean }) {
  const account = useTrackingAccount();
  const save = useSaveTrackingAccount();
  const form = useForm<TrackingAccountInput>({
    resolver: zodResolver(trackingAccountInputSchema),
    defaultValues: { apiKey: '', webhookSecret: '' },
  });
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      form.reset({ apiKey: '', webhookSecret: '' });
      toast.success(CARRIER_TRACKING_MESSAGES.saved);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save carrier tracking'));
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Carrier tracking</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">
          Each pre-alert’s tracking number is followed with the carrier through your AfterShip account, so customers and staff see it in
          transit, out for delivery and delivered to your Miami address before it is scanned in.
        </p>
        {account.isPending ? (
          <Spinner />
        ) : account.data ? (
          <div className="space-y-1 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              {account.data.connected ? <Badge tone="green">Connected</Badge> : <Badge>Not connected</Badge>}
              {account.data.test && <TestBadge title="Carrier scans come from the simulator: the courier is in test mode" />}
            </p>
            <p className="text-slate-600">
              Webhook address for the AfterShip dashboard:{' '}
              <span className="font-mono break-all text-slate-900">{account.data.webhookUrl}</span>
            </p>
          </div>
        ) : null}
        {canEdit && (
          <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
            <Field label="API key" error={form.formState.errors.apiKey?.message}>
              <PasswordInput autoComplete="off" {...form.register('apiKey')} />
            </Field>
            <Field label="Webhook secret" error={form.formState.errors.webhookSecret?.message}>
              <PasswordInput autoComplete="off" {...form.register('webhookSecret')} />
            </Field>
            <div className="sm:col-span-2 flex justify-end">
              <Button type="submit" busy={save.isPending}>
                Connect AfterShip
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
