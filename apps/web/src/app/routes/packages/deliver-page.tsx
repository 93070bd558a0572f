import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CheckCircle2, Phone } from 'lucide-react';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { hasPermission } from '@courier/shared/domain/permissions';
import { DELIVERY_MESSAGES, type DeliveryRequestDto, deliverFormSchema } from '@courier/shared/schemas/deliveries';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FilePicker } from '@/components/ui/file-picker';
import { Spinner } from '@/components/ui/spinner';
import { ReleaseOverrideFields } from '@/features/billing/components/release-override';
import { type SignaturePadHandle, SignedNameFields } from '@/features/billing/components/signature-pad';
import { TillField, useTill } from '@/features/billing/components/till-branch';
import { BILLING_MESSAGES } from '@courier/shared/schemas/billing';
import { formatJmd, formatDecimal, parseCents } from '@courier/shared/format/money';
import { Input } from '@/components/ui/input';
import { useDeliver, useDeliveryRequest } from '@/features/deliveries/api/deliveries';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { StatusBadge } from '@/components/ui/status-badge';

/** The photo rides beside the fields: a File, or none. */
const deliverPageFormSchema = deliverFormSchema.extend({ photo: z.custom<File | null>((v) => v === null || v instanceof File) });
type FormIn = z.input<typeof deliverPageFormSchema>;
type FormOut = z.output<typeof deliverPageFormSchema>;

/** Proof of delivery at the door: the recipient signs, the cash on delivery goes into a till. */
function DeliverForm({
  request: r,
  canOverride,
  onDone,
}: {
  request: DeliveryRequestDto;
  canOverride: boolean;
  onDone: (done: DeliveryRequestDto) => void;
}) {
  const deliver = useDeliver(r.id);
  const pad = useRef<SignaturePadHandle>(null);
  const [signed, setSigned] = useState(false);
  const onSigned = useCallback((v: boolean) => setSigned(v), []);
  const till = useTill();
  const [tillError, setTillError] = useState<string>();
  // Cash on delivery: what the driver took at the door, into their till.
  const cod = r.cashOnDelivery && r.amountDueCents > 0;
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(deliverPageFormSchema),
    defaultValues: { recipientName: '', signature: '', override: {}, collected: cod ? formatDecimal(r.amountDueCents) : '', photo: null },
  });
  const { register, handleSubmit, setValue, getValues, setError, control, formState } = form;
  const { errors } = formState;
  const tillMissing = () => {
    const cents = cod ? (parseCents(getValues('collected')) ?? 0) : 0;
    return cents > 0 && till.choosing && till.branchId === null;
  };
  // The till is checked with the fields, so every problem shows at once.
  const checkTill = () => setTillError(tillMissing() ? BILLING_MESSAGES.tillRequired : undefined);

  const send = handleSubmit(async ({ recipientName, signature, override, collected, photo }) => {
    checkTill();
    if (tillMissing()) return;
    try {
      const input = {
        recipientName,
        signature,
        ...override,
        ...(cod && collected ? { collectedCents: collected, branchId: till.requestBranchId } : {}),
      };
      const result = await deliver.mutateAsync({ input, photo });
      toast.success(DELIVERY_MESSAGES.delivered);
      onDone(result);
    } catch (error) {
      const message = errorMessage(error, 'Could not complete the delivery');
      const fields = error instanceof ApiError ? error.fieldErrors : undefined;
      setError('root.server', { message });
      if (fields?.collectedCents?.[0]) setError('collected', { message: fields.collectedCents[0] });
      if (fields?.branchId?.[0]) setTillError(fields.branchId[0]);
      toast.error(message);
    }
  }, checkTill);
  // The pad is no form control: its drawing is taken into the form as the form is sent.
  const submit = (e: FormEvent) => {
    setValue('signature', pad.current?.toDataUrl() ?? '');
    return send(e);
  };

  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <Card>
        <CardHeader>
          <CardTitle>Proof of delivery</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <Controller
            control={control}
            name="recipientName"
            render={({ field }) => (
              <SignedNameFields
                nameLabel="Recipient's name"
                name={field.value}
                onNameChange={field.onChange}
                nameError={errors.recipientName?.message}
                pad={pad}
                onSigned={onSigned}
                signatureError={errors.signature?.message}
              />
            )}
          />
          {cod && (
            <div className="space-y-3 rounded-md border border-slate-200 p-3">
              <Field
                label="Cash collected (JMD)"
                hint={`Due ${formatJmd(r.amountDueCents)}. The packages are handed over only when it is paid.`}
                error={errors.collected?.message}
              >
                <Input inputMode="decimal" {...register('collected')} />
              </Field>
              <TillField till={till} label="Branch (till) the cash goes to" error={tillError} />
            </div>
          )}
          <Controller
            control={control}
            name="photo"
            render={({ field }) => (
              <Field label="Photo (optional)" hint="JPG or PNG, up to 8 MB">
                <FilePicker file={field.value ?? null} onChange={field.onChange} accept="image/jpeg,image/png" capture="environment" />
              </Field>
            )}
          />
          {canOverride && (
            <Controller
              control={control}
              name="override"
              render={({ field }) => (
                <ReleaseOverrideFields value={field.value} onChange={field.onChange} error={errors.override?.overrideReason?.message} />
              )}
            />
          )}
          {errors.root?.server && (
            <p className="rounded-md bg-red-50 p-3 text-sm text-red-800" role="alert">
              {errors.root.server.message}
            </p>
          )}
          <Button type="submit" size="lg" busy={deliver.isPending || formState.isSubmitting} className="w-full">
            {signed ? 'Complete delivery' : 'Sign to complete delivery'}
          </Button>
        </CardContent>
      </Card>
    </form>
  );
}

