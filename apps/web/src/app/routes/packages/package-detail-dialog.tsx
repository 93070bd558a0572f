import { useState } from 'react';
import { toast } from 'sonner';
import { PACKAGE_STATUS_LABELS, type PackageStatus } from '@courier/shared/constants/packages';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { openFile } from '@/lib/download';
import { downloadZpl } from '@/features/packages/api/labels';
import { useChangeStatus, usePackage } from '@/features/packages/api/packages';
import { PackageCorrectionDialog } from '@/features/packages/components/package-correction-dialog';
import { PackageCoverPanel } from '@/features/cover/components/package-cover-panel';
import { PackageEstimatePanel } from '@/features/packages/components/package-estimate-panel';
import { PackageHoldPanel } from '@/features/packages/components/package-hold-panel';
import { PackageVoidDialog } from '@/features/packages/components/package-void-dialog';
import { ContentsPhotoPanel } from '@/features/photos/components/contents-photo-panel';
import { ReturnRequestPanel } from '@/features/packages/components/return-request-panel';
import { InvoiceRequestPanel } from '@/features/packages/components/invoice-request-panel';
import { PackageContentsForm } from '@/features/packages/components/package-contents-form';
import { PackagePhotos } from '@/features/photos/components/package-photos';
import { PackageSummary } from '@/features/packages/components/package-summary';
import { HazardFlag } from '@/features/warehouse/components/hazard-flag';
import { PackageTimeline } from '@/features/packages/components/package-timeline';

interface Props {
  id: number | null;
  onClose: () => void;
  /** Customers see their own package and its timeline, without actions. */
  customer?: boolean;
  canEdit?: boolean;
}

/** A package with its timeline and, for staff, the next legal status actions. */
export function PackageDetailDialog({ id, onClose, customer = false, canEdit = false }: Props) {
  const detail = usePackage(id, customer);
  const change = useChangeStatus();
  const [note, setNote] = useState('');
  const [editing, setEditing] = useState<'correct' | 'void' | null>(null);
  const pkg = detail.data;
  const voided = pkg?.voidedAt != null;
  const move = (status: PackageStatus) => {
    if (!pkg) return;
    change.mutate({ id: pkg.id, status, note }, { onSuccess: () => setNote('') });
  };
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={pkg ? pkg.packageNumber : 'Package'}
      className="max-w-2xl"
    >
      {detail.isLoading ? (
        <Spinner />
      ) : detail.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(detail.error, 'Could not load the package')}
        </p>
      ) : pkg ? (
        <div className="grid gap-6 md:grid-cols-2">
          <div className="space-y-4">
            {voided && (
              <p role="status" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                Voided: {pkg.voidReason}
              </p>
            )}
            {customer && <InvoiceRequestPanel pkg={pkg} />}
            {customer && <PackageContentsForm key={pkg.id} pkg={pkg} />}
            <PackageSummary pkg={pkg} />
            {!voided && <PackageEstimatePanel packageId={pkg.id} customer={customer} />}
            {!voided && <PackageCoverPanel packageId={pkg.id} customer={customer} canEdit={canEdit} />}
            {!voided && (
              <ContentsPhotoPanel
                packageId={pkg.id}
                packageNumber={pkg.packageNumber}
                zone={pkg.timeZone}
                customer={customer}
                canEdit={canEdit}
              />
            )}
            {!voided && (
              <ReturnRequestPanel
                packageId={pkg.id}
                packageNumber={pkg.packageNumber}
                zone={pkg.timeZone}
                customer={customer}
                canEdit={canEdit}
              />
            )}
            <PackagePhotos packageId={pkg.id} customer={customer} canAdd={!customer && canEdit && !voided} />
            {!customer && canEdit && !voided && <PackageHoldPanel pkg={pkg} />}
            {!customer && canEdit && !voided && <HazardFlag key={pkg.id} pkg={pkg} />}
            {!customer && (
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    openFile(`/packages/${pkg.id}/label`).catch((e) => toast.error(errorMessage(e, 'Could not open the label')))
                  }
                >
                  Print label
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    downloadZpl([pkg.id], `label-${pkg.packageNumber}.zpl`).catch((e) =>
                      toast.error(errorMessage(e, 'Could not download the label')),
                    )
                  }
                >
                  Download ZPL
                </Button>
                {pkg.hasInvoice && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      openFile(`/packages/${pkg.id}/invoice`).catch((e) => toast.error(errorMessage(e, 'Could not open the invoice')))
                    }
                  >
                    View invoice
                  </Button>
                )}
                {canEdit && !voided && pkg.status !== 'delivered' && (
                  <>
                    <Button size="sm" variant="secondary" onClick={() => setEditing('correct')}>
                      Correct
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => setEditing('void')}>
                      Void
                    </Button>
                  </>
                )}
              </div>
            )}
            {!customer && canEdit && (
              <>
                <PackageCorrectionDialog pkg={pkg} open={editing === 'correct'} onOpenChange={(o) => setEditing(o ? 'correct' : null)} />
                <PackageVoidDialog pkg={pkg} open={editing === 'void'} onOpenChange={(o) => setEditing(o ? 'void' : null)} />
              </>
            )}
            {!customer && canEdit && pkg.nextStatuses.length > 0 && (
              <div className="space-y-2 rounded-md border border-slate-200 p-3">
                <Field label="Note for the timeline (optional)">
                  <Input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
                </Field>
                <div className="flex flex-wrap gap-2">
                  {pkg.nextStatuses.map((s) => (
                    <Button
                      key={s}
                      size="sm"
                      variant={s === 'abandoned' ? 'danger' : 'primary'}
                      busy={change.isPending && change.variables?.status === s}
                      onClick={() => move(s)}
                    >
                      {PACKAGE_STATUS_LABELS[s]}
                    </Button>
                  ))}
                </div>
              </div>
            )}
          </div>
          <div>
            <h3 className="mb-3 text-sm font-semibold text-slate-900">Timeline</h3>
            <PackageTimeline events={pkg.events} showPeople={!customer} zone={pkg.timeZone} />
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
