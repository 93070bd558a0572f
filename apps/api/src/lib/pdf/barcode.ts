/**
 * Code 128 barcodes for the labels. bwip-js loads on the first barcode, not at start.
 * Encoding is async (the import); drawing stays synchronous inside a PDF's draw callback.
 */
const loadBwip = () => import('bwip-js/node').then((m) => m.default);
let bwip: ReturnType<typeof loadBwip> | undefined;

/** A Code 128 barcode as bwip-js draws it: the bars' centres and widths in a box `width` wide. */
export interface Barcode {
  width: number;
  bars: Array<{ x: number; width: number }>;
}

/** Encodes `text` with bwip-js; its SVG gives each bar as a vertical stroke of a given width. */
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

/** Draws a barcode as vector bars scaled to `width` (sharp on any thermal printer). */
export function drawBarcode(doc: PDFKit.PDFDocument, code: Barcode, x: number, y: number, width: number, height: number): void {
  const scale = width / code.width;
  for (const bar of code.bars) doc.rect(x + bar.x * scale - (bar.width * scale) / 2, y, bar.width * scale, height).fill('#000');
}
