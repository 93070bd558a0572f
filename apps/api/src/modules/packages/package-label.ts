import { formatWeight } from '@courier/shared/format/weight';
import { DEFAULT_TIME_ZONE, dayInZone } from '@courier/shared/domain/datetime';
import type { PackageDto } from '@courier/shared/schemas/packages';
import { type Letterhead, drawLogo } from '../../lib/pdf/letterhead';
import { type Barcode, code128, drawBarcode } from '../../lib/pdf/barcode';
import { ZPL_LOGO_BOX, type ZplGraphic } from '../../lib/pdf/logo-image';
import { renderPdf } from '../../lib/pdf/render';
import { ZplLabel, zplText } from '../../lib/zpl';

const INCH = 72;
/** The small logo in the label's top right corner (points). */
const LABEL_LOGO: [number, number] = [64, 40];

/** The day the package was received, where the courier is (not UTC). */
const receivedDay = (pkg: PackageDto, lh: Letterhead | undefined) => dayInZone(pkg.receivedAt, lh?.timeZone ?? DEFAULT_TIME_ZONE);

/** One 4x6 label; the courier's letterhead on it is its name and, top right, its logo small. */
function drawLabel(doc: PDFKit.PDFDocument, pkg: PackageDto, lh: Letterhead | undefined, barcode: Barcode) {
  const w = 4 * INCH;
  const m = 14;
  const hasLogo = lh ? drawLogo(doc, lh, w - m - LABEL_LOGO[0], m - 4, LABEL_LOGO, 'right') : false;
  const headWidth = w - 2 * m - (hasLogo ? LABEL_LOGO[0] + 6 : 0);
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(lh?.name ?? pkg.courierName ?? '', m, m, { width: headWidth, height: 18, ellipsis: true });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`${pkg.mode} · ${pkg.carrier} · received ${receivedDay(pkg, lh)}`, m, doc.y, { width: headWidth });
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
  drawBarcode(doc, barcode, m, 160, w - 2 * m, 110);
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
  doc.text(`Weight: ${formatWeight(pkg.weightLb)} lb`, { width: w - 2 * m });
  if (pkg.lengthIn && pkg.widthIn && pkg.heightIn) doc.text(`Dimensions: ${pkg.lengthIn} x ${pkg.widthIn} x ${pkg.heightIn} in`);
  if (pkg.merchant) doc.text(`Merchant: ${pkg.merchant}`, { width: w - 2 * m });
  if (pkg.description) doc.text(`Contents: ${pkg.description}`, { width: w - 2 * m, height: 40, ellipsis: true });
  const warn = labelWarnings(pkg);
  if (warn.piece)
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .text(warn.piece, m, 284, { width: w - 2 * m, align: 'right' });
  const foot = [warn.hazard, warn.hold ? 'HOLD' : null].filter(Boolean).join(' · ');
  if (foot) {
    doc.rect(m, 6 * INCH - 54, w - 2 * m, 40).fill('#000');
    doc
      .fillColor('#fff')
      .font('Helvetica-Bold')
      .fontSize(warn.hold && !warn.hazard ? 28 : 14)
      .text(foot, m, 6 * INCH - (warn.hold && !warn.hazard ? 48 : 40), { width: w - 2 * m, align: 'center' });
    doc.fillColor('#000');
  }
}

/** The 4x6 inch labels stuck on the packages at the warehouse, one page each, each with its courier's letterhead. */
export async function packageLabelPdf(pkgs: PackageDto[], heads: Map<number, Letterhead>): Promise<Buffer> {
  const barcodes = await Promise.all(pkgs.map((pkg) => code128(pkg.packageNumber)));
  const title = pkgs.length === 1 ? `Label ${pkgs[0]?.packageNumber}` : `${pkgs.length} labels`;
  return renderPdf(
    (doc) => {
      pkgs.forEach((pkg, i) => {
        if (i > 0) doc.addPage({ size: [4 * INCH, 6 * INCH], margin: 0 });
        drawLabel(doc, pkg, heads.get(pkg.courierId), barcodes[i] as Barcode);
      });
    },
    { size: [4 * INCH, 6 * INCH], margin: 0, info: { Title: title } },
  );
}

