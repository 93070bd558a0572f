/**
 * dist/server.js: starts the bundled server (dist/server.cjs) through V8's code cache (decision 015).
 * The first start of a build compiles the bundle and saves the cache a moment after the server
 * listens, so the cache holds the code the start and the first requests ran; later starts reuse it.
 */
import { fileURLToPath } from 'node:url';
import { runWithCodeCache } from './lib/code-cache';

const SAVE_AFTER_LISTENING_MS = 1_000;

const run = runWithCodeCache(fileURLToPath(new URL('./server.cjs', import.meta.url)));
if (!run.cacheUsed) {
  process.once('courier:listening', () => setTimeout(() => run.save(), SAVE_AFTER_LISTENING_MS).unref());
}
