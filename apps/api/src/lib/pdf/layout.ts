import { TEST_PAYMENT_LABEL } from '@courier/shared/constants/billing';
import { PRINT_PALETTE as C, initialsOf } from '../print-palette';
import { type Letterhead, contactLines, drawLogo } from './letterhead';
import { PDF_PAPER } from './render';

/**
 * The one layout of every printed document (invoice, receipt, statement, cash-up sheet,
 * manifest): the courier's logo (or its initials on its accent when none is uploaded) and
 * contact lines, the title on the right with TEST beside it in test mode, an accent rule, then
 * ruled tables whose rows are as tall as their tallest cell, and the amount due boxed.
 * Tables are tagged (Table, TR, TH/TD), so readers and our tests can tell each row's text.
 */

export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';

/** pdfkit options of a document on the courier's paper, tagged and titled. */
export function pageOptions(
  lh: Letterhead,
  title: string,
  extra: { layout?: 'portrait' | 'landscape'; margin?: number } = {},
): PDFKit.PDFDocumentOptions {
  return {
    size: PDF_PAPER[lh.paperSize],
    layout: extra.layout ?? 'portrait',
    margin: extra.margin ?? 48,
    tagged: true,
    lang: 'en-JM',
    displayTitle: true,
    info: { Title: title, Author: lh.name },
  };
}

/** The text frame of the current page. */
export function frame(doc: PDFKit.PDFDocument) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  return { left, width, right: left + width, top: doc.page.margins.top, bottom: doc.page.height - doc.page.margins.bottom };
}

/** An 80 mm roll is as long as what is printed on it (render.ts `renderFittedRoll`): it never breaks. */
const isRoll = (doc: PDFKit.PDFDocument) => doc.page.width < 300;

/** Starts a new page when less than `need` points are left. */
export function keepRoom(doc: PDFKit.PDFDocument, need: number): void {
  if (!isRoll(doc) && doc.y + need > frame(doc).bottom) doc.addPage();
}

/** The courier's default mark: its initials in white on a rounded square of its accent. */
export function drawMark(doc: PDFKit.PDFDocument, lh: Letterhead, x: number, y: number, size: number): void {
  const fontSize = Math.round(size * 0.4);
  doc
    .save()
    .roundedRect(x, y, size, size, size * 0.18)
    .fill(lh.accent)
    .restore();
  doc
    .font(BOLD)
    .fontSize(fontSize)
    .fillColor(C.paper)
    .text(initialsOf(lh.name), x, y + (size - fontSize * 0.72) / 2 - fontSize * 0.2, { width: size, align: 'center', lineBreak: false });
  doc.fillColor(C.text);
}

/** The TEST mark: amber letters in an amber outline, on anything made in test mode. */
export function drawTestBadge(doc: PDFKit.PDFDocument, right: number, y: number, fontSize = 9): number {
  doc.font(BOLD).fontSize(fontSize);
  const w = doc.widthOfString(TEST_PAYMENT_LABEL) + fontSize * 1.4;
  const h = fontSize * 1.7;
  doc
    .save()
    .roundedRect(right - w, y, w, h, 3)
    .lineWidth(1)
    .stroke(C.warn)
    .restore();
  doc.fillColor(C.warn).text(TEST_PAYMENT_LABEL, right - w, y + fontSize * 0.42, { width: w, align: 'center', lineBreak: false });
  doc.fillColor(C.text);
  return y + h;
}

export interface DocumentHead {
  /** "Invoice INV-000123". */
  title: string;
  /** Lines under the title: dates, status. */
  lines?: string[];
  test?: boolean;
}

/** The head of a page-sized document. Leaves doc.x at the margin and doc.y under the accent rule. */
export function drawHeader(doc: PDFKit.PDFDocument, lh: Letterhead, head: DocumentHead): void {
  const { left, width, right, top } = frame(doc);
  const markSize = 44;
  const hasLogo = drawLogo(doc, lh, left, top, [140, markSize]);
  if (!hasLogo) drawMark(doc, lh, left, top, markSize);

  const titleWidth = Math.min(280, width / 2);
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor(C.ink)
    .text(head.title, right - titleWidth, top, { width: titleWidth, align: 'right' });
  doc.font(FONT).fontSize(9).fillColor(C.muted);
  for (const line of head.lines ?? []) doc.text(line, right - titleWidth, doc.y + 1, { width: titleWidth, align: 'right' });
  let titleBottom = doc.y;
  if (head.test) titleBottom = drawTestBadge(doc, right, titleBottom + 4);

  const nameWidth = width - titleWidth - 16;
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(C.ink)
    .text(lh.name, left, top + markSize + 8, { width: nameWidth });
  doc.font(FONT).fontSize(8.5).fillColor(C.muted);
  for (const line of contactLines(lh)) doc.text(line, left, doc.y + 1, { width: nameWidth });

  const ruleY = Math.max(doc.y, titleBottom) + 10;
  doc.save().rect(left, ruleY, width, 2).fill(lh.accent).restore();
  doc.fillColor(C.text).font(FONT).fontSize(10);
  doc.x = left;
  doc.y = ruleY + 16;
}

