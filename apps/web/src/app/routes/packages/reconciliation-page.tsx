import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PACKAGE_STATUS_LABELS, type PackageStatus } from '@courier/shared/constants/packages';
import { MANIFEST_MESSAGES, type Reconciliation } from '@courier/shared/schemas/manifests';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import {
  useCloseReconciliation,
  useManifestReady,
  useManifests,
  useReconciliation,
  useReconciliationScan,
} from '@/features/manifests/api/manifests';
import { ScanStation } from '@/components/scan-station/scan-station';
import { type ScanOutcome, useScanStation } from '@/components/scan-station/use-scan-station';
import { errorMessage } from '@/lib/api-client';

type Line = Reconciliation['expected'][number];

/** `where` says, for an extra that is a package of ours, its status and manifest now. */
function LineList({ title, lines, tone, where = false }: { title: string; lines: Line[]; tone: string; where?: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className={tone}>
          {title} ({lines.length})
        </CardTitle>
      </CardHeader>
      <CardContent>
        {lines.length === 0 ? (
          <p className="text-sm text-slate-500">None</p>
        ) : (
          <ul className="max-h-64 space-y-1 overflow-y-auto text-sm" aria-label={title} tabIndex={0}>
            {lines.map((l) => (
              <li key={`${l.packageId ?? ''}-${l.trackingNumber}`}>
                <span className="font-medium">{l.packageNumber ?? l.trackingNumber}</span>
                {l.customerName ? <span className="text-slate-500"> · {l.customerName}</span> : null}
                {where && l.packageId !== null ? (
                  <span className="block text-xs text-slate-600">
                    Ours: {l.status ? (PACKAGE_STATUS_LABELS[l.status as PackageStatus] ?? l.status) : ''}
                    {l.manifestNumber ? `, on ${l.manifestNumber}` : ', on no manifest'}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Which manifests the list offers: the arrived ones to reconcile, or the closed (reconciled) ones and their actions. */
const VIEWS = [
  { status: 'arrived', label: 'To reconcile', placeholder: 'Choose an arrived manifest' },
  { status: 'reconciled', label: 'Closed', placeholder: 'Choose a closed manifest' },
] as const;
type View = (typeof VIEWS)[number]['status'];

/** Scan what arrived: expected, received, missing and extra update with every scan. */
export default function ReconciliationPage() {
  const [params, setParams] = useSearchParams();
  const manifestId = params.get('manifest') ? Number(params.get('manifest')) : null;
  const [view, setView] = useState<View>(params.get('show') === 'reconciled' ? 'reconciled' : 'arrived');
  const shown = VIEWS.find((v) => v.status === view) ?? VIEWS[0];
  const listed = useManifests({ page: 1, limit: 100, sort: 'createdAt', order: 'desc', filters: JSON.stringify({ status: view }) });
  const recon = useReconciliation(manifestId);
  const [note, setNote] = useState('');
  const [confirmClose, setConfirmClose] = useState(false);
  const post = useReconciliationScan(manifestId);
  const close = useCloseReconciliation(manifestId);
  const ready = useManifestReady(manifestId);
  const r = recon.data;

  /** A package of the manifest is green, an extra amber (ours or not), a refusal red. */
  const station = useScanStation(async (code): Promise<ScanOutcome> => {
    const res = await post.mutateAsync(code);
    return { tone: res.result === 'expected' ? 'ok' : 'warning', message: res.message };
  });

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Reconciliation</h1>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Manifests to show</legend>
        {VIEWS.map((v) => (
          <Button
            key={v.status}
            variant={view === v.status ? 'primary' : 'secondary'}
            aria-pressed={view === v.status}
            onClick={() => {
              setView(v.status);
              setParams(v.status === 'arrived' ? {} : { show: v.status });
            }}
          >
            {v.label}
          </Button>
        ))}
      </fieldset>
      <Field label="Manifest">
        <Select
          value={manifestId ?? ''}
          onChange={(e) => setParams(e.target.value ? { ...(view === 'arrived' ? {} : { show: view }), manifest: e.target.value } : {})}
          className="max-w-md"
        >
          <option value="">{shown.placeholder}</option>
          {manifestId && r && r.manifest.status !== view && (
            <option value={manifestId}>
              {r.manifest.manifestNumber} ({r.manifest.status})
            </option>
          )}
          {(listed.data?.data ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.manifestNumber} · {m.type} · {m.pieces} pieces
            </option>
          ))}
        </Select>
      </Field>
      {manifestId && recon.isLoading && <Spinner />}
      {recon.error && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(recon.error, 'Could not load the manifest')}
        </p>
      )}
      {r && (
        <>
          {r.manifest.status === 'arrived' ? (
            <div className="max-w-2xl">
              <ScanStation station={station} label="Scan a package" action="Record" autoFocus camera />
            </div>
          ) : (
            <p className="text-sm text-slate-700">
              {r.manifest.manifestNumber} is {r.manifest.status}.
              {r.manifest.discrepancyNote ? ` Discrepancies: ${r.manifest.discrepancyNote}` : ''}
              {r.manifest.reconciliationNote ? <span className="block">Note: {r.manifest.reconciliationNote}</span> : null}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <LineList title="Expected" lines={r.expected} tone="" />
            <LineList title="Received" lines={r.received} tone="text-green-800" />
            <LineList title="Missing" lines={r.missing} tone="text-red-700" />
            <LineList title="Extra" lines={r.extra} tone="text-yellow-800" where />
          </div>
          {r.manifest.status === 'arrived' && (
            <div className="max-w-xl space-y-3">
              <Field label="Note on the discrepancies (optional)">
                <Textarea value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
              </Field>
              <Button onClick={() => setConfirmClose(true)}>Close reconciliation</Button>
            </div>
          )}
          {r.manifest.status === 'reconciled' && r.received.some((l) => l.status === 'at_customs') && (
            <Button
              busy={ready.isPending}
              onClick={() =>
                ready.mutate(undefined, {
                  onSuccess: (m) => {
                    // Parcels collected at another branch stay cleared here until a transfer takes them.
                    const waiting = (m.packages ?? []).filter(
                      (p) => p.status === 'at_customs' && p.atBranchName && p.atBranchName !== p.branchName,
                    ).length;
                    toast.success(
                      waiting > 0
                        ? `Cleared packages are ready for pickup; customers are e-mailed. ${waiting} for another branch wait for a transfer (Transfers)`
                        : 'Cleared packages are ready for pickup; customers are e-mailed',
                    );
                  },
                  onError: (e) => toast.error(errorMessage(e, 'Could not update')),
                })
              }
            >
              Cleared customs: make ready for pickup
            </Button>
          )}
          <ConfirmDialog
            open={confirmClose}
            onOpenChange={setConfirmClose}
            title="Close reconciliation"
            message={`Close the reconciliation of ${r.manifest.manifestNumber} with ${r.missing.length} missing and ${r.extra.length} extra?`}
            confirmLabel="Close"
            busy={close.isPending}
            onConfirm={() =>
              close.mutate(note, {
                onSuccess: () => {
                  toast.success(MANIFEST_MESSAGES.reconciled);
                  setConfirmClose(false);
                  // The closed manifest stays in reach, with what is left to do on it.
                  setView('reconciled');
                  setParams({ show: 'reconciled', manifest: String(r.manifest.id) });
                },
                onError: (e) => {
                  toast.error(errorMessage(e, 'Could not close'));
                  setConfirmClose(false);
                },
              })
            }
          />
        </>
      )}
    </div>
  );
}
