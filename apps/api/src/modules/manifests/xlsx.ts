import ExcelJS from 'exceljs';

/** An .xlsx is a zip archive: its first bytes are the local file header "PK\x03\x04". */
export function looksLikeXlsx(data: Buffer): boolean {
  return data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
}

/** The cells of a workbook's first sheet as text, or null when the bytes are not a readable workbook. */
export async function readXlsxRows(data: Buffer): Promise<string[][] | null> {
  if (!looksLikeXlsx(data)) return null;
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as its own Buffer alias; a Node Buffer is what it reads.
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    return null;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return null;
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(row.getCell(c).text ?? '');
    rows.push(cells);
  });
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/** A one-sheet workbook with a bold header row; values are written as data, never as formulas. */
export async function writeXlsx(sheetName: string, header: string[], rows: Array<Array<string | number | null>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map((v) => (v === null ? '' : v)));
  sheet.columns.forEach((col) => {
    col.width = 16;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
