import { feeSourceLabel } from '@courier/shared/domain/fees';
import { INVOICE_STATUS_LABELS, PAYMENT_METHOD_LABELS, TEST_PAYMENT_LABEL } from '@courier/shared/constants/billing';
import { formatDate, formatDateTime } from '@courier/shared/domain/datetime';
import { formatJmd } from '@courier/shared/format/money';
import type { InvoiceDetail } from '@courier/shared/schemas/billing';
import { drawBlocks, drawHeader, drawLines, drawSection, drawTable, drawTotals, pageOptions, type TotalLine } from '../../lib/pdf/layout';
import type { Letterhead } from '../../lib/pdf/letterhead';
import { renderPdf } from '../../lib/pdf/render';

/** The invoice's totals: charged, credit notes, paid and refunded; the balance due goes in the box. */
function totalLines(inv: InvoiceDetail): TotalLine[] {
  const lines: TotalLine[] = [{ label: 'Total', amount: formatJmd(inv.totalCents), strong: true }];
  // A refund is a credit note: it lowers what is charged and what was paid alike.
  for (const c of inv.creditNotes)
    lines.push({ label: `Credit note ${c.creditNoteNo} (refund of ${c.receiptNo})`, amount: formatJmd(-c.amountCents) });
  if (inv.creditedCents > 0)
    lines.push({ label: 'Total after credit notes', amount: formatJmd(inv.totalCents - inv.creditedCents), strong: true });
  lines.push({ label: 'Paid', amount: formatJmd(inv.paidCents) });
  if (inv.creditedCents > 0) lines.push({ label: 'Refunded', amount: formatJmd(-inv.creditedCents) });
  return lines;
}

/** The invoice on the courier's letterhead and paper; every date in the courier's time zone. */
export function renderInvoicePdf(inv: InvoiceDetail, lh: Letterhead): Promise<Buffer> {
  const test = inv.payments.some((p) => p.test);
  return renderPdf(
    (doc) => {
      drawHeader(doc, lh, {
        title: `Invoice ${inv.invoiceNo}`,
        lines: [`Issued ${formatDate(inv.issuedAt, inv.timeZone)}`, `Status: ${INVOICE_STATUS_LABELS[inv.status]}`],
        test,
      });
      const billTo = [`${inv.customerName} (${inv.mailboxNumber})`, inv.customerEmail];
      drawBlocks(doc, [
        { label: 'Bill to', lines: billTo },
        ...(inv.branchName ? [{ label: 'Pickup branch', lines: [inv.branchName] }] : []),
        ...(inv.status === 'void' ? [{ label: 'Void', lines: [inv.voidReason ?? ''] }] : []),
      ]);

      drawSection(doc, 'Packages');
      drawTable(
        doc,
        lh,
        [
          { header: 'Package', width: 80 },
          { header: 'Tracking', width: 150 },
          { header: 'Description' },
          { header: 'Weight', width: 60, align: 'right' },
        ],
        inv.packages.map((p) => ({ cells: [p.packageNumber, p.trackingNumber, p.description ?? '', `${p.weightLb} lb`] })),
      );

      drawSection(doc, 'Charges');
      drawTable(
        doc,
        lh,
        [{ header: 'Charge' }, { header: 'Amount', width: 120, align: 'right' }],
        // Each line names the fee (and its rates' first day) that made it.
        inv.lines.map((l) => ({ cells: [l.description, formatJmd(l.amountCents)], caption: l.fee ? feeSourceLabel(l.fee) : undefined })),
      );
      drawTotals(doc, lh, totalLines(inv), { label: 'Balance due', amount: formatJmd(inv.balanceCents) });

      if (inv.payments.length > 0) {
        drawSection(doc, 'Payments');
        drawTable(
          doc,
          lh,
          [
            { header: 'Date', width: 150 },
            { header: 'Receipt', width: 90 },
            { header: 'Method' },
            { header: 'Amount', width: 110, align: 'right' },
          ],
          inv.payments.map((p) => ({
            cells: [
              formatDateTime(p.paidAt, inv.timeZone),
              p.test ? `${TEST_PAYMENT_LABEL} ${p.receiptNo}` : p.receiptNo,
              `${PAYMENT_METHOD_LABELS[p.method]}${p.reference ? ` (${p.reference})` : ''}`,
              formatJmd(p.amountCents),
            ],
          })),
        );
      }
      if (inv.creditNotes.length > 0) {
        drawSection(doc, 'Credit notes');
        drawTable(
          doc,
          lh,
          [
            { header: 'Date', width: 150 },
            { header: 'Credit note', width: 90 },
            { header: 'Reason' },
            { header: 'Amount', width: 110, align: 'right' },
          ],
          inv.creditNotes.map((c) => ({
            cells: [
              formatDateTime(c.createdAt, inv.timeZone),
              c.creditNoteNo,
              `Refund of ${c.receiptNo}: ${c.reason}`,
              formatJmd(-c.amountCents),
            ],
          })),
        );
      }
      if (inv.bankDetails.length > 0) {
        drawSection(doc, 'Bank transfer details');
        drawLines(doc, [...inv.bankDetails, `Reference: ${inv.invoiceNo}`]);
      }
    },
    pageOptions(lh, `Invoice ${inv.invoiceNo}`),
  );
}
