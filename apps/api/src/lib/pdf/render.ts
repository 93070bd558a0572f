import type PDFDocumentClass from 'pdfkit';
import { z } from 'zod';
import type { PaperSize } from '@courier/shared/schemas/settings';

/** The 200 answer of a PDF route: raw bytes, which Fastify sends without serializing. */
export const pdfResponseSchema = z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe('application/pdf');

/** pdfkit's name of the paper a courier chose (A4 595.28 x 841.89 pt, Letter 612 x 792 pt). */
export const PDF_PAPER: Record<PaperSize, 'A4' | 'LETTER'> = { a4: 'A4', letter: 'LETTER' };

/** 80 mm thermal receipt paper, in points (72 per inch). */
export const THERMAL_WIDTH_PT = (80 / 25.4) * 72;

/**
 * pdfkit loads on the first PDF, not at start: it costs the start about 0.3 s of CPU and 30 MiB
 * that a server answering JSON never needs (docs/performance.md "Lean server").
 */
let pdfkit: Promise<typeof PDFDocumentClass> | undefined;

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
    try {
      draw(doc);
    } catch (error) {
      reject(error);
      return;
    }
    doc.end();
  });
}

/**
 * A one-page roll document (a thermal receipt) as long as what is drawn on it: pdfkit needs the
 * page size up front, so the drawing runs once on a very long page to measure, then for real.
 */
export async function renderFittedRoll(
  draw: (doc: PDFKit.PDFDocument) => void,
  options: { width: number; margin: number; info?: PDFKit.DocumentInfo },
): Promise<Buffer> {
  let height = 0;
  const measure = { size: [options.width, 14_400] as [number, number], margin: options.margin, info: options.info };
  await renderPdf((doc) => {
    draw(doc);
    height = doc.y;
  }, measure);
  const size: [number, number] = [options.width, Math.ceil(height + options.margin)];
  return renderPdf(draw, { size, margin: options.margin, info: options.info });
}
