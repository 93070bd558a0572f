import { useState } from 'react';
import { hasPermission } from '@courier/shared/domain/permissions';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { HazardFlag } from '@/features/warehouse/components/hazard-flag';
import { KnownPackageCard } from '@/features/packages/components/scan-station/known-package-card';
import { AutoPrintToggle, LastReceivedCard } from '@/features/packages/components/scan-station/label-printing';
import { PutAwayStation } from '@/features/warehouse/components/put-away-station';
import { ReceiveForm } from '@/features/packages/components/scan-station/receive-form';
import { ScanHistory, ScanResultPanel, ScanStation } from '@/components/scan-station/scan-station';
import { useCheckIn } from '@/features/packages/components/scan-station/use-check-in';
import { ConsolidationNotice } from '@/features/forwarding/components/consolidation-notice';
import { WarehouseFacts } from '@/features/warehouse/components/warehouse-facts';
import { LabelPrintersCard, ShelvesCard } from '@/features/warehouse/components/warehouse-setup';
import { uploadPackagePhoto } from '@/features/photos/api/photos';
import { ContentsPhotoNotice } from '@/features/photos/components/contents-photo-panel';
import { useSession } from '@/lib/session';

type StationMode = 'receive' | 'put-away';

/**
 * The warehouse Scan screen, built for a keyboard-wedge scanner: the tracking field has the focus,
 * Enter looks it up; a new package asks for the weight next (Enter receives it) and the focus
 * comes back to the tracking field for the next parcel. "Put away" takes a parcel then its shelf.
 */
export default function ScanPage() {
  const { user } = useSession();
  const [mode, setMode] = useState<StationMode>('receive');
  const { station, form, printing, capture, last, reset, onReceive } = useCheckIn(uploadPackagePhoto);
  const known = form.lookup?.package ?? null;
  const canEdit = hasPermission(user, 'packages_edit');
  const canFlag = canEdit || hasPermission(user, 'packages_scan');

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Scan</h1>
      <div role="group" aria-label="What the station does" className="flex gap-2">
        <Button variant={mode === 'receive' ? 'primary' : 'secondary'} aria-pressed={mode === 'receive'} onClick={() => setMode('receive')}>
          Receive
        </Button>
        <Button
          variant={mode === 'put-away' ? 'primary' : 'secondary'}
          aria-pressed={mode === 'put-away'}
          onClick={() => setMode('put-away')}
        >
          Put away
        </Button>
      </div>

      {mode === 'put-away' ? (
        <Card>
          <CardContent className="pt-6">
            <PutAwayStation />
          </CardContent>
        </Card>
      ) : (
        <>
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
                extra={<AutoPrintToggle printing={printing} />}
              />
            </CardContent>
          </Card>
          <ScanResultPanel last={station.last} />

          {known && form.lookup && (
            <>
              <ConsolidationNotice packageNumber={known.packageNumber} />
              <KnownPackageCard
                pkg={known}
                canEdit={canEdit}
                onChanged={(pkg) => form.lookup && form.setLookup({ ...form.lookup, package: pkg })}
                onNext={reset}
                notice={known.contentsPhotoAsked && <ContentsPhotoNotice packageNumber={known.packageNumber} />}
              />
              <WarehouseFacts pkg={known} />
              {canFlag && (
                <HazardFlag
                  key={known.id}
                  pkg={known}
                  onChanged={(pkg) => form.lookup && form.setLookup({ ...form.lookup, package: { ...known, ...pkg } })}
                />
              )}
            </>
          )}

          {form.lookup && !known && hasPermission(user, 'packages_scan') && (
            <ReceiveForm
              form={form}
              onSubmit={onReceive}
              onCancel={reset}
              canRegister={hasPermission(user, 'customers_create')}
              capture={capture}
            />
          )}

          <ScanHistory history={station.history} />
          <LastReceivedCard last={last} />
          {last && <WarehouseFacts pkg={last} />}
          {last && canFlag && <HazardFlag key={last.id} pkg={last} />}
        </>
      )}

      {hasPermission(user, 'branches_edit') && (
        <details className="rounded-md border border-slate-200 bg-white p-3">
          <summary className="cursor-pointer text-sm font-medium text-slate-700">Shelves and label printers</summary>
          <div className="mt-3 space-y-4">
            <ShelvesCard canEdit />
            <LabelPrintersCard canEdit />
          </div>
        </details>
      )}
    </div>
  );
}
