import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
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
  const source = readFileSync(file, 'utf8');
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
