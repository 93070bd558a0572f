import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { CARRIER_LABELS, PACKAGE_STATUS_LABELS } from '@courier/shared/constants/packages';
import { PACKAGE_MESSAGES, type PackageDetail } from '@courier/shared/schemas/packages';
import { errorMessage } from '@/lib/api-client';
import { lookupTracking } from '@/lib/package-scan';
import { useAutoPrint } from './label-printing';
import { type Snapshot, usePhotoCapture } from './use-photo-capture';
import { useReceiveForm } from './use-receive-form';
import { type ScanOutcome, useScanStation } from '@/components/scan-station/use-scan-station';

/**
 * The Scan screen's flow: a scan looks the code up; a new tracking number opens the receive form
 * (weight focused), a known one shows its card, a mailbox scanned during a receive fills it in.
 * Receiving reports on the result panel, prints when auto-print is on and hands the focus back.
 * `uploadPhoto` sends one photo taken at receiving (the page gives the photos feature's).
 */
export function useCheckIn(uploadPhoto: (packageId: number, photo: Blob) => Promise<unknown>) {
  const form = useReceiveForm();
  const printing = useAutoPrint();
  const capture = usePhotoCapture();
  const [last, setLast] = useState<PackageDetail | null>(null);

  const station = useScanStation(async (code): Promise<ScanOutcome> => {
    const found = await lookupTracking(code);
    if (found.kind === 'mailbox' && found.customer) {
      if (form.lookup && !form.lookup.package) {
        form.setMailbox(found.customer.mailboxNumber);
        form.focusWeight();
        return { tone: 'ok', message: `Mailbox ${found.customer.mailboxNumber}: ${found.customer.name}`, refocus: false };
      }
      return {
        tone: 'warning',
        message: `Mailbox ${found.customer.mailboxNumber} is ${found.customer.name}: scan a package to receive it`,
      };
    }
    // A shipment of several boxes with some still to come: the next box is received straight away.
    const shipment = found.package;
    if (shipment && shipment.pieceCount > shipment.piecesIn && shipment.status !== 'voided') {
      form.start({ ...found, package: null }, { of: shipment.pieceCount, first: shipment });
      return {
        tone: 'ok',
        message: `${found.trackingNumber}: ${shipment.piecesIn} of ${shipment.pieceCount} pieces in; enter the weight of the next piece`,
        refocus: false,
      };
    }
    form.start(found);
    if (found.package) {
      const p = found.package;
      if (p.status === 'on_hold')
        return {
          tone: 'hold',
          message: `${p.packageNumber} is on hold: ${p.holdReason ?? 'see the package'}${p.customerName ? `, ${p.customerName}` : ''}`,
        };
      return {
        tone: 'warning',
        message: `${p.packageNumber} already received: ${PACKAGE_STATUS_LABELS[p.status]}${p.customerName ? `, ${p.customerName}` : ''}`,
      };
    }
    return {
      tone: 'ok',
      message: `New ${CARRIER_LABELS[found.carrier]} package ${found.trackingNumber}${found.preAlert ? ` for ${found.preAlert.customerName}` : ', no pre-alert'}: enter the weight`,
      refocus: false,
    };
  });

  // The weight field takes the focus once the receive form of a new package is on screen.
  const { lookup, focusWeight } = form;
  useEffect(() => {
    if (lookup && !lookup.package) focusWeight();
  }, [lookup, focusWeight]);

  const reset = () => {
    form.clear();
    station.focus();
  };

  /** The photos taken for this package go up after it is received, without holding up the next scan. */
  const uploadPhotos = (pkg: PackageDetail, photos: Snapshot[]) => {
    for (const photo of photos)
      uploadPhoto(pkg.id, photo.blob)
        .catch((e) => toast.error(errorMessage(e, `Could not add a photo to ${pkg.packageNumber}`)))
        .finally(() => URL.revokeObjectURL(photo.url));
  };

  /** A receipt in flight: Enter pressed again on its form does not send it twice. */
  const receiving = useRef(false);

  /**
   * Checks the form, then hands the focus back to the tracking field at once and receives in the
   * station's queue: a parcel scanned while this one saves is looked up right after it, never lost.
   */
  async function onReceive(e: FormEvent) {
    e.preventDefault();
    if (receiving.current) return;
    const checked = await form.check();
    if (!checked) return;
    receiving.current = true;
    station.focus();
    station.enqueue(async () => {
      try {
        const pkg = await form.receive(checked.trackingNumber, checked.values);
        if (pkg) received(pkg);
        else station.report(checked.trackingNumber, { tone: 'error', message: `Not received: ${checked.trackingNumber}`, refocus: false });
      } finally {
        receiving.current = false;
      }
    });
  }

  function received(pkg: PackageDetail) {
    const photos = capture.takeAll();
    uploadPhotos(pkg, photos);
    toast.success(`${PACKAGE_MESSAGES.received}: ${pkg.packageNumber}${pkg.status === 'unknown' ? ' (Unknown packages)' : ''}`);
    setLast(pkg);
    reset();
    printing.afterReceive(pkg);
    const photoNote = photos.length === 0 ? '' : ` · ${photos.length === 1 ? '1 photo' : `${photos.length} photos`}`;
    const pieces = pkg.pieceCount > 1 ? ` · piece ${pkg.pieceNumber} of ${pkg.pieceCount}, ${pkg.piecesIn} of ${pkg.pieceCount} in` : '';
    const who = pkg.status === 'unknown' ? ' (Unknown packages)' : pkg.customerName ? ` for ${pkg.customerName}` : '';
    // A held parcel is never green: red, HOLD, its own sound, and why.
    station.report(
      pkg.packageNumber,
      pkg.status === 'on_hold'
        ? {
            tone: 'hold',
            message: `${PACKAGE_MESSAGES.received}: ${pkg.packageNumber}${who}, on hold: ${pkg.holdReason ?? ''}${photoNote}`,
          }
        : {
            tone: pkg.status === 'unknown' ? 'warning' : 'ok',
            message: `${PACKAGE_MESSAGES.received}: ${pkg.packageNumber}${who}${pieces}${photoNote}`,
          },
    );
  }

  return { station, form, printing, capture, last, reset, onReceive };
}
