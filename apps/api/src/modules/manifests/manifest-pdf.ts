import type { ManifestDetail } from '@courier/shared/schemas/manifests';
import { renderPdf } from '../packages/package-label';

/** The printable manifest: transport details, one line per package, and the totals. */
export function manifestPdf(m: ManifestDetail, courierName: string): Promise<Buffer> {
  return renderPdf(
    (doc) => {
      const left = 40;
      const width = doc.page.width - 80;
      doc.font('Helvetica-Bold').fontSize(16).text(courierName, left, 40);
      doc.fontSize(13).text(`${m.type} Manifest ${m.manifestNumber}`);
      doc.font('Helvetica').fontSize(10);
      doc.text(
        `${m.type === 'AIR' ? 'MAWB' : 'Bill of lading'}: ${m.mawbOrBl ?? '-'}    ${m.type === 'AIR' ? 'Flight' : 'Vessel'}: ${m.flightOrVessel ?? '-'}`,
      );
      doc.text(
        `Departure: ${m.departureDate ?? '-'}    Arrival: ${m.arrivalDate ?? '-'}    Status: ${m.status}    Branch: ${m.branchName ?? '-'}`,
      );
      doc.moveDown();
      const cols = [
        { title: '#', w: 24 },
        { title: 'Package', w: 72 },
        { title: 'Tracking', w: 130 },
        { title: 'Mailbox', w: 70 },
        { title: 'Customer', w: 110 },
        { title: 'Weight (lb)', w: 60 },
        { title: 'Value (USD)', w: 66 },
      ];
      const row = (cells: string[], bold = false) => {
        if (doc.y > doc.page.height - 60) doc.addPage();
        const y = doc.y;
        let x = left;
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
        cells.forEach((c, i) => {
          const w = cols[i]?.w ?? 60;
          doc.text(c, x, y, { width: w - 4, lineBreak: false, ellipsis: true });
          x += w;
        });
        doc.y = y + 14;
        doc
          .moveTo(left, doc.y - 3)
          .lineTo(left + width, doc.y - 3)
          .lineWidth(0.3)
          .strokeColor('#bbbbbb')
          .stroke();
      };
      row(
        cols.map((c) => c.title),
        true,
      );
      for (const [i, p] of m.packages.entries()) {
        row([
          String(i + 1),
          p.packageNumber,
          p.trackingNumber,
          p.mailboxNumber ?? '',
          p.customerName ?? '',
          p.weightLb.toFixed(2),
          p.declaredValueUsdCents === null ? '' : (p.declaredValueUsdCents / 100).toFixed(2),
        ]);
      }
      doc.moveDown();
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .text(`Total pieces: ${m.pieces}    Total weight: ${m.weightLb.toFixed(2)} lb`, left);
    },
    { size: 'LETTER', margin: 40, info: { Title: `Manifest ${m.manifestNumber}` } },
  );
}
