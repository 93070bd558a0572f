import { PAYMENT_METHOD_LABELS, type PaymentMethod, TEST_PAYMENT_LABEL, TEST_PAYMENT_NOTE } from '@courier/shared/constants/billing';
import { formatDateTime } from '@courier/shared/domain/datetime';
import { formatJmd } from '@courier/shared/format/money';
import type { ReceiptFormat } from '@courier/shared/schemas/billing';
import {
  BOLD,
  type TotalLine,
  drawBlocks,
  drawHeader,
  drawLines,
  drawNarrowHeader,
  drawTable,
  drawTotals,
  pageOptions,
} from '../../lib/pdf/layout';
import type { Letterhead } from '../../lib/pdf/letterhead';
import { THERMAL_WIDTH_PT, renderFittedRoll, renderPdf } from '../../lib/pdf/render';
import { PRINT_PALETTE } from '../../lib/print-palette';

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
function drawReceipt(doc: PDFKit.PDFDocument, r: ReceiptData, lh: Letterhead, size: number) {
  if (r.test) doc.font(BOLD).fontSize(size).fillColor(PRINT_PALETTE.warn).text(TEST_PAYMENT_NOTE).moveDown(0.5);
  const from = `${r.customerName} (${r.mailboxNumber})`;
  const method = `${PAYMENT_METHOD_LABELS[r.method]}${r.reference ? `, reference ${r.reference}` : ''}`;
  if (size < 10) {
    drawLines(
      doc,
      [
        `Received from ${from}`,
        `Method: ${method}`,
        ...(r.branchName ? [`Branch: ${r.branchName}`] : []),
        ...(r.takenByName ? [`Taken by: ${r.takenByName}`] : []),
      ],
      size,
    );
  } else {
    drawBlocks(doc, [
      { label: 'Received from', lines: [from] },
      { label: 'Method', lines: [method] },
      ...(r.branchName || r.takenByName
        ? [{ label: 'Taken at', lines: [r.branchName ?? '', r.takenByName ? `by ${r.takenByName}` : ''].filter(Boolean) }]
        : []),
    ]);
  }
  // A payment taken before its invoice (paid before arrival) is held until the invoice is issued.
  if (r.allocations.length === 0) drawLines(doc, ['Paid in advance: held until the invoice is issued, then applied to it.'], size);
  else
    drawTable(
      doc,
      lh,
      [{ header: 'Invoice' }, { header: 'Applied', width: size < 10 ? 70 : 120, align: 'right' }],
      r.allocations.map((a) => ({
        cells: [`${a.invoiceNo} (balance after: ${formatJmd(a.balanceAfterCents)})`, formatJmd(a.amountCents)],
      })),
      { fontSize: size },
    );
  const cash: TotalLine[] =
    r.tenderedCents === null
      ? []
      : [
          { label: 'Tendered', amount: formatJmd(r.tenderedCents) },
          { label: 'Change given', amount: formatJmd(r.changeCents ?? 0) },
        ];
  drawTotals(doc, lh, cash, { label: 'Total received', amount: formatJmd(r.amountCents) }, size);
}

/**
 * The payment receipt on the courier's letterhead: on its chosen paper, or `thermal`: 80 mm wide
 * (226.77 pt) and exactly as long as the receipt, for the front desk's receipt printer.
 */
export function renderReceiptPdf(r: ReceiptData, lh: Letterhead, format: ReceiptFormat = 'page'): Promise<Buffer> {
  const title = `${r.test ? `${TEST_PAYMENT_LABEL} ` : ''}Receipt ${r.receiptNo}`;
  const head = { title, lines: [formatDateTime(r.paidAt, r.timeZone)], test: r.test };
  if (format === 'thermal') {
    return renderFittedRoll(
      (doc) => {
        drawNarrowHeader(doc, lh, head);
        drawReceipt(doc, r, lh, 8);
      },
      { width: THERMAL_WIDTH_PT, margin: 10, info: { Title: title, Author: lh.name } },
    );
  }
  return renderPdf(
    (doc) => {
      drawHeader(doc, lh, head);
      drawReceipt(doc, r, lh, 10);
    },
    pageOptions(lh, title),
  );
}
