import { formatCalendarDay } from '@courier/shared/domain/datetime';
import { formatAmount, formatUsd } from '@courier/shared/format/money';
import { type Letterhead, drawLetterhead } from '../../lib/pdf/letterhead';
import { PDF_PAPER, renderPdf } from '../../lib/pdf/render';
import type { BrokerManifest } from './manifest-export';

/**
 * The printable manifest for the customs broker, landscape on the courier's paper: the courier's
 * letterhead (logo, name, address, phone, e-mail, GCT registration number; the manifest's branch's
 * address), transport
 * details, one line per package with the consignee's name, TRN, address and parish, description,
 * pieces, weight and declared value (USD), held packages flagged; then the totals.
 */
export function manifestPdf({ manifest: m, consignees }: BrokerManifest, lh: Letterhead): Promise<Buffer> {
  return renderPdf(
    (doc) => {
      const left = 30;
      const width = doc.page.width - 60;
      drawLetterhead(doc, lh);
      doc.font('Helvetica-Bold').fontSize(12).text(`${m.type} Manifest ${m.manifestNumber}`);
      doc.font('Helvetica').fontSize(9);
      doc.text(
        `${m.type === 'AIR' ? 'MAWB' : 'Bill of lading'}: ${m.mawbOrBl ?? '-'}    ${m.type === 'AIR' ? 'Flight' : 'Vessel'}: ${m.flightOrVessel ?? '-'}    Departure: ${m.departureDate ? formatCalendarDay(m.departureDate) : '-'}    Arrival: ${m.arrivalDate ? formatCalendarDay(m.arrivalDate) : '-'}    Status: ${m.status}`,
      );
      doc.moveDown(0.5);
      const cols = [
        { title: '#', w: 20 },
        { title: 'Package', w: 62 },
        { title: 'Tracking', w: 92 },
        { title: 'Consignee', w: 88 },
        { title: 'TRN', w: 58 },
        { title: 'Address', w: 102 },
        { title: 'Parish', w: 62 },
        { title: 'Description', w: 92 },
        { title: 'Pcs', w: 24 },
        { title: 'Lb', w: 38 },
        { title: 'USD', w: 50 },
        { title: 'Hold', w: 44 },
      ];
      const row = (cells: string[], bold = false) => {
        if (doc.y > doc.page.height - 50) doc.addPage();
        const y = doc.y;
        let x = left;
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
        cells.forEach((c, i) => {
          const w = cols[i]?.w ?? 40;
          doc.text(c, x, y, { width: w - 3, lineBreak: false, ellipsis: true });
          x += w;
        });
        doc.y = y + 13;
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
        const c = p.customerId === null ? undefined : consignees.get(p.customerId);
        row([
          String(i + 1),
          p.packageNumber,
          p.trackingNumber,
          p.customerName ? `${p.customerName} (${p.mailboxNumber})` : '',
          c?.trn ?? '',
          c?.address ?? '',
          c?.parish ?? '',
          p.description ?? '',
          '1',
          p.weightLb.toFixed(2),
          p.declaredValueUsdCents === null ? '' : formatAmount(p.declaredValueUsdCents),
          p.status === 'on_hold' ? 'HELD' : '',
        ]);
      }
      doc.moveDown();
      const value = m.packages.reduce((s, p) => s + (p.declaredValueUsdCents ?? 0), 0);
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .text(`Total pieces: ${m.pieces}    Total weight: ${m.weightLb.toFixed(2)} lb    Declared value: ${formatUsd(value)}`, left);
      const held = m.packages.filter((p) => p.status === 'on_hold');
      if (held.length > 0) {
        doc.font('Helvetica').fontSize(8.5);
        for (const p of held) doc.text(`HELD ${p.packageNumber}: ${p.holdReason ?? 'on hold'}`, left);
      }
    },
    { size: PDF_PAPER[lh.paperSize], layout: 'landscape', margin: 30, info: { Title: `Manifest ${m.manifestNumber}`, Author: lh.name } },
  );
}
