import { hasPermission } from '@courier/shared/domain/permissions';
import { Card, CardContent } from '@/components/ui/card';
import { KnownPackageCard } from '@/features/packages/components/scan-station/known-package-card';
import { AutoPrintToggle, LastReceivedCard } from '@/features/packages/components/scan-station/label-printing';
import { ReceiveForm } from '@/features/packages/components/scan-station/receive-form';
import { ScanHistory, ScanResultPanel, ScanStation } from '@/features/packages/components/scan-station/scan-station';
import { useCheckIn } from '@/features/packages/components/scan-station/use-check-in';
import { ConsolidationNotice } from '@/features/forwarding/components/consolidation-notice';
import { useSession } from '@/lib/session';

/**
 * The warehouse Scan screen, built for a keyboard-wedge scanner: the tracking field has the focus,
 * Enter looks it up; a new package asks for the weight next (Enter receives it) and the focus
 * comes back to the tracking field for the next parcel.
 */
export default function ScanPage() {
  const { user } = useSession();
  const { station, form, printing, capture, last, reset, onReceive } = useCheckIn();
  const known = form.lookup?.package ?? null;

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
            extra={<AutoPrintToggle printing={printing} />}
          />
        </CardContent>
      </Card>
      <ScanResultPanel last={station.last} />

      {known && <ConsolidationNotice packageNumber={known.packageNumber} />}
      {known && form.lookup && (
        <KnownPackageCard
          pkg={known}
          canEdit={hasPermission(user, 'packages_edit')}
          onChanged={(pkg) => form.lookup && form.setLookup({ ...form.lookup, package: pkg })}
          onNext={reset}
        />
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
    </div>
  );
}
