import type yauzl from 'yauzl';

/**
 * Zip bombs: a 1 MB upload can unpack to gigabytes, and a parser that inflates
 * it whole (exceljs through JSZip) takes the memory and the event loop of every request with it.
 * Every archive we read is walked here first: entries counted, each entry inflated as a stream and
 * stopped at its limit. yauzl also refuses an entry that inflates to more than the size its header
 * declares, so a header that lies cannot slip past the declared-size check.
 */
export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export type ZipRefusal = 'not_a_zip' | 'too_many_entries' | 'too_large';

/** Sees the inflated bytes of the entries it asks for; may refuse the archive by throwing. */
export interface ZipVisitor {
  wants(fileName: string): boolean;
  chunk(fileName: string, bytes: Buffer): void;
}

class Refused extends Error {
  constructor(readonly refusal: ZipRefusal) {
    super(refusal);
  }
}

/** Null when the archive is within the limits, else why not. Reads without keeping what it inflates. */
export async function checkZip(data: Buffer, limits: ZipLimits, visitor?: ZipVisitor): Promise<ZipRefusal | null> {
  let zip: yauzl.ZipFile;
  try {
    // Loaded on the first upload that needs it, not at start.
    const { default: unzip } = await import('yauzl');
    zip = await unzip.fromBufferPromise(data, { validateEntrySizes: true });
  } catch {
    return 'not_a_zip';
  }
  try {
    // The central directory says how many entries there are before any is read.
    if (zip.entryCount > limits.maxEntries) return 'too_many_entries';
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      if (entry.uncompressedSize > limits.maxEntryBytes) return 'too_large';
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) return 'too_large';
      const stream = await zip.openReadStreamPromise(entry);
      const visit = visitor?.wants(entry.fileName) ?? false;
      let inflated = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        // Belt and braces beside yauzl's own check against the declared size.
        if (inflated > limits.maxEntryBytes) {
          stream.destroy();
          return 'too_large';
        }
        if (visit) visitor?.chunk(entry.fileName, chunk);
      }
    }
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    // A corrupt entry, or one that inflates past its declared size.
    return /exceed|too large|too many/i.test(String(error)) ? 'too_large' : 'not_a_zip';
  } finally {
    zip.close();
  }
}

/** For a visitor: refuse the archive as too large (e.g. too many rows), ending the walk at once. */
export function refuseAsTooLarge(): never {
  throw new Refused('too_large');
}
