import { formatWeight } from '@courier/shared/format/weight';
import { CARRIER_LABELS } from '@courier/shared/constants/packages';
import type { PackageDto } from '@courier/shared/schemas/packages';
import { formatMoney, formatUsd } from '@courier/shared/format/money';
import { HAZARD_OUTCOME_LABELS } from '@courier/shared/constants/warehouse';
import { hazardCustomerReason } from '@courier/shared/schemas/warehouse';
import { StatusBadge } from '@/components/ui/status-badge';
import { TrackingLink } from '@/components/ui/tracking-link';
import { useDateFormat } from '@/lib/format-date';

/** Whether the merchant invoice is on file; a Shop For Me order's invoice is the courier's own request. */
function invoiceState(pkg: PackageDto): string {
  if (pkg.hasInvoice) return 'On file';
  if (pkg.shopRequestNo) return `Shop For Me ${pkg.shopRequestNo} (bought by us)`;
  return pkg.preAlertId === null ? 'No pre-alert' : 'Missing';
}

/** Where the parcel is in Jamaica when that is not simply its own branch: on a transfer, or waiting for one. */
function whereNow(pkg: PackageDto): string | null {
  const at = pkg.atBranchName;
  if (pkg.status === 'in_transfer')
    return at && at !== pkg.branchName
      ? `In transfer from ${at} to ${pkg.branchName ?? 'its branch'}`
      : `Arrived at ${pkg.branchName ?? 'its branch'}`;
  if (at && pkg.branchName && at !== pkg.branchName && (pkg.status === 'at_customs' || pkg.status === 'ready_for_pickup'))
    return `At ${at}: waits for a transfer to ${pkg.branchName}`;
  return null;
}

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
    ...(whereNow(pkg) ? [['Where', whereNow(pkg)] as [string, React.ReactNode]] : []),
    ['Weight', `${formatWeight(pkg.weightLb)} lb`],
    ['Dimensions', dims],
    ['Mode', pkg.mode],
    ['Manifest', pkg.manifestNumber ?? '-'],
    ...(pkg.estimatedArrival ? [['Estimated arrival', dates.calendar(pkg.estimatedArrival, 'weekday')] as [string, React.ReactNode]] : []),
    ['Merchant', pkg.merchant ?? '-'],
    ['Description', pkg.description ?? '-'],
    ['Declared value', pkg.declaredValueUsdCents === null ? '-' : formatUsd(pkg.declaredValueUsdCents)],
    ['Invoice', invoiceState(pkg)],
    ...(pkg.status === 'on_hold' && pkg.holdReason ? [['Held because', pkg.holdReason] as [string, React.ReactNode]] : []),
    ...(pkg.pieceCount > 1
      ? [['Pieces', `Piece ${pkg.pieceNumber} of ${pkg.pieceCount} (${pkg.piecesIn} of ${pkg.pieceCount} in)`] as [string, React.ReactNode]]
      : []),
    ...(pkg.shelfCode
      ? [
          [
            'Shelf',
            <span key="sh" className="font-mono font-semibold">
              {pkg.shelfCode}
            </span>,
          ] as [string, React.ReactNode],
        ]
      : []),
    ...(pkg.hazardLevel
      ? [
          [
            pkg.hazardLevel === 'prohibited' ? 'Cannot ship' : 'Cannot fly',
            <span key="hz" className="font-medium text-red-700">
              {hazardCustomerReason(pkg.hazardLevel, pkg.hazardCategory)}
              {pkg.hazardOutcome ? ` ${HAZARD_OUTCOME_LABELS[pkg.hazardOutcome]}` : ''}
              {pkg.hazardFeeCents ? ` (fee ${formatMoney(pkg.hazardFeeCents)})` : ''}
            </span>,
          ] as [string, React.ReactNode],
        ]
      : []),
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
