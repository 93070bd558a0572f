import { PAYMENT_METHOD_LABELS, paymentMethodLine } from '@courier/shared/constants/billing';
import { formatDate, formatDateTime } from '@courier/shared/domain/datetime';
import { formatJmd } from '@courier/shared/format/money';
import type { CashUpEntry } from '@courier/shared/schemas/billing';
import { drawHeader, drawLines, drawSection, drawTable, drawTotals, pageOptions } from '../../lib/pdf/layout';
import type { Letterhead } from '../../lib/pdf/letterhead';
import { renderPdf } from '../../lib/pdf/render';
import type { CashUpSheetData } from './cash-up.service';

const counted = (cents: number | null) => (cents === null ? 'not counted' : formatJmd(cents));

/** One count (or its correction): who and when, then expected against counted per method. */
function drawEntry(doc: PDFKit.PDFDocument, lh: Letterhead, e: CashUpEntry, zone: string) {
  const who = `${e.closedByName ?? 'System'}, ${formatDateTime(e.createdAt, zone)}`;
  drawSection(doc, e.correctsId ? `Correction by ${who}: ${e.reason ?? ''}` : `Counted by ${who}`);
  drawTable(
    doc,
    lh,
    [{ header: 'Method' }, { header: 'Expected', width: 130, align: 'right' }, { header: 'Counted', width: 130, align: 'right' }],
    [
      { cells: ['Opening float', '', formatJmd(e.openingFloatCents)] },
      { cells: [`${PAYMENT_METHOD_LABELS.cash} (counted with the float)`, formatJmd(e.expectedCashCents), formatJmd(e.countedCashCents)] },
      { cells: [PAYMENT_METHOD_LABELS.card, formatJmd(e.expectedCardCents), formatJmd(e.countedCardCents)] },
      { cells: [PAYMENT_METHOD_LABELS.bank_transfer, formatJmd(e.expectedBankTransferCents), counted(e.countedBankTransferCents)] },
      { cells: [PAYMENT_METHOD_LABELS.online, formatJmd(e.expectedOnlineCents), counted(e.countedOnlineCents)] },
      { cells: ['Difference', '', formatJmd(e.differenceCents)], strong: true },
    ],
  );
  if (e.notes) drawLines(doc, [`Notes: ${e.notes}`]);
}

/** The printable end-of-day sheet of one branch: the day's payments, totals by method, the count and its corrections. */
export function renderCashUpSheet(d: CashUpSheetData, lh: Letterhead): Promise<Buffer> {
  const s = d.summary;
  const title = `End-of-day sheet: ${d.branchName}`;
  return renderPdf(
    (doc) => {
      drawHeader(doc, lh, { title, lines: [`${formatDate(`${s.date}T12:00:00Z`, 'UTC')}`, `Times in ${d.timeZone}`] });
      drawSection(doc, `Payments (${d.payments.length})`);
      drawTable(
        doc,
        lh,
        [
          { header: 'Time', width: 122 },
          { header: 'Receipt', width: 75 },
          { header: 'Customer' },
          { header: 'Method', width: 120 },
          { header: 'Amount', width: 90, align: 'right' },
        ],
        d.payments.map((p) => ({
          cells: [
            formatDateTime(p.paidAt, d.timeZone),
            p.receiptNo,
            p.customerName,
            `${paymentMethodLine(p)}${p.reference ? ` (${p.reference})` : ''}`,
            formatJmd(p.amountCents),
          ],
          caption: p.tenderedCents !== null ? `Tendered ${formatJmd(p.tenderedCents)}, change ${formatJmd(p.changeCents ?? 0)}` : undefined,
        })),
        { empty: 'No payments at this branch on this day.' },
      );
      if (d.refunds.length > 0) {
        drawSection(doc, `Refunds handed back (${d.refunds.length})`);
        drawTable(
          doc,
          lh,
          [
            { header: 'Time', width: 122 },
            { header: 'Credit note', width: 75 },
            { header: 'Reason' },
            { header: 'Method', width: 120 },
            { header: 'Amount', width: 90, align: 'right' },
          ],
          d.refunds.map((r) => ({
            cells: [
              formatDateTime(r.createdAt, d.timeZone),
              r.creditNoteNo,
              `Of ${r.receiptNo}: ${r.reason}`,
              PAYMENT_METHOD_LABELS[r.method],
              formatJmd(-r.amountCents),
            ],
          })),
        );
      }
      drawSection(doc, 'Expected by method');
      drawTotals(
        doc,
        lh,
        [
          { label: PAYMENT_METHOD_LABELS.cash, amount: formatJmd(s.expectedCashCents) },
          { label: PAYMENT_METHOD_LABELS.card, amount: formatJmd(s.expectedCardCents) },
          { label: PAYMENT_METHOD_LABELS.bank_transfer, amount: formatJmd(s.expectedBankTransferCents) },
          { label: PAYMENT_METHOD_LABELS.online, amount: formatJmd(s.expectedOnlineCents) },
        ],
        {
          label: 'Total',
          amount: formatJmd(s.expectedCashCents + s.expectedCardCents + s.expectedBankTransferCents + s.expectedOnlineCents),
        },
      );
      drawSection(doc, 'Count');
      if (s.entries.length === 0) drawLines(doc, ['Not counted yet.']);
      for (const e of s.entries) drawEntry(doc, lh, e, d.timeZone);
      doc.moveDown(2);
      drawLines(doc, ['Signed: ______________________________']);
    },
    pageOptions(lh, title),
  );
}
