import { PAYMENT_METHOD_LABELS } from '@courier/shared/constants/billing';
import { formatDate, formatDateTime } from '@courier/shared/domain/datetime';
import type { CashUpEntry } from '@courier/shared/schemas/billing';
import { renderPdf, row } from '../../lib/pdf/render';
import type { CashUpSheetData } from './cash-up.service';
import { formatJmd } from '@courier/shared/format/money';

const counted = (cents: number | null) => (cents === null ? 'not counted' : formatJmd(cents));

function entryRows(doc: PDFKit.PDFDocument, e: CashUpEntry, zone: string) {
  doc.font('Helvetica-Bold').fontSize(10);
  const who = `${e.closedByName ?? 'System'}, ${formatDateTime(e.createdAt, zone)}`;
  doc.text(e.correctsId ? `Correction by ${who}: ${e.reason ?? ''}` : `Counted by ${who}`);
  row(doc, 'Opening float', formatJmd(e.openingFloatCents));
  row(doc, `Cash counted (expected ${formatJmd(e.expectedCashCents)} + float)`, formatJmd(e.countedCashCents));
  row(doc, `Card counted (expected ${formatJmd(e.expectedCardCents)})`, formatJmd(e.countedCardCents));
  row(doc, `Bank transfer counted (expected ${formatJmd(e.expectedBankTransferCents)})`, counted(e.countedBankTransferCents));
  row(doc, `Online counted (expected ${formatJmd(e.expectedOnlineCents)})`, counted(e.countedOnlineCents));
  row(doc, 'Difference', formatJmd(e.differenceCents), true);
  if (e.notes) doc.font('Helvetica').text(`Notes: ${e.notes}`);
  doc.moveDown(0.5);
}

/** The printable end-of-day sheet of one branch: the day's payments, totals by method, the count and its corrections. */
export function renderCashUpSheet(d: CashUpSheetData): Promise<Buffer> {
  return renderPdf(
    (doc) => {
      const s = d.summary;
      doc.font('Helvetica-Bold').fontSize(18).text(d.courierName);
      doc
        .font('Helvetica')
        .fontSize(12)
        .text(`End-of-day sheet: ${d.branchName}, ${formatDate(`${s.date}T12:00:00Z`, 'UTC')}`);
      doc.fontSize(10).text(`Times in ${d.timeZone}`);
      doc.moveDown();
      doc.font('Helvetica-Bold').text(`Payments (${d.payments.length})`);
      if (d.payments.length === 0) doc.font('Helvetica').text('No payments at this branch on this day.');
      for (const p of d.payments) {
        const cash = p.tenderedCents !== null ? `, tendered ${formatJmd(p.tenderedCents)}, change ${formatJmd(p.changeCents ?? 0)}` : '';
        const ref = p.reference ? ` (${p.reference})` : '';
        row(
          doc,
          `${formatDateTime(p.paidAt, d.timeZone)}  ${p.receiptNo}  ${p.customerName}  ${PAYMENT_METHOD_LABELS[p.method]}${ref}${cash}`,
          formatJmd(p.amountCents),
        );
      }
      if (d.refunds.length > 0) {
        doc.moveDown();
        doc.font('Helvetica-Bold').text(`Refunds handed back (${d.refunds.length})`);
        for (const r of d.refunds) {
          row(
            doc,
            `${formatDateTime(r.createdAt, d.timeZone)}  ${r.creditNoteNo}  of ${r.receiptNo}  ${PAYMENT_METHOD_LABELS[r.method]}  ${r.reason}`,
            `-${formatJmd(r.amountCents)}`,
          );
        }
      }
      doc.moveDown();
      doc.font('Helvetica-Bold').text('Expected by method');
      row(doc, PAYMENT_METHOD_LABELS.cash, formatJmd(s.expectedCashCents));
      row(doc, PAYMENT_METHOD_LABELS.card, formatJmd(s.expectedCardCents));
      row(doc, PAYMENT_METHOD_LABELS.bank_transfer, formatJmd(s.expectedBankTransferCents));
      row(doc, PAYMENT_METHOD_LABELS.online, formatJmd(s.expectedOnlineCents));
      row(doc, 'Total', formatJmd(s.expectedCashCents + s.expectedCardCents + s.expectedBankTransferCents + s.expectedOnlineCents), true);
      doc.moveDown();
      doc.font('Helvetica-Bold').text('Count');
      if (s.entries.length === 0) doc.font('Helvetica').text('Not counted yet.');
      for (const e of s.entries) entryRows(doc, e, d.timeZone);
      doc.moveDown(2);
      doc.font('Helvetica').text('Signed: ______________________________');
    },
    { size: 'LETTER', margin: 50, info: { Title: 'Courier Portal' } },
  );
}