/** The head of an 80 mm roll: mark or logo, name and contact lines centred, one under another. */
export function drawNarrowHeader(doc: PDFKit.PDFDocument, lh: Letterhead, head: DocumentHead): void {
  const { left, width, right, top } = frame(doc);
  const markSize = 34;
  if (!drawLogo(doc, lh, left, top, [width, markSize], 'center')) drawMark(doc, lh, left + (width - markSize) / 2, top, markSize);
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(C.ink)
    .text(lh.name, left, top + markSize + 6, { width, align: 'center' });
  doc.font(FONT).fontSize(7.5).fillColor(C.muted);
  for (const line of contactLines(lh)) doc.text(line, left, doc.y + 1, { width, align: 'center' });
  const ruleY = doc.y + 6;
  doc.save().rect(left, ruleY, width, 1.5).fill(lh.accent).restore();
  doc.y = ruleY + 8;
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(C.ink)
    .text(head.title, left, doc.y, { width: head.test ? width - 44 : width });
  if (head.test) drawTestBadge(doc, right, doc.y - 14, 8);
  doc.font(FONT).fontSize(8).fillColor(C.muted);
  for (const line of head.lines ?? []) doc.text(line, left, doc.y + 1, { width });
  doc.fillColor(C.text);
  doc.x = left;
  doc.y += 6;
}

/** Side-by-side blocks under the head ("Bill to", "Pickup branch"): a small label over its lines. */
export function drawBlocks(doc: PDFKit.PDFDocument, blocks: Array<{ label: string; lines: string[] }>): void {
  const { left, width } = frame(doc);
  const top = doc.y;
  const gap = 16;
  const each = (width - gap * (blocks.length - 1)) / Math.max(1, blocks.length);
  let bottom = top;
  blocks.forEach((b, i) => {
    const x = left + i * (each + gap);
    doc.font(BOLD).fontSize(8.5).fillColor(C.muted).text(b.label, x, top, { width: each });
    doc.font(FONT).fontSize(10).fillColor(C.ink);
    for (const line of b.lines) doc.text(line, x, doc.y + 2, { width: each });
    bottom = Math.max(bottom, doc.y);
  });
  doc.fillColor(C.text);
  doc.x = left;
  doc.y = bottom + 16;
}

/** A section's title over a table or a note. */
export function drawSection(doc: PDFKit.PDFDocument, title: string): void {
  keepRoom(doc, 48);
  const { left, width } = frame(doc);
  doc.font(BOLD).fontSize(10.5).fillColor(C.ink).text(title, left, doc.y, { width });
  doc.fillColor(C.text);
  doc.y += 4;
}

/** Plain lines (bank details, notes), in the body's colour. */
export function drawLines(doc: PDFKit.PDFDocument, lines: string[], fontSize = 9.5): void {
  const { left, width } = frame(doc);
  doc.font(FONT).fontSize(fontSize).fillColor(C.text);
  for (const line of lines) doc.text(line, left, doc.y + 1, { width });
  doc.y += 10;
}

export interface Column {
  header: string;
  /** Points, or '*' to share what is left. */
  width?: number | '*';
  align?: 'left' | 'right';
}

export interface TableRow {
  cells: string[];
  /** A smaller grey line under the row (which fee made an invoice line), in a row of its own. */
  caption?: string;
  strong?: boolean;
}

const sides = <T>(top: T, right: T, bottom: T, left: T) => ({ top, right, bottom, left });

/**
 * A ruled table across the frame: a header row over an accent rule, then one row per entry,
 * each as tall as its tallest cell (long names and tracking numbers wrap inside their row) with
 * a hairline under it; a row's caption sits under it in its own row, clear of the next line.
 */