/**
 * The driver's phone at the door (/staff/deliver/:id, /admin/deliver/:id): who received the
 * packages, their signature on the same pad as the counter, and optionally a photo. Outside the
 * portal layout so it fills a 375 px screen.
 */
export default function DeliverPage() {
  const id = Number(useParams().id);
  // The lists live under /staff or /admin (/courier/admin is only an alias for the screens outside the layout).
  const base = window.location.pathname.replace(/\/deliver\/.*$/, '').replace(/^\/courier\/admin/, '/admin');
  const { user } = useSession();
  const canOverride = hasPermission(user, 'release_override');
  const request = useDeliveryRequest(id);
  const [done, setDone] = useState<DeliveryRequestDto | null>(null);

  const r = request.data;
  return (
    <main className="mx-auto min-h-screen max-w-xl space-y-4 bg-slate-50 px-3 py-4 sm:px-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold text-slate-900">Deliver</h1>
        <Link to={`${base}/delivery-requests`} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> Delivery requests
        </Link>
      </div>
      {request.isLoading ? (
        <Spinner />
      ) : !r ? (
        request.error instanceof ApiError && request.error.status === 404 ? (
          <EmptyState title={DELIVERY_MESSAGES.requestNotFound} />
        ) : (
          <p role="alert">{errorMessage(request.error, 'Could not load the delivery request')}</p>
        )
      ) : done ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
            <CheckCircle2 className="size-12 text-green-600" aria-hidden />
            <p className="text-lg font-semibold" role="status">
              {DELIVERY_MESSAGES.delivered}
            </p>
            <p className="text-sm text-slate-700">Received by {done.recipientName}. The customer has been e-mailed the proof.</p>
            <Button asChild>
              <Link to={`${base}/delivery-requests`}>Next delivery</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <Card>
            <CardHeader className="flex flex-wrap items-center justify-between gap-2">
              <CardTitle>
                {r.customerName} ({r.mailboxNumber})
              </CardTitle>
              <StatusBadge kind="delivery" status={r.status} />
            </CardHeader>
            <CardContent className="space-y-2 text-sm text-slate-800">
              <p data-testid="deliver-address">{[r.address, r.locationName].filter(Boolean).join(' · ')}</p>
              <p>
                <a href={`tel:${r.phone}`} className="inline-flex items-center gap-1 text-brand-700 underline">
                  <Phone className="size-4" aria-hidden /> {r.phone}
                </a>
              </p>
              <p>Packages: {r.packages.map((p) => p.packageNumber).join(', ')}</p>
              {r.amountDueCents > 0 ? (
                <p className="font-semibold" data-testid="deliver-due">
                  {r.cashOnDelivery
                    ? `Collect ${formatJmd(r.amountDueCents)} in cash`
                    : `Unpaid ${formatJmd(r.amountDueCents)}: hand over only once it is paid`}
                </p>
              ) : (
                <p className="text-green-700">Paid</p>
              )}
              {r.notes && <p>Notes: {r.notes}</p>}
            </CardContent>
          </Card>
          {r.status !== 'out_for_delivery' ? (
            <p className="rounded-md bg-yellow-50 p-3 text-sm text-yellow-900" role="note">
              {r.status === 'delivered'
                ? `Delivered to ${r.recipientName ?? 'the customer'}.`
                : 'Dispatch this delivery from the delivery requests list before completing it here.'}
            </p>
          ) : (
            <DeliverForm request={r} canOverride={canOverride} onDone={setDone} />
          )}
        </>
      )}
    </main>
  );
}
