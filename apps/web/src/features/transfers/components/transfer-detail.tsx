import { useState } from 'react';
import { toast } from 'sonner';
import { PACKAGE_STATUS_LABELS, type PackageStatus } from '@courier/shared/constants/packages';
import { TRANSFER_MESSAGES, type TransferDetail as Detail, type TransferLine } from '@courier/shared/schemas/transfers';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { useRemoveFromTransfer, useTransfer, useTransferScan, useTransferStep } from '../api/transfers';
import { ScanStation } from '@/components/scan-station/scan-station';
import { type ScanOutcome, useScanStation } from '@/components/scan-station/use-scan-station';

const statusLabel = (s: string | null) => (s ? (PACKAGE_STATUS_LABELS[s as PackageStatus] ?? s) : '');

function Lines({
  title,
  lines,
  tone = '',
  empty,
  onRemove,
}: {
  title: string;
  lines: TransferLine[];
  tone?: string;
  empty: string;
  onRemove?: (line: TransferLine) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className={tone}>
          {title} ({lines.length})
        </CardTitle>
      </CardHeader>
      <CardContent>
        {lines.length === 0 ? (
          <p className="text-sm text-slate-500">{empty}</p>
        ) : (
          <ul className="max-h-72 space-y-2 overflow-y-auto text-sm" aria-label={title} tabIndex={0}>
            {lines.map((l) => (
              <li key={`${l.packageId ?? ''}-${l.trackingNumber}`} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium">{l.packageNumber ?? l.trackingNumber}</span>
                  {l.customerName ? <span className="text-slate-600"> · {l.customerName}</span> : null}
                  <span className="block text-xs text-slate-600">
                    {statusLabel(l.status)}
                    {l.scannedInAt ? ' · scanned in' : ''}
                  </span>
                </span>
                {onRemove && l.packageId !== null ? (
                  <Button size="sm" variant="secondary" onClick={() => onRemove(l)} aria-label={`Take ${l.packageNumber} off`}>
                    Take off
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

type Step = 'send' | 'receive' | 'cancel';

/** What each step asks before it runs, and what it says when done. */
function stepText(d: Detail, step: Step) {
  const t = d.transfer;
  switch (step) {
    case 'send':
      return {
        title: 'Send the transfer',
        message: `Send ${t.transferNumber} with ${t.parcels} parcel${t.parcels === 1 ? '' : 's'} from ${t.fromBranchName} to ${t.toBranchName}? They show as in transfer until ${t.toBranchName} scans them in.`,
        label: 'Send',
        done: TRANSFER_MESSAGES.sent,
      };
    case 'receive':
      return {
        title: 'Finish receiving',
        message: `${d.missing.length} parcel${d.missing.length === 1 ? ' was' : 's were'} not scanned in and will be listed as missing. The parcels scanned in become ready for pickup at ${t.toBranchName} and their customers are told.`,
        label: 'Finish receiving',
        done: TRANSFER_MESSAGES.received,
      };
    case 'cancel':
      return {
        title: 'Cancel the transfer',
        message: `Cancel ${t.transferNumber}? Its parcels stay at ${t.fromBranchName}.`,
        label: 'Cancel transfer',
        done: TRANSFER_MESSAGES.cancelled,
      };
  }
}

/** One transfer: scan parcels on while it is a draft, send it, then scan them in at the receiving branch. */
export function TransferDetail({ id, canEdit }: { id: number; canEdit: boolean }) {
  const dates = useDateFormat();
  const transfer = useTransfer(id);
  const scan = useTransferScan(id);
  const steps = useTransferStep(id);
  const remove = useRemoveFromTransfer(id);
  const [confirm, setConfirm] = useState<Step | null>(null);
  /** A parcel loaded or scanned in is green, an extra amber, a refusal red. */
  const station = useScanStation(async (code): Promise<ScanOutcome> => {
    const res = await scan.mutateAsync(code);
    return { tone: res.result === 'extra' ? 'warning' : 'ok', message: res.message };
  });
  if (transfer.isLoading) return <Spinner />;
  if (transfer.error || !transfer.data)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(transfer.error, 'Could not load the transfer')}{' '}
        <Button size="sm" variant="secondary" onClick={() => void transfer.refetch()}>
          Try again
        </Button>
      </p>
    );
  const d = transfer.data;
  const t = d.transfer;
  const asked = confirm ? stepText(d, confirm) : null;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold text-slate-900">{t.transferNumber}</h2>
        <StatusBadge kind="transfer" status={t.status} />
        <p className="w-full text-sm text-slate-700 sm:w-auto">
          {t.fromBranchName} → {t.toBranchName}
          {t.sentAt ? ` · sent ${dates.dateTime(t.sentAt)}` : ''}
          {t.receivedAt ? ` · received ${dates.dateTime(t.receivedAt)}` : ''}
        </p>
        {t.note ? <p className="w-full text-sm text-slate-600">Note: {t.note}</p> : null}
      </div>
      {t.status === 'draft' || t.status === 'sent' || t.status === 'received' ? (
        <div className="max-w-2xl">
          <ScanStation
            station={station}
            label={t.status === 'draft' ? `Scan a parcel onto the transfer to ${t.toBranchName}` : `Scan parcels in at ${t.toBranchName}`}
            action={t.status === 'draft' ? 'Add' : 'Scan in'}
            autoFocus
            camera
          />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {t.status === 'draft' && (
          <Button onClick={() => setConfirm('send')} disabled={t.parcels === 0}>
            Send transfer
          </Button>
        )}
        {t.status === 'sent' && <Button onClick={() => setConfirm('receive')}>Finish receiving</Button>}
        {t.status === 'draft' && canEdit && (
          <Button variant="danger" onClick={() => setConfirm('cancel')}>
            Cancel transfer
          </Button>
        )}
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        <Lines
          title="Parcels"
          lines={d.parcels}
          empty={t.status === 'draft' ? 'Scan the parcels going on the van.' : 'No parcels.'}
          onRemove={
            t.status === 'draft' && canEdit
              ? (l) =>
                  l.packageId !== null &&
                  remove.mutate(l.packageId, {
                    onSuccess: () => toast.success(TRANSFER_MESSAGES.removed(l.packageNumber ?? l.trackingNumber)),
                    onError: (e) => toast.error(errorMessage(e, 'Could not take it off')),
                  })
              : undefined
          }
        />
        {t.status !== 'draft' && t.status !== 'cancelled' ? (
          <>
            <Lines
              title={t.status === 'sent' ? 'Not scanned in yet' : 'Missing'}
              lines={d.missing}
              tone="text-red-700"
              empty="None: every parcel sent was scanned in."
            />
            <Lines title="Extra" lines={d.extra} tone="text-yellow-800" empty="None." />
          </>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={asked?.title}
        message={asked?.message ?? ''}
        confirmLabel={asked?.label}
        busy={steps.isPending}
        onConfirm={() =>
          confirm &&
          steps.mutate(confirm, {
            onSuccess: () => {
              toast.success(asked?.done ?? '');
              setConfirm(null);
            },
            onError: (e) => {
              toast.error(errorMessage(e, 'Could not update the transfer'));
              setConfirm(null);
            },
          })
        }
      />
    </div>
  );
}
