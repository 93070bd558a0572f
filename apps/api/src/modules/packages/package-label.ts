import PDFDocument from 'pdfkit';
import type { PackageDto } from '@courier/shared/schemas/packages';
import { code128Widths } from './code128';

const INCH = 72;

/** Renders a PDF to a buffer. */
export function renderPdf(draw: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/** Draws a Code 128 barcode as vector bars: sharp on any thermal printer. */
export function drawBarcode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, height: number): void {
  const widths = code128Widths(text);
  // Ten modules of quiet zone each side.
  const modules = widths.reduce((a, b) => a + b, 0) + 20;
  const unit = width / modules;
  let cursor = x + 10 * unit;
  widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(cursor, y, w * unit, height).fill('#000');
    cursor += w * unit;
  });
}

/** The 4x6 inch label stuck on the package at the warehouse. */
export function packageLabelPdf(pkg: PackageDto, courierName: string): Promise<Buffer> {
  return renderPdf(
    (doc) => {
      const w = 4 * INCH;
      const m = 14;
      doc
        .font('Helvetica-Bold')
        .fontSize(14)
        .text(courierName, m, m, { width: w - 2 * m });
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(`${pkg.mode} · ${pkg.carrier} · received ${pkg.receivedAt.slice(0, 10)}`, { width: w - 2 * m });
      doc
        .moveTo(m, 58)
        .lineTo(w - m, 58)
        .stroke();
      doc
        .font('Helvetica-Bold')
        .fontSize(26)
        .text(pkg.mailboxNumber ?? 'UNKNOWN', m, 68, { width: w - 2 * m });
      doc
        .font('Helvetica')
        .fontSize(13)
        .text(pkg.customerName ?? 'No customer yet', { width: w - 2 * m });
      doc.fontSize(11).text(pkg.branchName ? `Pickup: ${pkg.branchName}` : 'Pickup branch not set', { width: w - 2 * m });
      drawBarcode(doc, pkg.packageNumber, m, 160, w - 2 * m, 110);
      doc
        .font('Helvetica-Bold')
        .fontSize(18)
        .text(pkg.packageNumber, m, 278, { width: w - 2 * m, align: 'center' });
      doc
        .moveTo(m, 306)
        .lineTo(w - m, 306)
        .stroke();
      doc.font('Helvetica').fontSize(10);
      doc.text(`Tracking: ${pkg.trackingNumber}`, m, 316, { width: w - 2 * m });
      doc.text(`Weight: ${pkg.weightLb.toFixed(2)} lb`, { width: w - 2 * m });
      if (pkg.lengthIn && pkg.widthIn && pkg.heightIn) doc.text(`Dimensions: ${pkg.lengthIn} x ${pkg.widthIn} x ${pkg.heightIn} in`);
      if (pkg.merchant) doc.text(`Merchant: ${pkg.merchant}`, { width: w - 2 * m });
      if (pkg.description) doc.text(`Contents: ${pkg.description}`, { width: w - 2 * m, height: 40, ellipsis: true });
    },
    { size: [4 * INCH, 6 * INCH], margin: 0, info: { Title: `Label ${pkg.packageNumber}` } },
  );
}
