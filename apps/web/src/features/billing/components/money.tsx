import { formatJmd } from '@courier/shared/schemas/billing';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@courier/shared/constants/billing';
import { Badge, type BadgeTone } from '@/components/ui/badge';

export const jmd = (cents: number) => `JMD ${formatJmd(cents)}`;

const STATUS_TONES: Record<InvoiceStatus, BadgeTone> = { unpaid: 'red', partially_paid: 'yellow', paid: 'green', void: 'neutral' };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{INVOICE_STATUS_LABELS[status]}</Badge>;
}

export const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-JM', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'America/Jamaica' });

/** Today in Jamaica as YYYY-MM-DD (the business day the API's cash-up and reports use). */
export function jamaicaToday(offsetDays = 0): string {
  return new Date(Date.now() - 5 * 3600 * 1000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}
