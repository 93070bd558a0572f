import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { CARRIER_LABELS, SHIPPING_MODES, type ShippingMode } from '@courier/shared/constants/packages';
import { hasPermission } from '@courier/shared/domain/permissions';
import { PACKAGE_MESSAGES, type PackageDetail, type ScanLookup, receivePackageSchema } from '@courier/shared/schemas/packages';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { openFile } from '@/lib/download';
import { isAutoPrint, printLabels, setAutoPrint } from '@/features/packages/api/labels';
import { Checkbox } from '@/components/ui/checkbox';
import { lookupTracking, useChangeStatus, useCustomerSearch, useReceivePackage } from '@/features/packages/api/packages';
import { ScanHistory, ScanResultPanel, ScanStation } from '@/features/packages/components/scan-station/scan-station';
import { type ScanOutcome, useScanStation } from '@/features/packages/components/scan-station/use-scan-station';
import { PackageSummary } from '@/features/packages/components/package-summary';
import { ConsolidationNotice } from '@/features/forwarding/components/consolidation-notice';
import { PACKAGE_STATUS_LABELS } from '@courier/shared/constants/packages';
import { ApiError, errorMessage } from '@/lib/api-client';
import { WalkInCustomerDialog } from '@/features/packages/components/walk-in-customer-dialog';
import { useSession } from '@/lib/session';
import { formatUsd } from '@courier/shared/format/money';
import { StatusBadge } from '@/components/ui/status-badge';

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
  const canRegister = hasPermission(user, 'customers_create');
  const [walkIn, setWalkIn] = useState(false);
  const weightRef = useRef<HTMLInputElement>(null);
  const [lookup, setLookup] = useState<ScanLookup | null>(null);
  const [weight, setWeight] = useState('');
  const [mailbox, setMailbox] = useState('');
  const [mode, setMode] = useState<ShippingMode>('AIR');
  const [dims, setDims] = useState({ l: '', w: '', h: '' });
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [last, setLast] = useState<PackageDetail | null>(null);
  const [autoPrint, setAutoPrintState] = useState(isAutoPrint);
  const receive = useReceivePackage();
  const change = useChangeStatus();
  const customers = useCustomerSearch(mailbox);

  const clearForm = () => {
    setLookup(null);
    setWeight('');
    setMailbox('');
    setDims({ l: '', w: '', h: '' });
    setDescription('');
    setErrors({});
  };

  /** Every scan replaces what the last one showed; a mailbox scanned during a receive fills it in. */
  const station = useScanStation(async (code): Promise<ScanOutcome> => {
    const found = await lookupTracking(code);
    if (found.kind === 'mailbox' && found.customer) {
      if (lookup && !lookup.package) {
        setMailbox(found.customer.mailboxNumber);
        weightRef.current?.focus();
        return { tone: 'ok', message: `Mailbox ${found.customer.mailboxNumber}: ${found.customer.name}`, refocus: false };
      }
      return {
        tone: 'warning',
        message: `Mailbox ${found.customer.mailboxNumber} is ${found.customer.name}: scan a package to receive it`,
      };
    }
    clearForm();
    setLookup(found);
    if (found.package) {
      const p = found.package;
      return {
        tone: 'warning',
        message: `${p.packageNumber} already received: ${PACKAGE_STATUS_LABELS[p.status]}${p.customerName ? `, ${p.customerName}` : ''}`,
      };
    }
    setMailbox(found.preAlert?.mailboxNumber ?? '');
    setDescription(found.preAlert?.description ?? '');
    return {
      tone: 'ok',
      message: `New ${CARRIER_LABELS[found.carrier]} package ${found.trackingNumber}${found.preAlert ? ` for ${found.preAlert.customerName}` : ', no pre-alert'}: enter the weight`,
      refocus: false,
    };
  });

  // The weight field takes the focus once the receive form of a new package is on screen.
  useEffect(() => {
    if (lookup && !lookup.package) weightRef.current?.focus();
  }, [lookup]);

  const reset = () => {
    clearForm();
    station.focus();
  };

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
      if (autoPrint) printLabels([pkg.id]).catch((e) => toast.error(errorMessage(e, `Could not print the label of ${pkg.packageNumber}`)));
      station.report(pkg.packageNumber, {
        tone: pkg.status === 'unknown' ? 'warning' : 'ok',
        message: `${PACKAGE_MESSAGES.received}: ${pkg.packageNumber}${pkg.status === 'unknown' ? ' (Unknown packages)' : pkg.customerName ? ` for ${pkg.customerName}` : ''}`,
      });
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
          <ScanStation
            station={station}
            label="Tracking number"
            hint="Scan the barcode or type the tracking number, our package number or a mailbox, then press Enter"
            action="Look up"
            autoFocus
            camera
            showResults={false}
            extra={
              <Checkbox
                label="Auto-print labels"
                checked={autoPrint}
                onChange={(e) => {
                  setAutoPrint(e.target.checked);
                  setAutoPrintState(e.target.checked);
                }}
              />
            }
          />
        </CardContent>
      </Card>
      <ScanResultPanel last={station.last} />

      {known && (
        <Card>
          <CardHeader>
            <CardTitle>
              {known.packageNumber} <StatusBadge kind="package" status={known.status} />
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <p className="text-sm text-slate-600">This tracking number has already been received.</p>
            <ConsolidationNotice packageNumber={known.packageNumber} />
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
              {canRegister && (
                <div className="flex items-end sm:col-span-2">
                  <Button type="button" size="sm" variant="secondary" onClick={() => setWalkIn(true)}>
                    New customer
                  </Button>
                </div>
              )}
              {walkIn && <WalkInCustomerDialog open={walkIn} onOpenChange={setWalkIn} onRegistered={(c) => setMailbox(c.mailboxNumber)} />}
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

      <ScanHistory history={station.history} />

      {last && (
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
            <p className="text-sm" aria-live="polite">
              Last received: <strong>{last.packageNumber}</strong> <StatusBadge kind="package" status={last.status} />{' '}
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
