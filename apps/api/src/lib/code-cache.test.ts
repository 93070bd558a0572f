import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * Starting a CommonJS bundle through V8's code cache (decision 015). Each start is a new process, as
 * a server start is: within one process V8 would answer a second compile from memory.
 */
const CODE_CACHE = path.join(import.meta.dirname, 'code-cache.ts');
let dir: string;
let bundle: string;

interface Start {
  cacheUsed: boolean;
  saved?: boolean;
  output: string[];
}

function start(save: boolean): Start {
  const script = `
    import { runWithCodeCache } from ${JSON.stringify(CODE_CACHE)};
    globalThis.output = [];
    const run = runWithCodeCache(${JSON.stringify(bundle)});
    const saved = ${save} ? run.save() : undefined;
    console.log(JSON.stringify({ cacheUsed: run.cacheUsed, saved, output: globalThis.output }));`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Start;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'code-cache-'));
  bundle = path.join(dir, 'bundle.cjs');
  // A bundle that uses what CommonJS gives it: require, module and __filename.
  await writeFile(
    bundle,
    `const { basename } = require('node:path');
     function work(n) { let s = 0; for (let i = 0; i < n; i++) s += i; return s; }
     globalThis.output.push(basename(__filename) + ':' + work(10));
     module.exports = { ok: true };`,
  );
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('runWithCodeCache', () => {
  it('runs the bundle, saves a cache, and the next start takes it', () => {
    expect(start(true)).toEqual({ cacheUsed: false, saved: true, output: ['bundle.cjs:45'] });
    expect(existsSync(`${bundle}.cache`)).toBe(true);
    expect(start(false)).toEqual({ cacheUsed: true, output: ['bundle.cjs:45'] });
  });

  it('compiles afresh when the bundle changed or the cache is damaged, and still runs it', async () => {
    start(true);
    await writeFile(bundle, `${await readFile(bundle, 'utf8')}\nglobalThis.output.push('changed');`);
    expect(start(false)).toEqual({ cacheUsed: false, output: ['bundle.cjs:45', 'changed'] });

    await writeFile(`${bundle}.cache`, Buffer.from('not a code cache'));
    expect(start(false)).toEqual({ cacheUsed: false, output: ['bundle.cjs:45', 'changed'] });
  });

  it('reads a bundle larger than one piece whole, a character across two pieces included', async () => {
    // 64 KiB pieces: the three bytes of the euro sign start at byte 65,535.
    const head = "globalThis.output.push('";
    const text = `${'a'.repeat(65_535 - head.length)}\u20ac${'b'.repeat(70_000)}`;
    await writeFile(bundle, `${head}${text}'.length + ':' + '${text}'.slice(65_530 - ${head.length}, 65_540 - ${head.length}));`);
    expect(start(true).output).toEqual([`${text.length}:aaaaa\u20acbbbb`]);
    expect(start(false)).toEqual({ cacheUsed: true, output: [`${text.length}:aaaaa\u20acbbbb`] });
  });

  it('only loses speed when the cache cannot be written', async () => {
    // A directory where the cache file would go: the rename fails, the start does not.
    await mkdir(`${bundle}.cache`);
    expect(start(true)).toEqual({ cacheUsed: false, saved: false, output: ['bundle.cjs:45'] });
  });
});
