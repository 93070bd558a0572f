import { formatWeight } from '@courier/shared/format/weight';
import { PACKAGE_STATUS_LABELS } from '@courier/shared/constants/packages';
import { formatDateTime } from '@courier/shared/domain/datetime';
import type { Shelf } from '@courier/shared/schemas/warehouse';
import { code128, drawBarcode } from '../../lib/pdf/barcode';
import { renderPdf } from '../../lib/pdf/render';
import type { PackageRow } from '../packages/index';

const INCH = 72;

/** Shelf labels, 4x2 inches each: the code big and as a Code 128 the put-away scan reads. */
export async function shelfLabelsPdf(list: Shelf[]): Promise<Buffer> {
  const barcodes = await Promise.all(list.map((s) => code128(s.code)));
  const size: [number, number] = [4 * INCH, 2 * INCH];
  return renderPdf(
    (doc) => {
      list.forEach((shelf, i) => {
        if (i > 0) doc.addPage({ size, margin: 0 });
        const barcode = barcodes[i];
        doc
          .font('Helvetica-Bold')
          .fontSize(30)
          .text(shelf.code, 12, 10, { width: size[0] - 24, align: 'center' });
        if (barcode) drawBarcode(doc, barcode, 24, 48, size[0] - 48, 60);
        doc
          .font('Helvetica')
          .fontSize(10)
          .text(`${shelf.branchName}${shelf.isHold ? ' · HOLD SHELF' : ''}${shelf.description ? ` · ${shelf.description}` : ''}`, 12, 116, {
            width: size[0] - 24,
            align: 'center',
          });
      });
    },
    { size, margin: 0, info: { Title: list.length === 1 ? `Shelf ${list[0]?.code}` : `${list.length} shelf labels` } },
  );
}

/** What is on a shelf, for the clerk walking to it: one line per parcel. */
export function shelfListPdf(shelf: Shelf, rows: PackageRow[], timeZone: string): Promise<Buffer> {
  return renderPdf(
    (doc) => {
      const left = 40;
      doc
        .font('Helvetica-Bold')
        .fontSize(16)
        .text(`Shelf ${shelf.code}${shelf.isHold ? ' (hold shelf)' : ''}`, left, 40);
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(`${shelf.branchName} · ${rows.length} parcel(s) · printed ${formatDateTime(new Date(), timeZone)}`);
      doc.moveDown();
      const cols = [
        { title: 'Package', w: 80 },
        { title: 'Piece', w: 40 },
        { title: 'Mailbox', w: 70 },
        { title: 'Customer', w: 140 },
        { title: 'Status', w: 90 },
        { title: 'Lb', w: 40 },
        { title: 'Hazard', w: 60 },
      ];
      const line = (cells: string[], bold = false) => {
        const y = doc.y;
        let x = left;
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
        cols.forEach((c, i) => {
          doc.text(cells[i] ?? '', x, y, { width: c.w - 4, height: 12, ellipsis: true, lineBreak: false });
          x += c.w;
        });
        doc.y = y + 14;
        doc.x = left;
      };
      line(
        cols.map((c) => c.title),
        true,
      );
      for (const r of rows) {
        if (doc.y > doc.page.height - 60) doc.addPage();
        line([
          r.pkg.packageNumber,
          r.pkg.pieceCount > 1 ? `${r.pkg.pieceNumber}/${r.pkg.pieceCount}` : '',
          r.mailboxNumber ?? '-',
          r.customerName ?? 'Unknown',
          PACKAGE_STATUS_LABELS[r.pkg.status],
          formatWeight(r.pkg.weightLb),
          r.pkg.hazardLevel ?? '',
        ]);
      }
      if (rows.length === 0) doc.text('Nothing on this shelf.');
    },
    { size: 'LETTER', margin: 40, info: { Title: `Shelf ${shelf.code}` } },
  );
}
