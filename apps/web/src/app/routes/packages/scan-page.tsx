import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { CARRIER_LABELS, SHIPPING_MODES, type ShippingMode } from '@courier/shared/constants/packages';
import { hasPermission } from '@courier/shared/domain/permissions';
import { PACKAGE_MESSAGES, type PackageDetail, type ScanLookup, formatUsd, receivePackageSchema } from '@courier/shared/schemas/packages';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { openFile } from '@/features/packages/api/files';
import { lookupTracking, useChangeStatus, useCustomerSearch, useReceivePackage } from '@/features/packages/api/packages';
import { CameraScan } from '@/features/packages/components/camera-scan';
import { PackageStatusBadge } from '@/features/packages/components/package-status-badge';
import { PackageSummary } from '@/features/packages/components/package-summary';
import { PACKAGE_STATUS_LABELS } from '@courier/shared/constants/packages';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';

const decimal = (v: string) => (v.trim() === '' ? undefined : Number(v));

/**
 * The warehouse Scan screen, built for a keyboard-wedge scanner: the tracking field has the focus,
 * Enter looks it up; a new package asks for the weight next (Enter receives it) and the focus
 * comes back to the tracking field for the next parcel.
 */
export default function ScanPage() {
  const { user } = useSession();
  const canReceive = hasPermission(user, 'packages_scan');
  const canEdit = hasPermission(user, 'packages_edit');
  const trackingRef = useRef<HTMLInputElement>(null);
  const weightRef = useRef<HTMLInputElement>(null);
  const [tracking, setTracking] = useState('');
  const [looking, setLooking] = useState(false);
  const [lookup, setLookup] = useState<ScanLookup | null>(null);
  const [lookupError, setLookupError] = useState<string>();
  const [weight, setWeight] = useState('');
  const [mailbox, setMailbox] = useState('');
  const [mode, setMode] = useState<ShippingMode>('AIR');
  const [dims, setDims] = useState({ l: '', w: '', h: '' });
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [last, setLast] = useState<PackageDetail | null>(null);
  const receive = useReceivePackage();
  const change = useChangeStatus();
  const customers = useCustomerSearch(mailbox);

  useEffect(() => trackingRef.current?.focus(), []);
  useEffect(() => {
    if (lookup && !lookup.package) weightRef.current?.focus();
  }, [lookup]);

  const reset = () => {
    setTracking('');
    setLookup(null);
    setLookupError(undefined);
    setWeight('');
    setMailbox('');
    setDims({ l: '', w: '', h: '' });
    setDescription('');
    setErrors({});
    trackingRef.current?.focus();
  };

  function onLookup(e: FormEvent) {
    e.preventDefault();
    void lookupValue(tracking.trim());
  }

  async function lookupValue(value: string) {
    if (!value) {
      setLookupError(PACKAGE_MESSAGES.trackingRequired);
      return;
    }
    setLooking(true);
    setLookupError(undefined);
    try {
      const found = await lookupTracking(value);
      setLookup(found);
      setTracking(found.trackingNumber);
      setMailbox(found.preAlert?.mailboxNumber ?? '');
      setDescription(found.preAlert?.description ?? '');
    } catch (error) {
      setLookupError(errorMessage(error, 'Could not look up the tracking number'));
    } finally {
      setLooking(false);
    }
  }

  async function onReceive(e: FormEvent) {
    e.preventDefault();
    if (!lookup) return;
    const input = {
      trackingNumber: lookup.trackingNumber,
      weightLb: weight.trim() === '' ? Number.NaN : Number(weight),
      lengthIn: decimal(dims.l),
      widthIn: decimal(dims.w),
      heightIn: decimal(dims.h),
      mailbox: mailbox.trim() || undefined,
      mode,
      description: description.trim() || undefined,
    };
    const parsed = receivePackageSchema.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        next[String(issue.path[0])] ??=
          issue.path[0] === 'weightLb' && Number.isNaN(input.weightLb) ? PACKAGE_MESSAGES.weightRequired : issue.message;
      setErrors(next);
      if (next.weightLb) weightRef.current?.focus();
      return;
    }
    try {
      const pkg = await receive.mutateAsync(parsed.data);
      toast.success(`${PACKAGE_MESSAGES.received}: ${pkg.packageNumber}${pkg.status === 'unknown' ? ' (Unknown packages)' : ''}`);
      setLast(pkg);
      reset();
    } catch (error) {
      const message = errorMessage(error, 'Could not receive the package');
      if (error instanceof ApiError && error.fieldErrors)
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? message])));
      toast.error(message);
    }
  }

  const known = lookup?.package ?? null;
  const exact = customers.data?.find((c) => c.mailboxNumber.toLowerCase() === mailbox.trim().toLowerCase());

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Scan</h1>
      <Card>
        <CardContent className="pt-6">
          <form onSubmit={onLookup} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Scan a tracking number">
            <Field
              label="Tracking number"
              error={lookupError}
              className="flex-1"
              hint="Scan the barcode or type the number, then press Enter"
            >
              <Input
                ref={trackingRef}
                value={tracking}
                autoComplete="off"
                spellCheck={false}
                className="font-mono text-lg"
                onChange={(e) => {
                  setTracking(e.target.value);
                  if (lookup) setLookup(null);
                }}
              />
            </Field>
            <Button type="submit" busy={looking} className="sm:mb-6">
              Look up
            </Button>
            <CameraScan
              onDetected={(value) => {
                // The camera's code goes through the same lookup as a typed number and Enter.
                setTracking(value);
                setLookup(null);
                void lookupValue(value);
              }}
            />
          </form>
        </CardContent>
      </Card>

      {known && (
        <Card>
          <CardHeader>
            <CardTitle>
              {known.packageNumber} <PackageStatusBadge status={known.status} />
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <p className="text-sm text-slate-600">This tracking number has already been received.</p>
            <PackageSummary pkg={known} />
            <div className="flex flex-wrap gap-2">
              {canEdit &&
                known.nextStatuses.map((s) => (
                  <Button
                    key={s}
                    size="sm"
                    variant={s === 'abandoned' ? 'danger' : 'primary'}
                    busy={change.isPending && change.variables?.status === s}
                    onClick={() =>
                      change.mutate(
                        { id: known.id, status: s },
                        { onSuccess: (pkg) => setLookup({ ...lookup, package: pkg } as ScanLookup) },
                      )
                    }
                  >
                    {PACKAGE_STATUS_LABELS[s]}
                  </Button>
                ))}
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  openFile(`/packages/${known.id}/label`).catch((e) => toast.error(errorMessage(e, 'Could not open the label')))
                }
              >
                Print label
              </Button>
              <Button size="sm" variant="ghost" onClick={reset}>
                Scan next
              </Button>
            </div>
          </CardContent>
        </Card>
      )}

      {lookup && !known && canReceive && (
        <Card>
          <CardHeader>
            <CardTitle>Receive {lookup.trackingNumber}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="mb-4 text-sm text-slate-600">
              Carrier: <strong>{CARRIER_LABELS[lookup.carrier]}</strong>
              {lookup.preAlert ? (
                <>
                  {' '}
                  · Pre-alert by <strong>{lookup.preAlert.customerName}</strong> ({lookup.preAlert.mailboxNumber}):{' '}
                  {lookup.preAlert.merchant}, {lookup.preAlert.description}, {formatUsd(lookup.preAlert.declaredValueUsdCents)}
                  {lookup.preAlert.hasInvoice ? '' : ' · invoice missing'}
                </>
              ) : (
                ' · No pre-alert'
              )}
            </p>
            <form onSubmit={onReceive} className="grid gap-4 sm:grid-cols-2" aria-label="Receive the package" noValidate>
              <Field label="Weight (lb)" error={errors.weightLb}>
                <Input ref={weightRef} inputMode="decimal" value={weight} onChange={(e) => setWeight(e.target.value)} autoComplete="off" />
              </Field>
              <Field
                label="Mailbox number"
                error={errors.mailbox}
                hint={
                  mailbox.trim() === ''
                    ? 'Leave empty when the label has none: the package goes to Unknown packages'
                    : exact
                      ? `${exact.name}${exact.branchName ? `, ${exact.branchName}` : ''}`
                      : 'No customer with this mailbox yet'
                }
              >
                <Input value={mailbox} onChange={(e) => setMailbox(e.target.value)} autoComplete="off" list="scan-customers" />
              </Field>
              <datalist id="scan-customers">
                {(customers.data ?? []).map((c) => (
                  <option key={c.id} value={c.mailboxNumber}>
                    {c.name}
                  </option>
                ))}
              </datalist>
              <Field label="Mode">
                <Select value={mode} onChange={(e) => setMode(e.target.value as ShippingMode)}>
                  {SHIPPING_MODES.map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Description (optional)">
                <Input value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} />
              </Field>
              <fieldset className="grid grid-cols-3 gap-2 sm:col-span-2">
                <legend className="mb-1 text-sm font-medium text-slate-700">Dimensions in inches (optional)</legend>
                <Field label="Length" error={errors.lengthIn}>
                  <Input inputMode="decimal" value={dims.l} onChange={(e) => setDims({ ...dims, l: e.target.value })} />
                </Field>
                <Field label="Width" error={errors.widthIn}>
                  <Input inputMode="decimal" value={dims.w} onChange={(e) => setDims({ ...dims, w: e.target.value })} />
                </Field>
                <Field label="Height" error={errors.heightIn}>
                  <Input inputMode="decimal" value={dims.h} onChange={(e) => setDims({ ...dims, h: e.target.value })} />
                </Field>
              </fieldset>
              <div className="flex gap-2 sm:col-span-2">
                <Button type="submit" busy={receive.isPending}>
                  Receive package
                </Button>
                <Button type="button" variant="ghost" onClick={reset}>
                  Cancel
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      )}

      {last && (
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
            <p className="text-sm" aria-live="polite">
              Last received: <strong>{last.packageNumber}</strong> <PackageStatusBadge status={last.status} />{' '}
              {last.customerName ? `for ${last.customerName} (${last.mailboxNumber})` : 'with no customer'}
            </p>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => openFile(`/packages/${last.id}/label`).catch((e) => toast.error(errorMessage(e, 'Could not open the label')))}
            >
              Print label
            </Button>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
