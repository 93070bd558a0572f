/**
 * dist/server.js: starts the bundled server (dist/server.cjs) through V8's code cache (decision 015).
 * The first start of a build compiles the bundle and saves the cache a moment after the server
 * listens, so the cache holds the code the start and the first requests ran; later starts reuse it.
 */
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { runWithCodeCache } from './lib/code-cache';

const SAVE_AFTER_LISTENING_MS = 1_000;
const COLLECT_AFTER_LISTENING_MS = 300;

/**
 * One full collection once the server listens. The start leaves garbage V8 keeps until the heap
 * next grows enough, which an idle server may never do: the bundle's text read twice (4 MB each),
 * the code cache's buffer (3.4 MB) and the start's own objects. The flag only adds `gc` to new
 * contexts; the code cache was checked and saved before it.
 */
function collectStartGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

const run = runWithCodeCache(fileURLToPath(new URL('./server.cjs', import.meta.url)));
process.once('courier:listening', () => {
  const after = () => {
    if (!run.cacheUsed) run.save();
    collectStartGarbage();
  };
  setTimeout(after, run.cacheUsed ? COLLECT_AFTER_LISTENING_MS : SAVE_AFTER_LISTENING_MS).unref();
});
