import { PAYMENT_METHOD_LABELS, type PaymentMethod, TEST_PAYMENT_LABEL, TEST_PAYMENT_NOTE } from '@courier/shared/constants/billing';
import { formatDateTime } from '@courier/shared/domain/datetime';
import { formatJmd } from '@courier/shared/format/money';
import type { ReceiptFormat } from '@courier/shared/schemas/billing';
import { type Letterhead, drawLetterhead } from '../../lib/pdf/letterhead';
import { PDF_PAPER, THERMAL_WIDTH_PT, renderFittedRoll, renderPdf, row } from '../../lib/pdf/render';

export interface ReceiptData {
  courierId: number;
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
  /** Where the payment was taken: its address heads the receipt. */
  branchId: number | null;
  branchName: string | null;
  takenByName: string | null;
  /** Cash handed over and the change given, for a cash payment. */
  tenderedCents: number | null;
  changeCents: number | null;
  /** A test-mode card payment: the receipt says TEST and that no money was taken. */
  test: boolean;
  /** `balanceAfterCents`: the invoice's balance right after this payment, not today's. */
  allocations: Array<{ invoiceNo: string; amountCents: number; balanceAfterCents: number }>;
}

/** The receipt's body, the same words on either paper; `size` is the body's font size. */
function drawReceipt(doc: PDFKit.PDFDocument, r: ReceiptData, size: number) {
  doc
    .font('Helvetica-Bold')
    .fontSize(size + 2)
    .text(`${r.test ? `${TEST_PAYMENT_LABEL} ` : ''}Receipt ${r.receiptNo}`);
  if (r.test) doc.font('Helvetica-Bold').fontSize(size).fillColor('#b45309').text(TEST_PAYMENT_NOTE).fillColor('black');
  doc.font('Helvetica').fontSize(size).text(formatDateTime(r.paidAt, r.timeZone));
  doc.moveDown(0.5);
  doc.text(`Received from ${r.customerName} (${r.mailboxNumber})`);
  doc.text(`Method: ${PAYMENT_METHOD_LABELS[r.method]}${r.reference ? `, reference ${r.reference}` : ''}`);
  if (r.branchName) doc.text(`Branch: ${r.branchName}`);
  if (r.takenByName) doc.text(`Taken by: ${r.takenByName}`);
  doc.moveDown(0.5);
  row(doc, 'Invoice', 'Applied', true, size);
  for (const a of r.allocations)
    row(doc, `${a.invoiceNo} (balance after: ${formatJmd(a.balanceAfterCents)})`, formatJmd(a.amountCents), false, size);
  doc.moveDown(0.5);
  row(doc, 'Total received', formatJmd(r.amountCents), true, size);
  if (r.tenderedCents !== null) {
    row(doc, 'Tendered', formatJmd(r.tenderedCents), false, size);
    row(doc, 'Change given', formatJmd(r.changeCents ?? 0), false, size);
  }
}

/**
 * The payment receipt on the courier's letterhead: on its chosen paper, or `thermal`: 80 mm wide
 * (226.77 pt) and exactly as long as the receipt, for the front desk's receipt printer.
 */
export function renderReceiptPdf(r: ReceiptData, lh: Letterhead, format: ReceiptFormat = 'page'): Promise<Buffer> {
  const info = { Title: `${r.test ? `${TEST_PAYMENT_LABEL} ` : ''}Receipt ${r.receiptNo}`, Author: lh.name };
  if (format === 'thermal') {
    return renderFittedRoll(
      (doc) => {
        drawLetterhead(doc, lh, 'narrow');
        drawReceipt(doc, r, 8);
      },
      { width: THERMAL_WIDTH_PT, margin: 10, info },
    );
  }
  return renderPdf(
    (doc) => {
      drawLetterhead(doc, lh);
      drawReceipt(doc, r, 10);
    },
    { size: PDF_PAPER[lh.paperSize], margin: 50, info },
  );
}
