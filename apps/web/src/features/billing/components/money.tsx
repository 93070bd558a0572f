import { DEFAULT_TIME_ZONE } from '@courier/shared/domain/datetime';

import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@courier/shared/constants/billing';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { formatJmd } from '@courier/shared/format/money';

/** The billing screens' name for the one JMD formatter. */
export const jmd = formatJmd;

const STATUS_TONES: Record<InvoiceStatus, BadgeTone> = { unpaid: 'red', partially_paid: 'yellow', paid: 'green', void: 'neutral' };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{INVOICE_STATUS_LABELS[status]}</Badge>;
}

/** A date as screens show it, in the courier's time zone (America/Jamaica unless the record says). */
export const shortDate = (iso: string, timeZone = DEFAULT_TIME_ZONE) =>
  new Date(iso).toLocaleDateString('en-JM', { year: 'numeric', month: 'short', day: 'numeric', timeZone });

/** Today in Jamaica as YYYY-MM-DD (the business day the API's cash-up and reports use). */
export function jamaicaToday(offsetDays = 0): string {
  return new Date(Date.now() - 5 * 3600 * 1000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}
