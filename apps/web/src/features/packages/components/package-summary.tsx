import { CARRIER_LABELS } from '@courier/shared/constants/packages';
import type { PackageDto } from '@courier/shared/schemas/packages';
import { formatUsd } from '@courier/shared/format/money';
import { StatusBadge } from '@/components/ui/status-badge';
import { TrackingLink } from '@/components/ui/tracking-link';
import { useDateFormat } from '@/lib/format-date';

/** The facts of a package as a definition list. */
export function PackageSummary({ pkg }: { pkg: PackageDto }) {
  const dates = useDateFormat();
  const dims = pkg.lengthIn && pkg.widthIn && pkg.heightIn ? `${pkg.lengthIn} x ${pkg.widthIn} x ${pkg.heightIn} in` : '-';
  const rows: Array<[string, React.ReactNode]> = [
    ['Status', <StatusBadge key="s" kind="package" status={pkg.status} />],
    ['Tracking', <TrackingLink key="t" trackingNumber={pkg.trackingNumber} carrier={pkg.carrier} />],
    ['Carrier', CARRIER_LABELS[pkg.carrier]],
    ['Customer', pkg.customerName ? `${pkg.customerName} (${pkg.mailboxNumber})` : 'Unknown'],
    ['Branch', pkg.branchName ?? '-'],
    ['Weight', `${pkg.weightLb.toFixed(2)} lb`],
    ['Dimensions', dims],
    ['Mode', pkg.mode],
    ['Manifest', pkg.manifestNumber ?? '-'],
    ...(pkg.estimatedArrival ? [['Estimated arrival', dates.calendar(pkg.estimatedArrival, 'weekday')] as [string, React.ReactNode]] : []),
    ['Merchant', pkg.merchant ?? '-'],
    ['Description', pkg.description ?? '-'],
    ['Declared value', pkg.declaredValueUsdCents === null ? '-' : formatUsd(pkg.declaredValueUsdCents)],
    ['Invoice', pkg.hasInvoice ? 'On file' : pkg.preAlertId === null ? 'No pre-alert' : 'Missing'],
    ...(pkg.status === 'on_hold' && pkg.holdReason ? [['Held because', pkg.holdReason] as [string, React.ReactNode]] : []),
  ];
  return (
    <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1.5 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{k}</dt>
          <dd className="text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
