import { COURIER_DOMAIN_STATUS_LABELS, type CourierDomain } from '@courier/shared/schemas/public-site-settings';
import { Badge } from './badge';

const TONE = { pending: 'yellow', approved: 'green', rejected: 'red' } as const;

/** A courier's web address: waiting for approval, approved or rejected (the courier's and the super admin's lists). */
export function DomainStatus({ status }: { status: CourierDomain['status'] }) {
  return <Badge tone={TONE[status]}>{COURIER_DOMAIN_STATUS_LABELS[status]}</Badge>;
}
