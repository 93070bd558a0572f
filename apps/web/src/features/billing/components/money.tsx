import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@courier/shared/constants/billing';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { formatJmd } from '@courier/shared/format/money';

/** The billing screens' name for the one JMD formatter. */
export const jmd = formatJmd;

const STATUS_TONES: Record<InvoiceStatus, BadgeTone> = { unpaid: 'red', partially_paid: 'yellow', paid: 'green', void: 'neutral' };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{INVOICE_STATUS_LABELS[status]}</Badge>;
}
