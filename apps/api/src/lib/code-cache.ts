import { closeSync, openSync, readFileSync, readSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import vm from 'node:vm';

export interface CodeCacheRun {
  /** Whether V8 took the saved code instead of compiling the bundle again. */
  cacheUsed: boolean;
  /** Writes the code V8 holds for the bundle now, functions compiled so far included. */
  save(): boolean;
}

/**
 * Runs a CommonJS bundle like `require(file)` does, but compiled with V8's code cache from
 * `file.cache` (decision 015): on Node 20 the loaders keep no cache of their own, and compiling
 * the 2.5 MB server bundle was a third of its start. V8 checks the cache against the source, its
 * version and flags, and refuses a stale one (the bundle then compiles as usual and `save()`
 * writes a fresh cache). A cache that cannot be written (a read-only install) only costs speed.
 */
export function runWithCodeCache(file: string): CodeCacheRun {
  const cacheFile = `${file}.cache`;
  const source = readText(file);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The bundle has no import(): build-server.mjs turns it into require() (Node 20's vm needs an
  // experimental flag for import() in a script).
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const cacheUsed = cachedData !== undefined && !script.cachedDataRejected;
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  const mod = { exports: {}, filename: file, id: file, loaded: false };
  wrapper.call(mod.exports, mod.exports, createRequire(file), mod, file, path.dirname(file));
  return {
    cacheUsed,
    save() {
      try {
        // Written whole, then renamed: two servers starting from one build never read half a file.
        const partial = `${cacheFile}.${process.pid}`;
        writeFileSync(partial, script.createCachedData());
        renameSync(partial, cacheFile);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** Pieces under glibc's first mmap threshold (128 KiB). */
const PIECE_BYTES = 64 * 1024;

/**
 * A file's UTF-8 text, read 64 KiB at a time into V8's heap. `readFileSync(file, 'utf8')` grows
 * one malloc buffer to 4 MiB for the bundle; glibc maps it, and unmapping it raises glibc's
 * thresholds for good (mmap 4 MiB, trim 8 MiB): the malloc memory the start frees afterwards
 * (about 5 MiB) then stayed resident. Decoded piece by piece, so a character split between two
 * pieces is read whole.
 */
function readText(file: string): string {
  const fd = openSync(file, 'r');
  const piece = Buffer.allocUnsafeSlow(PIECE_BYTES);
  const decoder = new StringDecoder('utf8');
  const parts: string[] = [];
  try {
    for (let n = readSync(fd, piece, 0, PIECE_BYTES, null); n > 0; n = readSync(fd, piece, 0, PIECE_BYTES, null)) {
      parts.push(decoder.write(piece.subarray(0, n)));
    }
  } finally {
    closeSync(fd);
  }
  parts.push(decoder.end());
  return parts.join('');
}
