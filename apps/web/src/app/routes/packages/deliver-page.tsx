import { ArrowLeft, CheckCircle2, Phone } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { hasPermission } from '@courier/shared/domain/permissions';
import { RELEASE_MESSAGES } from '@courier/shared/domain/release';
import { DELIVERY_MESSAGES, type DeliveryRequestDto, deliverSchema } from '@courier/shared/schemas/deliveries';
import type { ReleaseOverrideInput } from '@courier/shared/schemas/release';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FilePicker } from '@/components/ui/file-picker';
import { Spinner } from '@/components/ui/spinner';
import { ReleaseOverrideFields, overridePayload } from '@/features/billing/components/release-override';
import { type SignaturePadHandle, SignedNameFields } from '@/features/billing/components/signature-pad';
import { TillField, useTill } from '@/features/billing/components/till-branch';
import { BILLING_MESSAGES, parseJmdToCents } from '@courier/shared/schemas/billing';
import { formatJmd, formatDecimal } from '@courier/shared/format/money';
import { Input } from '@/components/ui/input';
import { useDeliver, useDeliveryRequest } from '@/features/packages/api/deliveries';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { StatusBadge } from '@/components/ui/status-badge';

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
  const deliver = useDeliver(id);
  const pad = useRef<SignaturePadHandle>(null);
  const [signed, setSigned] = useState(false);
  const onSigned = useCallback((v: boolean) => setSigned(v), []);
  const [name, setName] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [override, setOverride] = useState<ReleaseOverrideInput>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<DeliveryRequestDto | null>(null);
  const till = useTill();
  const [collected, setCollected] = useState<string | null>(null);

  const submit = async () => {
    const signature = pad.current?.toDataUrl() ?? '';
    const next: Record<string, string> = {};
    // Cash on delivery: what the driver took at the door, into their till.
    const cod = request.data?.cashOnDelivery === true && (request.data?.amountDueCents ?? 0) > 0;
    const collectedText = (collected ?? formatDecimal(request.data?.amountDueCents ?? 0)).trim();
    const collectedCents = cod && collectedText !== '' ? parseJmdToCents(collectedText) : undefined;
    if (collectedCents !== undefined && Number.isNaN(collectedCents)) next.collectedCents = BILLING_MESSAGES.moneyStep;
    if (cod && collectedCents && till.choosing && till.branchId === null) next.branchId = BILLING_MESSAGES.tillRequired;
    const parsed = deliverSchema.safeParse({
      recipientName: name,
      signature,
      ...overridePayload(override),
      ...(collectedCents && !Number.isNaN(collectedCents) ? { collectedCents, branchId: till.requestBranchId } : {}),
    });
    for (const issue of parsed.error?.issues ?? []) next[String(issue.path[0])] ??= issue.message;
    if (!signature) next.signature = DELIVERY_MESSAGES.signatureRequired;
    if (override.allowUnpaid && !override.overrideReason?.trim()) next.overrideReason = RELEASE_MESSAGES.reasonRequired;
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const result = await deliver.mutateAsync({ input: parsed.data, photo });
      toast.success(DELIVERY_MESSAGES.delivered);
      setDone(result);
    } catch (error) {
      const message = errorMessage(error, 'Could not complete the delivery');
      const fields = error instanceof ApiError ? error.fieldErrors : undefined;
      setErrors({
        form: message,
        ...(fields?.collectedCents?.[0] ? { collectedCents: fields.collectedCents[0] } : {}),
        ...(fields?.branchId?.[0] ? { branchId: fields.branchId[0] } : {}),
      });
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

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
            <form
              className="space-y-4"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <Card>
                <CardHeader>
                  <CardTitle>Proof of delivery</CardTitle>
                </CardHeader>
                <CardContent className="space-y-4">
                  <SignedNameFields
                    nameLabel="Recipient's name"
                    name={name}
                    onNameChange={setName}
                    nameError={errors.recipientName}
                    pad={pad}
                    onSigned={onSigned}
                    signatureError={errors.signature}
                  />
                  {r.cashOnDelivery && r.amountDueCents > 0 && (
                    <div className="space-y-3 rounded-md border border-slate-200 p-3">
                      <Field
                        label="Cash collected (JMD)"
                        hint={`Due ${formatJmd(r.amountDueCents)}. The packages are handed over only when it is paid.`}
                        error={errors.collectedCents}
                      >
                        <Input
                          inputMode="decimal"
                          value={collected ?? formatDecimal(r.amountDueCents)}
                          onChange={(e) => setCollected(e.target.value)}
                        />
                      </Field>
                      <TillField till={till} label="Branch (till) the cash goes to" error={errors.branchId} />
                    </div>
                  )}
                  <Field label="Photo (optional)" hint="JPG or PNG, up to 8 MB">
                    <FilePicker file={photo} onChange={setPhoto} accept="image/jpeg,image/png" capture="environment" />
                  </Field>
                  {canOverride && <ReleaseOverrideFields value={override} onChange={setOverride} error={errors.overrideReason} />}
                  {errors.form && (
                    <p className="rounded-md bg-red-50 p-3 text-sm text-red-800" role="alert">
                      {errors.form}
                    </p>
                  )}
                  <Button type="submit" size="lg" busy={busy} className="w-full">
                    {signed ? 'Complete delivery' : 'Sign to complete delivery'}
                  </Button>
                </CardContent>
              </Card>
            </form>
          )}
        </>
      )}
    </main>
  );
}
