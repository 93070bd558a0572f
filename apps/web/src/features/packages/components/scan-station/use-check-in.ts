import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CARRIER_LABELS, PACKAGE_STATUS_LABELS } from '@courier/shared/constants/packages';
import { PACKAGE_MESSAGES, type PackageDetail } from '@courier/shared/schemas/packages';
import { lookupTracking } from '../../api/packages';
import { useAutoPrint } from './label-printing';
import { useReceiveForm } from './use-receive-form';
import { type ScanOutcome, useScanStation } from './use-scan-station';

/**
 * The Scan screen's flow: a scan looks the code up; a new tracking number opens the receive form
 * (weight focused), a known one shows its card, a mailbox scanned during a receive fills it in.
 * Receiving reports on the result panel, prints when auto-print is on and hands the focus back.
 */
export function useCheckIn() {
  const form = useReceiveForm();
  const printing = useAutoPrint();
  const [last, setLast] = useState<PackageDetail | null>(null);

  const station = useScanStation(async (code): Promise<ScanOutcome> => {
    const found = await lookupTracking(code);
    if (found.kind === 'mailbox' && found.customer) {
      if (form.lookup && !form.lookup.package) {
        form.set('mailbox', found.customer.mailboxNumber);
        form.weightRef.current?.focus();
        return { tone: 'ok', message: `Mailbox ${found.customer.mailboxNumber}: ${found.customer.name}`, refocus: false };
      }
      return {
        tone: 'warning',
        message: `Mailbox ${found.customer.mailboxNumber} is ${found.customer.name}: scan a package to receive it`,
      };
    }
    form.start(found);
    if (found.package) {
      const p = found.package;
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
  const { lookup, weightRef } = form;
  useEffect(() => {
    if (lookup && !lookup.package) weightRef.current?.focus();
  }, [lookup, weightRef]);

  const reset = () => {
    form.clear();
    station.focus();
  };

  async function onReceive(e: FormEvent) {
    const pkg = await form.submit(e);
    if (!pkg) return;
    toast.success(`${PACKAGE_MESSAGES.received}: ${pkg.packageNumber}${pkg.status === 'unknown' ? ' (Unknown packages)' : ''}`);
    setLast(pkg);
    reset();
    printing.afterReceive(pkg);
    station.report(pkg.packageNumber, {
      tone: pkg.status === 'unknown' ? 'warning' : 'ok',
      message: `${PACKAGE_MESSAGES.received}: ${pkg.packageNumber}${pkg.status === 'unknown' ? ' (Unknown packages)' : pkg.customerName ? ` for ${pkg.customerName}` : ''}`,
    });
  }

  return { station, form, printing, last, reset, onReceive };
}
