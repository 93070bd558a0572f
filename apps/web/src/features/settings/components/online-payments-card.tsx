import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  GATEWAY_FEE_STRUCTURES,
  GATEWAY_FEE_STRUCTURE_LABELS,
  type GatewaySettingsInput,
  ONLINE_PAYMENT_MESSAGES,
  gatewaySettingsInputSchema,
} from '@courier/shared/schemas/online-payments';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Select } from '@/components/ui/select';
import { TestBadge } from '@/components/ui/test-badge';
import { useGatewaySettings, useSaveGatewaySettings } from '../api/payment-gateway';
import { reportFailure, serverFieldErrors } from './report';
import { TabError, TabLoading } from './tab-states';

const EMPTY: GatewaySettingsInput = {
  account_number: '',
  api_key: '',
  environment: 'sandbox',
  fee_structure: 'merchant_absorb',
  status: 'active',
};

/**
 * The courier's own WiPay merchant account, for customers' "Pay now". The API key is write-only:
 * the server answers whether one is stored, and an empty field keeps it.
 */
export function OnlinePaymentsCard({ courierId }: { courierId: number }) {
  const settings = useGatewaySettings(courierId);
  const save = useSaveGatewaySettings(courierId);
  const form = useForm<GatewaySettingsInput>({ resolver: zodResolver(gatewaySettingsInputSchema), defaultValues: EMPTY });
  const data = settings.data;
  const filledFrom = useRef<typeof data>(undefined);
  useEffect(() => {
    if (!data || filledFrom.current === data) return;
    filledFrom.current = data;
    if (!form.formState.isDirty && data.data) form.reset({ ...data.data, api_key: '' });
  }, [data, form]);

  if (settings.isPending) return <TabLoading />;
  if (settings.isError) return <TabError what="online card payment settings" error={settings.error} onRetry={() => settings.refetch()} />;
  const stored = settings.data.data;
  const testMode = settings.data.test_mode;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      if (saved.data) form.reset({ ...saved.data, api_key: '' });
      toast.success(ONLINE_PAYMENT_MESSAGES.gatewaySaved);
    } catch (error) {
      const fields = serverFieldErrors(error);
      for (const [name, message] of Object.entries(fields)) form.setError(name as keyof GatewaySettingsInput, { message });
      reportFailure('save online card payment settings', error, ONLINE_PAYMENT_MESSAGES.gatewayFailed);
    }
  });

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Online card payments (WiPay)</CardTitle>
        <span className="flex items-center gap-2">
          {testMode && <TestBadge title="Test mode: card payments go to the test gateway" />}
          {stored ? (
            <Badge tone={stored.status === 'active' ? 'green' : 'neutral'}>{stored.status === 'active' ? 'Active' : 'Inactive'}</Badge>
          ) : (
            <Badge tone="neutral">Not set up</Badge>
          )}
        </span>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">
          Customers pay an open invoice with "Pay now" on WiPay's card page; the payment is recorded when WiPay's signed notification
          arrives. Your account number and API key are under Developer in your WiPay account.
          {!stored && !testMode && ' Until you save an account, customers are not offered Pay now.'}
        </p>
        {testMode && (
          <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Test mode is on (the platform administrator switches it): customers pay on the test gateway, no card is charged, and every such
            payment, receipt and report line says TEST. The account below is used once test mode is off.
          </p>
        )}
        <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-2">
          <Field label="WiPay account number" error={form.formState.errors.account_number?.message}>
            <Input inputMode="numeric" autoComplete="off" {...form.register('account_number')} />
          </Field>
          <Field
            label="API key"
            hint={stored?.api_key_set ? 'Set. Leave empty to keep it, or enter a new key.' : 'Not set.'}
            error={form.formState.errors.api_key?.message}
          >
            <PasswordInput autoComplete="new-password" {...form.register('api_key')} />
          </Field>
          <Field label="Environment" hint="Sandbox takes test cards and charges nothing.">
            <Select {...form.register('environment')}>
              <option value="sandbox">Sandbox (testing)</option>
              <option value="live">Live</option>
            </Select>
          </Field>
          <Field label="Card fee">
            <Select {...form.register('fee_structure')}>
              {GATEWAY_FEE_STRUCTURES.map((f) => (
                <option key={f} value={f}>
                  {GATEWAY_FEE_STRUCTURE_LABELS[f]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Status">
            <Select {...form.register('status')}>
              <option value="active">Active: customers can pay online</option>
              <option value="inactive">Inactive</option>
            </Select>
          </Field>
          <div className="md:col-span-2">
            <Button type="submit" busy={form.formState.isSubmitting}>
              Save Online Payments
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