export function drawTable(
  doc: PDFKit.PDFDocument,
  lh: Letterhead,
  columns: Column[],
  rows: TableRow[],
  options: { fontSize?: number; empty?: string } = {},
): void {
  const size = options.fontSize ?? 9.5;
  const { left, width } = frame(doc);
  const pad = Math.max(3, size * 0.55);
  keepRoom(doc, size * 5);
  const align = (i: number) => columns[i]?.align ?? 'left';
  const open = () => {
    const table = doc.table({
      position: { x: left, y: doc.y },
      maxWidth: width,
      columnStyles: columns.map((c) => ({ width: c.width ?? '*' })),
      defaultStyle: { border: sides(0, 0, 0, 0), padding: sides(pad, 4, pad, 4) },
      structParent: doc,
    } as PDFKit.Mixins.TableOptions);
    return table.row(
      columns.map((c, i) => ({
        text: c.header,
        type: 'TH' as const,
        font: { src: BOLD, size: size - 1 },
        textColor: C.muted,
        align: { x: align(i), y: 'bottom' as const },
        border: sides(0, 0, 1, 0),
        borderColor: sides(lh.accent, lh.accent, lh.accent, lh.accent),
      })),
    );
  };
  // The columns' widths as pdfkit shares them ('*' columns split what the fixed ones leave).
  const fixed = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0);
  const stars = columns.filter((c) => typeof c.width !== 'number').length;
  const widthOf = (i: number) => {
    const w = columns[i]?.width;
    return typeof w === 'number' ? w : (width - fixed) / Math.max(1, stars);
  };
  /** How tall a row (and its caption) will print: its tallest cell and the padding. */
  const heightOf = (r: TableRow) => {
    doc.font(r.strong ? BOLD : FONT).fontSize(size);
    const tallest = Math.max(...r.cells.map((text, i) => doc.heightOfString(text || ' ', { width: widthOf(i) - 8 })));
    doc.font(FONT).fontSize(size - 1.5);
    const caption = r.caption ? doc.heightOfString(r.caption, { width: width - 8 }) + pad + 1 : 0;
    return tallest + pad * 2 + caption;
  };
  let table = open();
  const rule = sides(C.line, C.line, C.line, C.line);
  if (rows.length === 0 && options.empty) {
    table.row([
      {
        text: options.empty,
        colSpan: columns.length,
        font: { src: FONT, size },
        textColor: C.muted,
        border: sides(0, 0, 0.5, 0),
        borderColor: rule,
      },
    ]);
  }
  for (const r of rows) {
    // A row that would not fit starts the next page, under the column headers again.
    if (!isRoll(doc) && doc.y + heightOf(r) >= frame(doc).bottom) {
      table.end();
      doc.addPage();
      table = open();
    }
    table.row(
      r.cells.map((text, i) => ({
        text,
        font: { src: r.strong ? BOLD : FONT, size },
        textColor: C.ink,
        align: { x: align(i), y: 'top' as const },
        padding: sides(pad, 4, r.caption ? 1 : pad, 4),
        border: sides(0, 0, r.caption ? 0 : 0.5, 0),
        borderColor: rule,
      })),
    );
    if (r.caption) {
      table.row([
        {
          text: r.caption,
          colSpan: columns.length,
          font: { src: FONT, size: size - 1.5 },
          textColor: C.muted,
          padding: sides(1, 4, pad, 4),
          border: sides(0, 0, 0.5, 0),
          borderColor: rule,
        },
      ]);
    }
  }
  table.end();
  doc.fillColor(C.text).font(FONT).fontSize(10);
  doc.x = left;
  doc.y += 12;
}

export interface TotalLine {
  label: string;
  amount: string;
  strong?: boolean;
}

/**
 * The totals at the right of the frame, a label and its amount per line, and the amount due in
 * a box of the accent below them.
 */
export function drawTotals(doc: PDFKit.PDFDocument, lh: Letterhead, lines: TotalLine[], due?: TotalLine, fontSize = 10): void {
  const { left, width, right } = frame(doc);
  const boxWidth = Math.min(320, width);
  const x = right - boxWidth;
  const amountWidth = Math.min(120, boxWidth * 0.4);
  keepRoom(doc, lines.length * (fontSize + 6) + 50);
  for (const line of lines) {
    const y = doc.y;
    doc
      .font(line.strong ? BOLD : FONT)
      .fontSize(fontSize)
      .fillColor(line.strong ? C.ink : C.text);
    doc.text(line.label, x, y, { width: boxWidth - amountWidth - 8 });
    const afterLabel = doc.y;
    // Amounts end where the table's amounts end, inside its cell padding.
    doc.text(line.amount, right - 4 - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.y = Math.max(afterLabel, doc.y) + 4;
  }
  if (due) {
    const y = doc.y + 4;
    const big = fontSize + 3;
    // The amount takes what it needs; the label the rest of the box.
    const dueWidth = doc.font(BOLD).fontSize(big).widthOfString(due.amount) + 2;
    const labelWidth = boxWidth - dueWidth - 32;
    doc.font(BOLD).fontSize(fontSize + 1);
    const labelHeight = doc.heightOfString(due.label, { width: labelWidth });
    const h = Math.max(labelHeight, big) + 18;
    doc.save().roundedRect(x, y, boxWidth, h, 4).lineWidth(1.5).fillAndStroke(C.tint, lh.accent).restore();
    // Both centred on the box's middle line, whatever their size.
    const labelTop = labelHeight > big * 1.5 ? y + 9 : y + h / 2 - (fontSize + 1) * 0.55;
    doc.fillColor(C.ink).text(due.label, x + 12, labelTop, { width: labelWidth });
    doc
      .font(BOLD)
      .fontSize(big)
      .fillColor(C.ink)
      .text(due.amount, right - dueWidth - 12, y + h / 2 - big * 0.55, { width: dueWidth, align: 'right', lineBreak: false });
    doc.y = y + h + 8;
  }
  doc.fillColor(C.text).font(FONT).fontSize(10);
  doc.x = left;
  doc.y += 8;
}
