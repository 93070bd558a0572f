import { formatWeight } from '@courier/shared/format/weight';
import { useState } from 'react';
import type { ImportReport } from '@courier/shared/schemas/manifests';
import { StatusBadge } from '@/components/ui/status-badge';
import { useDateFormat } from '@/lib/format-date';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useManifest } from '../api/manifests';
import { HeldPackagesNotice } from './held-packages-notice';
import { ImportReportPanel, ManifestExports, ManifestImports } from './manifest-files';
import { ManifestPackagesTable } from './manifest-packages-table';
import { ManifestScanPanel } from './manifest-scan-panel';
import { ManifestSteps } from './manifest-steps';

/** One manifest: its details, its steps, its files, the scan station while open, its packages. */
export function ManifestDialog({ id, onClose, canEdit }: { id: number | null; onClose: () => void; canEdit: boolean }) {
  const dates = useDateFormat();
  const detail = useManifest(id);
  const m = detail.data;
  const [report, setReport] = useState<ImportReport | null>(null);
  const open = m?.status === 'open';
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(o) => {
        if (!o) {
          onClose();
          setReport(null);
        }
      }}
      title={m ? `${m.type} manifest ${m.manifestNumber}` : 'Manifest'}
      className="max-w-4xl"
    >
      {!m ? (
        <Spinner />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            <StatusBadge kind="manifest" status={m.status} /> · {m.type === 'AIR' ? 'MAWB' : 'BL'} {m.mawbOrBl ?? '-'} ·{' '}
            {m.type === 'AIR' ? 'Flight' : 'Vessel'} {m.flightOrVessel ?? '-'} · departs {dates.calendar(m.departureDate)} · arrives{' '}
            {dates.calendar(m.arrivalDate)}
          </p>
          <p className="text-sm font-semibold" aria-live="polite">
            {m.pieces} pieces · {formatWeight(m.weightLb)} lb
          </p>
          <div className="flex flex-wrap gap-2">
            <ManifestSteps m={m} canEdit={canEdit} />
            <ManifestExports m={m} />
            {canEdit && open && <ManifestImports id={m.id} onReport={setReport} />}
          </div>
          {report && <ImportReportPanel report={report} />}
          {open && <HeldPackagesNotice mode={m.type} />}
          {canEdit && open && <ManifestScanPanel id={m.id} />}
          <ManifestPackagesTable m={m} canRemove={canEdit && open} />
        </div>
      )}
    </Dialog>
  );
}
