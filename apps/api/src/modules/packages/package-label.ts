import { DEFAULT_TIME_ZONE, dayInZone } from '@courier/shared/domain/datetime';
import type { PackageDto } from '@courier/shared/schemas/packages';
import { type Letterhead, drawLogo } from '../../lib/pdf/letterhead';
import { type Barcode, code128, drawBarcode } from '../../lib/pdf/barcode';
import { ZPL_LOGO_BOX, type ZplGraphic } from '../../lib/pdf/logo-image';
import { renderPdf } from '../../lib/pdf/render';

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
  doc.text(`Weight: ${pkg.weightLb.toFixed(2)} lb`, { width: w - 2 * m });
  if (pkg.lengthIn && pkg.widthIn && pkg.heightIn) doc.text(`Dimensions: ${pkg.lengthIn} x ${pkg.widthIn} x ${pkg.heightIn} in`);
  if (pkg.merchant) doc.text(`Merchant: ${pkg.merchant}`, { width: w - 2 * m });
  const held = pkg.status === 'on_hold';
  if (pkg.description) doc.text(`Contents: ${pkg.description}`, { width: w - 2 * m, height: held ? 14 : 40, ellipsis: true });
  // A held parcel must not be missed on the shelf: HOLD in white on a black band across the foot.
  if (held) {
    const top = 6 * INCH - 54;
    doc.rect(0, top, w, 54).fill('#000');
    doc
      .fillColor('#fff')
      .font('Helvetica-Bold')
      .fontSize(40)
      .text('HOLD', 0, top + 8, { width: w, align: 'center', lineBreak: false });
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

/** ZPL field data: `^` and `~` start commands, so they never come through from a name. */
const zplText = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/[\^~\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The label's header in ZPL: the logo (when given) in a box on the left, the name and the package's line beside it. */
function zplHeader(pkg: PackageDto, lh: Letterhead | undefined, logo: ZplGraphic | null | undefined): string[] {
  const top = 36;
  const lines: string[] = [];
  let left = 40;
  if (logo) {
    // Centred in the box's height, so a wide logo sits level with the two text lines.
    lines.push(`^FO40,${top + Math.floor((ZPL_LOGO_BOX.height - logo.height) / 2)}${logo.field}^FS`);
    left += logo.width + 16;
  }
  lines.push(
    `^FO${left},${top}^A0N,40,40^FB${772 - left},1,0,L^FD${zplText(lh?.name ?? pkg.courierName)}^FS`,
    `^FO${left},86^A0N,24,24^FD${zplText(`${pkg.mode} - ${pkg.carrier} - received ${receivedDay(pkg, lh)}`)}^FS`,
  );
  return lines;
}

/**
 * The same 4x6 label in ZPL II for Zebra-type thermal printers at 203 dpi (812 x 1218 dots),
 * with the printer's own Code 128 (^BC) of the package number. A print agent can send it as is.
 * `logo` is the courier's logo as a 1-bit graphic (`zplLogo`); without one the name heads the label alone.
 */
export function packageLabelZpl(pkg: PackageDto, lh?: Letterhead, logo?: ZplGraphic | null): string {
  const lines = [
    '^XA',
    '^CI28',
    '^PW812',
    '^LL1218',
    '^LH0,0',
    ...zplHeader(pkg, lh, logo),
    '^FO40,122^GB732,3,3^FS',
    `^FO40,142^A0N,80,80^FB732,1,0,L^FD${zplText(pkg.mailboxNumber ?? 'UNKNOWN')}^FS`,
    `^FO40,232^A0N,36,36^FB732,1,0,L^FD${zplText(pkg.customerName ?? 'No customer yet')}^FS`,
    `^FO40,276^A0N,30,30^FB732,1,0,L^FD${zplText(pkg.branchName ? `Pickup: ${pkg.branchName}` : 'Pickup branch not set')}^FS`,
    `^FO70,340^BY3,3,220^BCN,220,N,N,N^FD${zplText(pkg.packageNumber)}^FS`,
    `^FO40,580^A0N,56,56^FB732,1,0,C^FD${zplText(pkg.packageNumber)}^FS`,
    '^FO40,650^GB732,3,3^FS',
    `^FO40,672^A0N,28,28^FB732,1,0,L^FDTracking: ${zplText(pkg.trackingNumber)}^FS`,
    `^FO40,712^A0N,28,28^FDWeight: ${pkg.weightLb.toFixed(2)} lb^FS`,
  ];
  let y = 752;
  if (pkg.lengthIn && pkg.widthIn && pkg.heightIn) {
    lines.push(`^FO40,${y}^A0N,28,28^FDDimensions: ${pkg.lengthIn} x ${pkg.widthIn} x ${pkg.heightIn} in^FS`);
    y += 40;
  }
  if (pkg.merchant) {
    lines.push(`^FO40,${y}^A0N,28,28^FB732,1,0,L^FDMerchant: ${zplText(pkg.merchant)}^FS`);
    y += 40;
  }
  if (pkg.description) lines.push(`^FO40,${y}^A0N,28,28^FB732,3,4,L^FDContents: ${zplText(pkg.description)}^FS`);
  // A held parcel: HOLD reversed out of a black band across the foot of the label.
  if (pkg.status === 'on_hold') lines.push('^FO0,1068^GB812,150,150^FS', '^FO0,1092^A0N,120,120^FB812,1,0,C^FR^FDHOLD^FS');
  lines.push('^XZ');
  return `${lines.join('\n')}\n`;
}
