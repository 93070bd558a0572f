import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '@courier/shared/domain/package-import';
import { parseCsv } from './csv';
import { AppError } from './errors';
import { looksLikeXlsx, readWorkbookRows } from './xlsx';

/** A warehouse file's headers and rows, from CSV text or an Excel workbook (decided by its bytes). */
export async function readImportFile(data: Buffer): Promise<{ headers: string[]; rows: Array<{ row: number; cells: string[] }> }> {
  let records: Array<{ line: number; cells: string[] }>;
  if (looksLikeXlsx(data)) {
    const rows = await readWorkbookRows(data, { maxRows: IMPORT_MAX_ROWS, tooLarge: IMPORT_MESSAGES.tooManyRows(IMPORT_MAX_ROWS) });
    if (!rows) throw new AppError('unsupported_media_type', IMPORT_MESSAGES.notReadable);
    records = rows;
  } else {
    const text = new TextDecoder('utf-8').decode(data);
    if (data.includes(0) || text.includes('\uFFFD')) throw new AppError('unsupported_media_type', IMPORT_MESSAGES.notReadable);
    records = await parseCsv(text);
  }
  const [head, ...body] = records;
  if (!head || body.length === 0) throw new AppError('bad_request', IMPORT_MESSAGES.noRows);
  if (body.length > IMPORT_MAX_ROWS) throw new AppError('bad_request', IMPORT_MESSAGES.tooManyRows(IMPORT_MAX_ROWS));
  // Blank or repeated headers get a name of their own, so each column can be chosen.
  const seen = new Map<string, number>();
  const headers = head.cells.map((h, i) => {
    const base = h.trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
  return { headers, rows: body.map((r) => ({ row: r.line, cells: r.cells.map((c) => c.trim()) })) };
}
