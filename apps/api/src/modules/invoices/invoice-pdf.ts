import { feeSourceLabel } from '@courier/shared/domain/fees';
import { INVOICE_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '@courier/shared/constants/billing';
import { formatDate, formatDateTime } from '@courier/shared/domain/datetime';
import { formatJmd } from '@courier/shared/format/money';
import type { InvoiceDetail } from '@courier/shared/schemas/billing';
import { type Letterhead, drawLetterhead } from '../../lib/pdf/letterhead';
import { PDF_PAPER, renderPdf, row } from '../../lib/pdf/render';

/** The invoice on the courier's letterhead and paper; every date in the courier's time zone. */
export function renderInvoicePdf(inv: InvoiceDetail, lh: Letterhead): Promise<Buffer> {
  return renderPdf(
    (doc) => {
      drawLetterhead(doc, lh);
      doc.font('Helvetica-Bold').fontSize(14).text(`Invoice ${inv.invoiceNo}`);
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(`Issued ${formatDate(inv.issuedAt, inv.timeZone)}   Status: ${INVOICE_STATUS_LABELS[inv.status]}`);
      if (inv.status === 'void') doc.text(`Void: ${inv.voidReason ?? ''}`);
      doc.moveDown();
      doc.font('Helvetica-Bold').text('Bill to');
      doc.font('Helvetica').text(`${inv.customerName} (${inv.mailboxNumber})`);
      doc.text(inv.customerEmail);
      if (inv.branchName) doc.text(`Pickup branch: ${inv.branchName}`);
      doc.moveDown();

      doc.font('Helvetica-Bold').text('Packages');
      for (const p of inv.packages) {
        doc.font('Helvetica').text(`${p.packageNumber}  ${p.trackingNumber}  ${p.weightLb} lb  ${p.description ?? ''}`);
      }
      doc.moveDown();

      row(doc, 'Charge', 'Amount', true);
      for (const l of inv.lines) {
        row(doc, l.description, formatJmd(l.amountCents));
        // Each line names the fee (and its rates' first day) that made it.
        if (l.fee) doc.font('Helvetica').fontSize(8).fillColor('#555555').text(feeSourceLabel(l.fee)).fontSize(10).fillColor('#000000');
      }
      doc.moveDown(0.5);
      row(doc, 'Total', formatJmd(inv.totalCents), true);
      // A refund is a credit note: it lowers what is charged and what was paid alike.
      for (const c of inv.creditNotes) row(doc, `Credit note ${c.creditNoteNo} (refund of ${c.receiptNo})`, `-${formatJmd(c.amountCents)}`);
      if (inv.creditedCents > 0) row(doc, 'Total after credit notes', formatJmd(inv.totalCents - inv.creditedCents), true);
      row(doc, 'Paid', formatJmd(inv.paidCents));
      if (inv.creditedCents > 0) row(doc, 'Refunded', `-${formatJmd(inv.creditedCents)}`);
      row(doc, 'Balance due', formatJmd(inv.balanceCents), true);

      if (inv.payments.length > 0) {
        doc.moveDown();
        doc.font('Helvetica-Bold').text('Payments');
        for (const p of inv.payments) {
          row(
            doc,
            `${formatDateTime(p.paidAt, inv.timeZone)}  ${p.receiptNo}  ${PAYMENT_METHOD_LABELS[p.method]}${p.reference ? ` (${p.reference})` : ''}`,
            formatJmd(p.amountCents),
          );
        }
      }
      if (inv.creditNotes.length > 0) {
        doc.moveDown();
        doc.font('Helvetica-Bold').text('Credit notes');
        for (const c of inv.creditNotes) {
          row(
            doc,
            `${formatDateTime(c.createdAt, inv.timeZone)}  ${c.creditNoteNo}  refund of ${c.receiptNo}: ${c.reason}`,
            formatJmd(c.amountCents),
          );
        }
      }
      if (inv.bankDetails.length > 0) {
        doc.moveDown();
        doc.font('Helvetica-Bold').text('Bank transfer details');
        doc.font('Helvetica');
        for (const line of inv.bankDetails) doc.text(line);
        doc.text(`Reference: ${inv.invoiceNo}`);
      }
    },
    { size: PDF_PAPER[lh.paperSize], margin: 50, info: { Title: `Invoice ${inv.invoiceNo}`, Author: lh.name } },
  );
}
