// CSV is written one way: papaparse, loaded on first use (a server that never exports a CSV never
// pays for it), with one rule for cells a spreadsheet would run.

/**
 * A cell a spreadsheet would run as a formula (= + - @, a tab or a CR first) is written with a
 * leading ' (and quoted); a plain number such as "-642.50" stays a number.
 */
export const FORMULA = /^[=+\-@\t\r](?!\d+(?:\.\d+)?$)/;

export type CsvCell = string | number | boolean | null | undefined;

const papa = async () => (await import('papaparse')).default;

/**
 * Rows as CSV text: CRLF line ends (the last line too), fields quoted only where needed, formulas
 * defused, empty for null. The header row comes first unless `header: false` (a later batch of
 * a streamed export).
 */
export async function toCsv(fields: readonly string[], rows: readonly CsvCell[][], options: { header?: boolean } = {}): Promise<string> {
  const Papa = await papa();
  const header = options.header ?? true;
  if (!header && rows.length === 0) return '';
  const text = Papa.unparse({ fields: [...fields], data: rows.map((r) => [...r]) }, { header, newline: '\r\n', escapeFormulae: FORMULA });
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/**
 * Reads CSV text into records of cells, each with the line it starts on (counted from 1); blank
 * lines are skipped. A byte-order mark at the start is dropped.
 */
export async function parseCsv(text: string): Promise<Array<{ line: number; cells: string[] }>> {
  const Papa = await papa();
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const out: Array<{ line: number; cells: string[] }> = [];
  let line = 1;
  for (const cells of parsed.data) {
    if (cells.some((c) => c.trim() !== '')) out.push({ line, cells });
    // A quoted cell may span lines: the next record starts after them.
    line += 1 + cells.reduce((n, c) => n + (c.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  }
  return out;
}
