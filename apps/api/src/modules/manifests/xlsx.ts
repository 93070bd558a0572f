import type ExcelJS from 'exceljs';
import { MANIFEST_IMPORT_MAX_ROWS, MANIFEST_MESSAGES } from '@courier/shared/schemas/manifests';
import { readWorkbookRows } from '../../lib/xlsx';
import type { SheetRow } from './csv';

const loadExcel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;
export { XLSX_LIMITS, looksLikeXlsx } from '../../lib/xlsx';

/**
 * The cells of a workbook's first sheet as text, or null when the bytes are not a readable
 * workbook; one past the manifest's caps is refused (400) before it is parsed.
 */
export async function readXlsxRows(data: Buffer): Promise<SheetRow[] | null> {
  return readWorkbookRows(data, { maxRows: MANIFEST_IMPORT_MAX_ROWS, tooLarge: MANIFEST_MESSAGES.xlsxTooLargeUnpacked });
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
