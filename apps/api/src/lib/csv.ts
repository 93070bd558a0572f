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
