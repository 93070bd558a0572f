// Reading a warehouse's CSV (writing any CSV is lib/csv.ts).

/** One record of a warehouse file with the line (CSV) or row (Excel) it starts on, counted from 1. */
export interface SheetRow {
  line: number;
  cells: string[];
}

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF line ends; blank lines are skipped. */
export function parseCsv(text: string): string[][] {
  return parseCsvRows(text).map((r) => r.cells);
}

/**
 * The same records, each with the file line it starts on, so a report names the line a person
 * sees in their editor even after blank lines or a quoted field that spans lines.
 */
export function parseCsvRows(text: string): SheetRow[] {
  const rows: SheetRow[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const end = () => {
    row.push(field);
    rows.push({ line: start, cells: row });
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
        field += ch;
      }
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      end();
      line++;
      start = line;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) end();
  return rows.filter((r) => r.cells.some((f) => f.trim() !== ''));
}
