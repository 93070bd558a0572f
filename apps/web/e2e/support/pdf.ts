import { PDFParse } from 'pdf-parse';

/** The text of a PDF the server sent, whitespace folded, to check what a person would read on it. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}
