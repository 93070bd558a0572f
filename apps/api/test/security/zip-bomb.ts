import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Hand-built zip archives for the archive-bomb tests: the entries' sizes can be
 * honest or lie, which no zip library will write on purpose.
 */
export interface ZipEntry {
  name: string;
  /** Raw-deflated bytes. */
  compressed: Buffer;
  crc: number;
  /** What the headers declare the entry inflates to. */
  declaredSize: number;
}

export function entryOf(name: string, text: string): ZipEntry {
  const data = Buffer.from(text);
  return { name, compressed: deflateRawSync(data), crc: crc32(data), declaredSize: data.length };
}

/** `chunk` repeated `times` times, deflated as a stream so the test never holds the inflated whole. */
export async function repeatedEntry(name: string, head: string, chunk: string, times: number, tail: string): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const piece = Buffer.from(chunk.repeat(Math.max(1, Math.floor(1_048_576 / chunk.length))));
  const pieces = Math.ceil((chunk.length * times) / piece.length);
  let crc = 0;
  let size = 0;
  const write = async (b: Buffer) => {
    crc = crc32(b, crc);
    size += b.length;
    if (!deflate.write(b)) await once(deflate, 'drain');
  };
  await write(Buffer.from(head));
  for (let i = 0; i < pieces; i++) await write(piece);
  await write(Buffer.from(tail));
  deflate.end();
  await once(deflate, 'end');
  return { name, compressed: Buffer.concat(out), crc, declaredSize: size };
}

export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.compressed.length, 18);
    local.writeUInt32LE(e.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.compressed.length, 20);
    central.writeUInt32LE(e.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.compressed);
    centrals.push(central, name);
    offset += local.length + name.length + e.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a one-sheet workbook around its sheet: enough for exceljs to open it. */
export function workbookParts(): ZipEntry[] {
  return [
    entryOf(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    entryOf(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${DOC_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    entryOf(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${DOC_REL}"><sheets><sheet name="Warehouse" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    entryOf(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${DOC_REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
  ];
}

export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>tracking_number</t></is></c></row>`;
export const SHEET_TAIL = '</sheetData></worksheet>';
/** A data row; a bomb repeats the same bytes, row number included (exceljs takes the last). */
export const trackingRow = (tracking: string, row = 2) =>
  `<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>${tracking}</t></is></c></row>`;
