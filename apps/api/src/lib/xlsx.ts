import type ExcelJS from 'exceljs';
import { AppError } from './errors';
import { type ZipLimits, checkZip, refuseAsTooLarge } from './zip-limits';

// Reading a workbook someone uploads (a warehouse's manifest or its file of received parcels).

/** One record of a sheet with the row number Excel shows beside it. */
export interface WorkbookRow {
  line: number;
  cells: string[];
}

/** exceljs loads on the first workbook: it is the largest module of the API (about 0.4 s of the start). */
const loadExcel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;

/**
 * What an uploaded workbook may unpack to before exceljs is let near it. A real
 * warehouse sheet of a few thousand rows is well under a megabyte of XML; these leave a wide
 * margin and still bound the memory exceljs can take (it holds every cell as an object).
 */
export const XLSX_LIMITS: ZipLimits = { maxEntries: 100, maxEntryBytes: 10 * 1024 * 1024, maxTotalBytes: 20 * 1024 * 1024 };
const XLSX_MAX_CELLS = 200_000;
const SHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/;

/**
 * Counts `<row>` and `<c>` elements in the sheets' XML as it streams by, refusing past the caps.
 * Counts a match only where it ends in the new chunk, so one split between chunks counts once.
 */
function sheetCounter(maxRows: number) {
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
      // Row elements across all sheets: data rows plus formatted empty ones Excel writes.
      if (rows > 4 * maxRows || cells > XLSX_MAX_CELLS) refuseAsTooLarge();
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
export async function readWorkbookRows(data: Buffer, caps: { maxRows: number; tooLarge: string }): Promise<WorkbookRow[] | null> {
  if (!looksLikeXlsx(data)) return null;
  const refusal = await checkZip(data, XLSX_LIMITS, sheetCounter(caps.maxRows));
  if (refusal === 'not_a_zip') return null;
  if (refusal) throw new AppError('bad_request', caps.tooLarge);
  const workbook = new (await loadExcel()).Workbook();
  try {
    // exceljs types its input as its own Buffer alias; a Node Buffer is what it reads.
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    return null;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return null;
  const rows: WorkbookRow[] = [];
  // Each row keeps the number Excel shows beside it, blank rows above it or not.
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellValue(row.getCell(c)));
    rows.push({ line: row.number, cells });
  });
  return withoutTitleRows(rows.filter((r) => r.cells.some((f) => f.trim() !== '')));
}

const filled = (r: WorkbookRow) => r.cells.filter((c) => c.trim() !== '').length;

/** A title above the header (one filled cell, often merged across the columns) is no header. */
export function withoutTitleRows(rows: WorkbookRow[]): WorkbookRow[] {
  let start = 0;
  while (start < rows.length - 1 && filled(rows[start] as WorkbookRow) === 1 && filled(rows[start + 1] as WorkbookRow) > 1) start++;
  return start === 0 ? rows : rows.slice(start);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date cell as the agent meant it: its calendar day (and time when it has one), never the server's rendering. */
function dateText(d: Date): string {
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = d.getUTCHours() * 60 + d.getUTCMinutes();
  return time === 0 ? day : `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A number as its value, not as its format shows it ("$45.00" is 45), without float noise. */
const numberText = (n: number) => String(Number(n.toPrecision(15)));

/** The value a typed cell holds, as text: dates and numbers as values, a formula as its saved result. */
function typedText(value: unknown, cell: ExcelJS.Cell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dateText(value);
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    const v = value as { result?: unknown; formula?: string; sharedFormula?: string; error?: string; richText?: unknown; text?: unknown };
    if ('formula' in v || 'sharedFormula' in v) return typedText(v.result, cell);
    if (typeof v.error === 'string') return v.error;
  }
  return cell.text ?? '';
}

/** One cell's value; the cells a merge covers (all but its first) are empty, as the sheet shows them. */
function cellValue(cell: ExcelJS.Cell): string {
  if (cell.isMerged && cell.master !== cell) return '';
  return typedText(cell.value, cell);
}
