import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFParse } from 'pdf-parse';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js's copies of the 14 standard fonts (Helvetica ...), so pages render in the fonts they name. */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** A box on a page in points, y growing downwards. */
export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** One table row as printed: its text and the box around that text. */
export interface PrintedRow {
  text: string;
  box: Box;
}

interface StructNode {
  role?: string;
  type?: string;
  id?: string;
  children?: StructNode[];
}

/** The marked-content ids under a structure node. */
function contentIds(node: StructNode): string[] {
  if (node.type === 'content' && node.id) return [node.id];
  return (node.children ?? []).flatMap(contentIds);
}

/** Every node of one role, depth first. */
function nodesOf(node: StructNode, role: string): StructNode[] {
  const own = node.role === role ? [node] : [];
  return [...own, ...(node.children ?? []).flatMap((c) => nodesOf(c, role))];
}

const union = (a: Box | null, b: Box): Box =>
  a
    ? {
        top: Math.min(a.top, b.top),
        bottom: Math.max(a.bottom, b.bottom),
        left: Math.min(a.left, b.left),
        right: Math.max(a.right, b.right),
      }
    : b;

/**
 * The rows of every tagged table of a PDF, page by page, read from the file itself: each row's
 * cells (the structure tree's TR) and where their text was drawn (the page's text runs in that
 * marked content), as boxes from the top of the page.
 */
export async function printedTableRows(bytes: Buffer): Promise<PrintedRow[][][]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false }).promise;
  try {
    const pages: PrintedRow[][][] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const height = page.getViewport({ scale: 1 }).height;
      const content = await page.getTextContent({ includeMarkedContent: true });
      // Text runs by the marked content they were drawn in.
      const runs = new Map<string, Array<{ str: string; box: Box }>>();
      const open: string[] = [];
      for (const item of content.items as Array<Record<string, unknown>>) {
        if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') open.push(String(item.id ?? ''));
        else if (item.type === 'endMarkedContent') open.pop();
        else if (typeof item.str === 'string' && item.str.trim() !== '') {
          const t = item.transform as number[];
          const size = Math.hypot(t[2] ?? 0, t[3] ?? 0);
          const baseline = height - (t[5] ?? 0);
          // The glyphs' extent: ascenders to about 0.72 of the size above the baseline, descenders 0.21 below.
          const box = {
            top: baseline - size * 0.72,
            bottom: baseline + size * 0.21,
            left: t[4] ?? 0,
            right: (t[4] ?? 0) + Number(item.width),
          };
          const id = open.findLast((i) => i !== '') ?? '';
          runs.set(id, [...(runs.get(id) ?? []), { str: item.str, box }]);
        }
      }
      const tree = (await page.getStructTree()) as StructNode | null;
      const tables = tree ? nodesOf(tree, 'Table') : [];
      pages.push(
        tables.map((table) =>
          nodesOf(table, 'TR').flatMap((tr) => {
            const own = contentIds(tr).flatMap((id) => runs.get(id) ?? []);
            if (own.length === 0) return [];
            return [{ text: own.map((r) => r.str).join(' '), box: own.map((r) => r.box).reduce<Box | null>(union, null) as Box }];
          }),
        ),
      );
      page.cleanup();
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

/** Pairs of neighbouring rows whose printed text overlaps: the row below starts above the bottom of the row above. */
export function overlappingRows(pages: PrintedRow[][][]): string[] {
  const found: string[] = [];
  pages.forEach((tables, p) => {
    for (const rows of tables) {
      for (let i = 1; i < rows.length; i++) {
        const above = rows[i - 1] as PrintedRow;
        const below = rows[i] as PrintedRow;
        // On the next page's top a row continues a table: no overlap is possible there.
        if (below.box.top < above.box.top) continue;
        if (below.box.top < above.box.bottom) found.push(`page ${p + 1}: "${above.text}" runs into "${below.text}"`);
      }
    }
  });
  return found;
}

/** Each page of a PDF as a PNG, `width` pixels wide. */
export async function pdfPngs(bytes: Buffer, width = 1224): Promise<Buffer[]> {
  const parser = new PDFParse({ data: new Uint8Array(bytes), standardFontDataUrl });
  try {
    const shots = await parser.getScreenshot({ desiredWidth: width, imageBuffer: true, imageDataUrl: false });
    return shots.pages.map((p) => Buffer.from(p.data));
  } finally {
    await parser.destroy();
  }
}
