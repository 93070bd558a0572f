import { useState } from 'react';
import { classifyScan } from '@courier/shared/domain/scan';
import { CONTENTS_PHOTO_MESSAGES } from '@courier/shared/schemas/contents-photos';
import { errorMessage } from '@/lib/api-client';
import { lookupTracking } from '@/lib/package-scan';
import { usePutAway } from '../api/warehouse';
import { ScanHistory, ScanResultPanel, ScanStation } from '@/components/scan-station/scan-station';
import { type ScanOutcome, useScanStation } from '@/components/scan-station/use-scan-station';

/**
 * Put-away and moves by scan: the parcel's label first, then the shelf's. Another parcel scanned
 * instead of a shelf starts over with that parcel. Each put-away is a line of the parcel's timeline.
 */
export function PutAwayStation() {
  const putAway = usePutAway();
  const [parcel, setParcel] = useState<{ code: string; packageNumber: string; shelfCode: string | null; held: boolean } | null>(null);

  const station = useScanStation(async (code): Promise<ScanOutcome> => {
    const kind = classifyScan(code)?.kind;
    if (parcel && kind !== 'package_number') {
      try {
        const done = await putAway.mutateAsync({ scan: parcel.code, shelf: code });
        setParcel(null);
        return { tone: 'ok', message: `${done.message}: scan the next parcel` };
      } catch (error) {
        return { tone: 'error', message: `${errorMessage(error, 'Could not put the parcel away')}: scan another shelf` };
      }
    }
    const found = await lookupTracking(code);
    const pkg = found.package;
    if (!pkg) {
      setParcel(null);
      return { tone: 'error', message: `${code} is not a parcel we received: scan the parcel's label first` };
    }
    setParcel({ code: pkg.packageNumber, packageNumber: pkg.packageNumber, shelfCode: pkg.shelfCode, held: pkg.status === 'on_hold' });
    const where = pkg.shelfCode ? ` (now on ${pkg.shelfCode})` : '';
    const shelfStep = `${pkg.packageNumber}${where}: scan the ${pkg.status === 'on_hold' ? 'hold shelf' : 'shelf'}`;
    // A photo of the contents waiting is said first, so the clerk opens the parcel before shelving it.
    if (pkg.contentsPhotoAsked)
      return { tone: 'warning', message: `${CONTENTS_PHOTO_MESSAGES.stationNotice(pkg.packageNumber)}. ${shelfStep}` };
    return { tone: pkg.status === 'on_hold' ? 'warning' : 'ok', message: shelfStep };
  });

  return (
    <div className="space-y-4" data-testid="put-away">
      <ScanStation
        station={station}
        label={parcel ? `Shelf for ${parcel.packageNumber}` : 'Parcel to put away'}
        hint={parcel ? 'Scan the shelf label (A-01-3), then Enter' : "Scan the parcel's label, then its shelf"}
        action={parcel ? 'Put away' : 'Look up'}
        autoFocus
        showResults={false}
      />
      <ScanResultPanel last={station.last} />
      <ScanHistory history={station.history} />
    </div>
  );
}
