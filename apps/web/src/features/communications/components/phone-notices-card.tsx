import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { confirmPhoneSchema, requestPhoneCodeSchema } from '@courier/shared/schemas/messaging';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import {
  activeWorker,
  applicationServerKey,
  currentPushSubscription,
  forgetPushOnThisDevice,
  registerCustomerWorker,
} from '@/lib/customer-app';
import { pushPublicKey, savePushSubscription, useConfirmPhone, useCustomerMessaging, useRequestPhoneCode } from '../api/messaging';

type PushState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

/** Push notices on this device: the browser's permission, then a subscription the server keeps for this person. */
function DevicePush() {
  const [state, setState] = useState<PushState>('checking');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (typeof window === 'undefined' || !('Notification' in window) || !('serviceWorker' in navigator) || !('PushManager' in window)) {
      setState('unsupported');
      return;
    }
    if (Notification.permission === 'denied') {
      setState('blocked');
      return;
    }
    void currentPushSubscription().then((s) => setState(s ? 'on' : 'off'));
  }, []);

  const turnOn = async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'blocked' : 'off');
        return;
      }
      const registration = await registerCustomerWorker(true);
      if (!registration) throw new Error('This browser could not install the app for notices');
      await activeWorker(registration);
      const { publicKey } = await pushPublicKey();
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(publicKey),
      });
      const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      await savePushSubscription({ endpoint: json.endpoint, keys: json.keys, deviceLabel: navigator.userAgent.slice(0, 120) });
      setState('on');
      toast.success('Notices are on for this device');
    } catch (error) {
      toast.error(errorMessage(error, 'Could not turn on notices on this device'));
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    await forgetPushOnThisDevice();
    setState('off');
    setBusy(false);
    toast.success('Notices are off for this device');
  };

  return (
    <section aria-labelledby="push-heading" className="space-y-2">
      <h3 id="push-heading" className="font-medium text-slate-900">
        Notices on this device
      </h3>
      {state === 'checking' && <Skeleton className="h-9 w-48" />}
      {state === 'unsupported' && (
        <p className="text-sm text-slate-600">
          This browser cannot show notices. On an iPhone, add this app to your home screen first (Share, then Add to Home Screen).
        </p>
      )}
      {state === 'blocked' && (
        <p className="text-sm text-slate-600">
          Notices are blocked for this site. Allow them in your browser's site settings, then reload.
        </p>
      )}
      {state === 'off' && (
        <>
          <p className="text-sm text-slate-600">
            Get a notice on this phone when a package moves, an invoice is issued or we reply to you.
          </p>
          <Button onClick={() => void turnOn()} busy={busy}>
            Turn on notices
          </Button>
        </>
      )}
      {state === 'on' && (
        <div className="flex flex-wrap items-center gap-3">
          <Badge tone="green">On for this device</Badge>
          <Button size="sm" variant="secondary" onClick={() => void turnOff()} busy={busy}>
            Turn off
          </Button>
        </div>
      )}
    </section>
  );
}

function PhoneForm({ initial }: { initial: string | null }) {
  const request = useRequestPhoneCode();
  const form = useForm<z.input<typeof requestPhoneCodeSchema>, unknown, z.output<typeof requestPhoneCodeSchema>>({
    resolver: zodResolver(requestPhoneCodeSchema),
    defaultValues: { phone: initial ?? '' },
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={form.handleSubmit((v) =>
        request.mutate(v.phone, {
          onSuccess: () => toast.success('We sent a code by text message'),
          onError: (e) => toast.error(errorMessage(e, 'Could not send the code')),
        }),
      )}
    >
      <Field label="Mobile number" hint="With its country code, e.g. +1 876 555 0123" error={form.formState.errors.phone?.message}>
        <Input type="tel" autoComplete="tel" inputMode="tel" {...form.register('phone')} />
      </Field>
      <Button type="submit" busy={request.isPending}>
        Send code
      </Button>
    </form>
  );
}

function CodeForm() {
  const confirm = useConfirmPhone();
  const form = useForm<z.input<typeof confirmPhoneSchema>>({ resolver: zodResolver(confirmPhoneSchema), defaultValues: { code: '' } });
  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={form.handleSubmit((v) =>
        confirm.mutate(v.code, {
          onSuccess: () => toast.success('Your mobile number is confirmed'),
          onError: (e) => toast.error(errorMessage(e, 'Could not confirm the number')),
        }),
      )}
    >
      <Field label="Code from the text message" error={form.formState.errors.code?.message}>
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.register('code')} />
      </Field>
      <Button type="submit" busy={confirm.isPending}>
        Confirm number
      </Button>
    </form>
  );
}

/** The customer's phone: push on this device, and WhatsApp or SMS to a confirmed number, per event. */
export function PhoneNoticesCard() {
  const messaging = useCustomerMessaging();
  const [changing, setChanging] = useState(false);
  const m = messaging.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Phone notices</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <DevicePush />
        <section aria-labelledby="messages-heading" className="space-y-3">
          <h3 id="messages-heading" className="flex items-center gap-2 font-medium text-slate-900">
            WhatsApp and text messages {m?.testMode && <Badge tone="yellow">TEST</Badge>}
          </h3>
          {messaging.isLoading ? (
            <Skeleton className="h-20 w-full" />
          ) : messaging.error ? (
            <div className="space-y-2">
              <p role="alert" className="text-sm text-red-700">
                {errorMessage(messaging.error, 'Could not load your message settings')}
              </p>
              <Button size="sm" variant="secondary" onClick={() => void messaging.refetch()}>
                Try again
              </Button>
            </div>
          ) : !m?.available ? (
            <p className="text-sm text-slate-600">
              Your courier does not send WhatsApp or text messages yet. You still get e-mails and notices.
            </p>
          ) : (
            <>
              {m.confirmed && !changing ? (
                <div className="flex flex-wrap items-center gap-3 text-sm">
                  <span>
                    Messages go to <strong>{m.phone}</strong>
                  </span>
                  <Badge tone={m.optedOut ? 'red' : 'green'}>{m.optedOut ? 'Stopped (you replied STOP)' : 'Confirmed'}</Badge>
                  <Button size="sm" variant="ghost" onClick={() => setChanging(true)}>
                    {m.optedOut ? 'Confirm again' : 'Change number'}
                  </Button>
                </div>
              ) : (
                <div className="space-y-3">
                  <PhoneForm initial={m.phone} />
                  {m.codePending && <CodeForm />}
                  {changing && (
                    <Button size="sm" variant="ghost" onClick={() => setChanging(false)}>
                      Keep {m.phone}
                    </Button>
                  )}
                </div>
              )}
              {m.confirmed && !m.optedOut && (
                <p className="text-sm text-slate-600">
                  Choose which news comes by WhatsApp or text message under Notification preferences. Reply STOP to any message to stop them
                  all.
                </p>
              )}
            </>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