/** The label's header in ZPL: the logo (when given) in a box on the left, the name and the package's line beside it. */
function zplHeader(label: ZplLabel, pkg: PackageDto, lh: Letterhead | undefined, logo: ZplGraphic | null | undefined) {
  const top = 36;
  let left = 40;
  if (logo) {
    // Centred in the box's height, so a wide logo sits level with the two text lines.
    label.raw(`^FO40,${top + Math.floor((ZPL_LOGO_BOX.height - logo.height) / 2)}${logo.field}^FS`);
    left += logo.width + 16;
  }
  label
    .text(left, top, 40, lh?.name ?? pkg.courierName ?? '', { width: 772 - left })
    .raw(`^FO${left},86^A0N,24,24^FD${zplText(`${pkg.mode} - ${pkg.carrier} - received ${receivedDay(pkg, lh)}`)}^FS`);
}

/** What a clerk must see on the box from afar: held, dangerous goods, one of several pieces. */
export function labelWarnings(pkg: PackageDto): { hold: boolean; hazard: string | null; piece: string | null } {
  const hazard =
    pkg.hazardLevel === 'prohibited' ? 'PROHIBITED - DO NOT SHIP' : pkg.hazardLevel === 'hazardous' ? 'DANGEROUS GOODS - NO AIR' : null;
  return {
    hold: pkg.status === 'on_hold',
    hazard,
    piece: pkg.pieceCount > 1 ? `Piece ${pkg.pieceNumber} of ${pkg.pieceCount}` : null,
  };
}

/**
 * The same 4x6 label in ZPL II for Zebra-type thermal printers at 203 dpi (812 x 1218 dots),
 * with the printer's own Code 128 (^BC) of the package number. A held parcel says HOLD in a
 * black band across the foot; dangerous goods and pieces are said above it.
 * `logo` is the courier's logo as a 1-bit graphic (`zplLogo`); without one the name heads the label alone.
 */
export function packageLabelZpl(pkg: PackageDto, lh?: Letterhead, logo?: ZplGraphic | null): string {
  const label = new ZplLabel(812, 1218);
  zplHeader(label, pkg, lh, logo);
  const warn = labelWarnings(pkg);
  label
    .box(40, 122, 732, 3)
    .text(40, 142, 80, pkg.mailboxNumber ?? 'UNKNOWN', { width: 732 })
    .text(40, 232, 36, pkg.customerName ?? 'No customer yet', { width: 732 })
    .text(40, 276, 30, pkg.branchName ? `Pickup: ${pkg.branchName}` : 'Pickup branch not set', { width: 732 })
    .code128(70, 340, 220, pkg.packageNumber)
    .text(40, 580, 56, pkg.packageNumber, { width: 732, align: 'C' })
    .box(40, 650, 732, 3)
    .text(40, 672, 28, `Tracking: ${pkg.trackingNumber}`, { width: 732 })
    .raw(`^FO40,712^A0N,28,28^FDWeight: ${formatWeight(pkg.weightLb)} lb^FS`);
  if (warn.piece) label.text(420, 704, 40, warn.piece, { width: 352, align: 'R' });
  let y = 752;
  if (pkg.lengthIn && pkg.widthIn && pkg.heightIn) {
    label.raw(`^FO40,${y}^A0N,28,28^FDDimensions: ${pkg.lengthIn} x ${pkg.widthIn} x ${pkg.heightIn} in^FS`);
    y += 40;
  }
  if (pkg.merchant) {
    label.text(40, y, 28, `Merchant: ${pkg.merchant}`, { width: 732 });
    y += 40;
  }
  if (pkg.description) label.text(40, y, 28, `Contents: ${pkg.description}`, { width: 732, lines: 3, spacing: 4 });
  if (warn.hazard) label.banner(40, 970, 732, 80, warn.hazard);
  if (warn.hold) label.banner(40, 1066, 732, 136, 'HOLD');
  return label.build();
}
