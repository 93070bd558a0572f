import { PACKAGE_STATUS_LABELS, type PackageStatus } from '@courier/shared/constants/packages';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONE: Record<PackageStatus, BadgeTone> = {
  unknown: 'red',
  received: 'neutral',
  in_transit: 'blue',
  at_customs: 'yellow',
  ready_for_pickup: 'green',
  out_for_delivery: 'brand',
  delivered: 'green',
  on_hold: 'yellow',
  abandoned: 'red',
};

export function PackageStatusBadge({ status }: { status: PackageStatus }) {
  return <Badge tone={TONE[status]}>{PACKAGE_STATUS_LABELS[status]}</Badge>;
}
