/**
 * PDFs (invoices, receipts, labels, run sheets, manifests, cash-ups) and their barcodes. pdfkit
 * and bwip-js load on the first PDF, not at start: together they cost the start about 0.3 s of
 * CPU and 30 MiB that a server answering JSON never needs (issue 19, docs/performance.md).
 */
import type PDFDocumentClass from 'pdfkit';

let pdfkit: Promise<typeof PDFDocumentClass> | undefined;
const loadBwip = () => import('bwip-js/node').then((m) => m.default);
let bwip: ReturnType<typeof loadBwip> | undefined;

/** Renders a PDF to a buffer. */
export async function renderPdf(draw: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions): Promise<Buffer> {
  pdfkit ??= import('pdfkit').then((m) => m.default);
  const PDFDocument = await pdfkit;
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

/** A Code 128 barcode as bwip-js draws it: the bars' centres and widths in a box `width` wide. */
export interface Barcode {
  width: number;
  bars: Array<{ x: number; width: number }>;
}

/**
 * Encodes `text` as Code 128 with bwip-js. Its SVG gives each bar as a vertical stroke of a given
 * width; drawBarcode turns them into rectangles (sharp on any thermal printer).
 */
export async function code128(text: string): Promise<Barcode> {
  bwip ??= loadBwip();
  const svg = (await bwip).toSVG({ bcid: 'code128', text, height: 10, includetext: false, paddingwidth: 10 });
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!box) throw new Error('bwip-js returned no viewBox');
  const bars: Barcode['bars'] = [];
  for (const path of svg.matchAll(/stroke-width="([\d.]+)" d="([^"]+)"/g)) {
    for (const bar of (path[2] ?? '').matchAll(/M([\d.]+) [\d.]+L[\d.]+ [\d.]+/g)) bars.push({ x: Number(bar[1]), width: Number(path[1]) });
  }
  return { width: Number(box[1]), bars };
}

/** Draws a barcode as vector bars scaled to `width`. */
export function drawBarcode(doc: PDFKit.PDFDocument, code: Barcode, x: number, y: number, width: number, height: number): void {
  const scale = width / code.width;
  for (const bar of code.bars) doc.rect(x + bar.x * scale - (bar.width * scale) / 2, y, bar.width * scale, height).fill('#000');
}
