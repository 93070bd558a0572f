import { z } from 'zod';
import { INVOICE_STATUS_LABELS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@courier/shared/constants/billing';
import { formatDate, formatDateTime } from '@courier/shared/domain/datetime';
import type { InvoiceDetail } from '@courier/shared/schemas/billing';
import { formatAmount } from '@courier/shared/format/money';
import { renderPdf } from '../../lib/pdf';

/** The 200 answer of a PDF route: raw bytes, which Fastify sends without serializing. */
export const pdfResponseSchema = z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe('application/pdf');

const jmd = (cents: number) => `JMD ${formatAmount(cents)}`;

/** A letter-size page with the portal's margins (pdfkit loads on the first PDF: lib/pdf.ts). */
export function toBuffer(build: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return renderPdf(build, { size: 'LETTER', margin: 50, info: { Title: 'Courier Portal' } });
}

/** A two-column row: text on the left, amount right-aligned. */
export function row(doc: PDFKit.PDFDocument, left: string, right: string, bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  doc.text(left, 50, y, { width: 380 });
  const afterLeft = doc.y;
  doc.text(right, 430, y, { width: 132, align: 'right' });
  doc.y = Math.max(afterLeft, doc.y) + 2;
}

export function renderInvoicePdf(inv: InvoiceDetail): Promise<Buffer> {
  return toBuffer((doc) => {
    doc.font('Helvetica-Bold').fontSize(18).text(inv.courierName);
    doc.font('Helvetica').fontSize(12).text(`Invoice ${inv.invoiceNo}`);
    doc.fontSize(10).text(`Issued ${formatDate(inv.issuedAt, inv.timeZone)}   Status: ${INVOICE_STATUS_LABELS[inv.status]}`);
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
    for (const l of inv.lines) row(doc, l.description, jmd(l.amountCents));
    doc.moveDown(0.5);
    row(doc, 'Total', jmd(inv.totalCents), true);
    row(doc, 'Paid', jmd(inv.paidCents));
    row(doc, 'Balance due', jmd(inv.balanceCents), true);

    if (inv.payments.length > 0) {
      doc.moveDown();
      doc.font('Helvetica-Bold').text('Payments');
      for (const p of inv.payments) {
        row(
          doc,
          `${formatDateTime(p.paidAt, inv.timeZone)}  ${p.receiptNo}  ${PAYMENT_METHOD_LABELS[p.method]}${p.reference ? ` (${p.reference})` : ''}`,
          jmd(p.amountCents),
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
  });
}

export interface ReceiptData {
  courierName: string;
  receiptNo: string;
  customerName: string;
  mailboxNumber: string;
  method: PaymentMethod;
  reference: string | null;
  amountCents: number;
  paidAt: string;
  /** The courier's time zone, which the receipt's time is printed in. */
  timeZone: string;
  branchName: string | null;
  takenByName: string | null;
  /** Cash handed over and the change given, for a cash payment. */
  tenderedCents: number | null;
  changeCents: number | null;
  /** `balanceAfterCents`: the invoice's balance right after this payment, not today's. */
  allocations: Array<{ invoiceNo: string; amountCents: number; balanceAfterCents: number }>;
}

export function renderReceiptPdf(r: ReceiptData): Promise<Buffer> {
  return toBuffer((doc) => {
    doc.font('Helvetica-Bold').fontSize(18).text(r.courierName);
    doc.font('Helvetica').fontSize(12).text(`Receipt ${r.receiptNo}`);
    doc.fontSize(10).text(formatDateTime(r.paidAt, r.timeZone));
    doc.moveDown();
    doc.text(`Received from ${r.customerName} (${r.mailboxNumber})`);
    doc.text(`Method: ${PAYMENT_METHOD_LABELS[r.method]}${r.reference ? `, reference ${r.reference}` : ''}`);
    if (r.branchName) doc.text(`Branch: ${r.branchName}`);
    if (r.takenByName) doc.text(`Taken by: ${r.takenByName}`);
    doc.moveDown();
    row(doc, 'Invoice', 'Applied', true);
    for (const a of r.allocations) row(doc, `${a.invoiceNo} (balance after: ${jmd(a.balanceAfterCents)})`, jmd(a.amountCents));
    doc.moveDown(0.5);
    row(doc, 'Total received', jmd(r.amountCents), true);
    if (r.tenderedCents !== null) {
      row(doc, 'Tendered', jmd(r.tenderedCents));
      row(doc, 'Change given', jmd(r.changeCents ?? 0));
    }
  });
}
