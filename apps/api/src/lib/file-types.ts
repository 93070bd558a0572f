/**
 * What a file really is, read from its first bytes (magic numbers), never from its name or the
 * browser's claim. Covers the uploads the product accepts.
 */
export type DetectedType = 'jpg' | 'png' | 'gif' | 'pdf' | 'xlsx' | 'docx' | 'xls' | 'doc';

export const CONTENT_TYPES: Record<DetectedType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  doc: 'application/msword',
};

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);

/** Office Open XML files are zip archives; the part names inside tell a workbook from a document. */
function detectZipOffice(data: Buffer): DetectedType | null {
  // Part names sit in the local file headers near the start and in the central directory at the end.
  const head = data.subarray(0, Math.min(data.length, 64 * 1024)).toString('latin1');
  const tail = data.subarray(Math.max(0, data.length - 64 * 1024)).toString('latin1');
  const names = head + tail;
  if (!names.includes('[Content_Types].xml')) return null;
  if (names.includes('xl/')) return 'xlsx';
  if (names.includes('word/')) return 'docx';
  return null;
}

/** Legacy Office files are OLE compound documents; the stream names tell Excel from Word. */
function detectOle(data: Buffer): DetectedType | null {
  const text = data.toString('utf16le');
  if (text.includes('Workbook') || text.includes('Book')) return 'xls';
  if (text.includes('WordDocument')) return 'doc';
  return null;
}

export function detectFileType(data: Buffer): DetectedType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38]) && (data[4] === 0x37 || data[4] === 0x39) && data[5] === 0x61) return 'gif';
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return detectZipOffice(data);
  if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return detectOle(data);
  return null;
}
