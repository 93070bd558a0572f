import type ExcelJS from 'exceljs';
import { MANIFEST_IMPORT_MAX_ROWS, MANIFEST_MESSAGES } from '@courier/shared/schemas/manifests';
import { AppError } from '../../lib/errors';
import { type ZipLimits, checkZip, refuseAsTooLarge } from '../../lib/zip-limits';
import type { SheetRow } from './csv';

/** exceljs loads on the first workbook: it is the largest module of the API (about 0.4 s of the start). */
const loadExcel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;

/**
 * What a manifest workbook may unpack to before exceljs is let near it. A real
 * warehouse sheet of a few thousand rows is well under a megabyte of XML; these leave a wide
 * margin and still bound the memory exceljs can take (it holds every cell as an object).
 */
export const XLSX_LIMITS: ZipLimits = { maxEntries: 100, maxEntryBytes: 10 * 1024 * 1024, maxTotalBytes: 20 * 1024 * 1024 };
/** Row elements across all sheets: data rows plus formatted empty ones Excel writes. */
const XLSX_MAX_SHEET_ROWS = 4 * MANIFEST_IMPORT_MAX_ROWS;
const XLSX_MAX_CELLS = 200_000;
const SHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/;

/**
 * Counts `<row>` and `<c>` elements in the sheets' XML as it streams by, refusing past the caps.
 * Counts a match only where it ends in the new chunk, so one split between chunks counts once.
 */
function sheetCounter() {
  let rows = 0;
  let cells = 0;
  const carry = new Map<string, string>();
  const count = (text: string, pattern: RegExp, from: number) => {
    let n = 0;
    for (const m of text.matchAll(pattern)) if (m.index + m[0].length > from) n++;
    return n;
  };
  return {
    wants: (fileName: string) => SHEET_PART.test(fileName),
    chunk(fileName: string, bytes: Buffer) {
      const tail = carry.get(fileName) ?? '';
      const text = tail + bytes.toString('latin1');
      rows += count(text, /<row[\s>/]/g, tail.length);
      cells += count(text, /<c[\s>/]/g, tail.length);
      carry.set(fileName, text.slice(-4));
      if (rows > XLSX_MAX_SHEET_ROWS || cells > XLSX_MAX_CELLS) refuseAsTooLarge();
    },
  };
}

/** An .xlsx is a zip archive: its first bytes are the local file header "PK\x03\x04". */
export function looksLikeXlsx(data: Buffer): boolean {
  return data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
}

/**
 * The cells of a workbook's first sheet as text, or null when the bytes are not a readable
 * workbook. A workbook that unpacks past XLSX_LIMITS or the row and cell caps is refused (400)
 * before it is parsed.
 */
export async function readXlsxRows(data: Buffer): Promise<SheetRow[] | null> {
  if (!looksLikeXlsx(data)) return null;
  const refusal = await checkZip(data, XLSX_LIMITS, sheetCounter());
  if (refusal === 'not_a_zip') return null;
  if (refusal) throw new AppError('bad_request', MANIFEST_MESSAGES.xlsxTooLargeUnpacked);
  const workbook = new (await loadExcel()).Workbook();
  try {
    // exceljs types its input as its own Buffer alias; a Node Buffer is what it reads.
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    return null;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return null;
  const rows: SheetRow[] = [];
  // Each row keeps the number Excel shows beside it, blank rows above it or not.
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(row.getCell(c).text ?? '');
    rows.push({ line: row.number, cells });
  });
  return rows.filter((r) => r.cells.some((f) => f.trim() !== ''));
}

/** A one-sheet workbook with a bold header row; values are written as data, never as formulas. */
export async function writeXlsx(sheetName: string, header: string[], rows: Array<Array<string | number | null>>): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map((v) => (v === null ? '' : v)));
  sheet.columns.forEach((col) => {
    col.width = 16;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
