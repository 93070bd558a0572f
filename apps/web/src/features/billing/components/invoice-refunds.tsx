import { formatJmd } from '@courier/shared/format/money';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useInvoiceRefunds } from '../api/online-payments';

import { useDateFormat } from '@/lib/format-date';

/** The credit notes (refunds) on an invoice, if any: when (in `zone`, the invoice's courier's), which receipt, how much, why and by whom. */
export function InvoiceRefunds({ invoiceNo, courierId, zone }: { invoiceNo: string; courierId?: number; zone?: string }) {
  const dates = useDateFormat();
  const refunds = useInvoiceRefunds(invoiceNo, courierId);
  if (!refunds.data || refunds.data.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Refunds (credit notes)</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100 text-sm" aria-label="Refunds">
          {refunds.data.map((r) => (
            <li key={r.creditNoteNo} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                {dates.date(r.createdAt, zone)} · {r.creditNoteNo} · refund of {r.receiptNo} · {r.reason}
                {r.refundedByName ? ` · by ${r.refundedByName}` : ''}
                {r.gatewayReference ? ` (${r.gatewayReference})` : ''}
              </span>
              <span className="tabular-nums">−{formatJmd(r.amountCents)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
