import { PDFParse } from 'pdf-parse';

/** The text of a PDF the API rendered, to check what a person would read on it. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The text of each page of a PDF, in order. */
export async function pdfPageTexts(bytes: Buffer): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).pages.map((p) => p.text);
  } finally {
    await parser.destroy();
  }
}

/** Every page's MediaBox [x0, y0, x1, y1] in points, read from the PDF's page objects (pdfkit writes them uncompressed). */
export function pdfMediaBoxes(bytes: Buffer): number[][] {
  return [...bytes.toString('latin1').matchAll(/\/MediaBox\s*\[([^\]]+)\]/g)].map((m) => (m[1] ?? '').trim().split(/\s+/).map(Number));
}

/** Whether the PDF embeds a raster image (a logo). */
export const pdfHasImage = (bytes: Buffer): boolean => /\/Subtype\s*\/Image/.test(bytes.toString('latin1'));
