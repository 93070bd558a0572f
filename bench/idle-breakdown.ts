/**
 * Where an idle server's resident memory is: the built server (apps/api/dist, or --server DIR),
 * started with `npm run serve`'s Node flags, read from /proc 2 s after its first 200 of /api/health.
 *
 *   npm run bench:idle -- [--server DIR] [--url postgres://...] [--wait 2] [--starts 3]
 *
 * Without --url (or DATABASE_URL) the server starts the embedded database in a temporary DATA_DIR.
 * Per start: RSS, anonymous and file-backed; the anonymous mappings by kind (V8's 256 KiB heap
 * pages, larger anonymous blocks: malloc's thread arenas and V8's large objects, malloc's main
 * `[heap]`); and which of the `node` binary's pages the process touched (its code, ICU's data,
 * the rest of its read-only data), from /proc/PID/pagemap and the binary's ELF symbols.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { productionEnv } from './lib/built-server';
import { load1 } from './lib/measure';

const { values } = parseArgs({
  options: {
    server: { type: 'string' },
    url: { type: 'string' },
    wait: { type: 'string', default: '2' },
    starts: { type: 'string', default: '3' },
    port: { type: 'string', default: '3531' },
  },
});
const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(values.server ?? path.join(ROOT, 'apps/api/dist'), 'server.js');
const PORT = Number(values.port);
const flags = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
const MiB = (kb: number) => (kb / 1024).toFixed(1);

/** ICU's data inside the node binary (symbol icudt*_dat), as file offsets. */
function icuRange(binary: string): [number, number] | undefined {
  try {
    const symbols = execFileSync('readelf', ['-sW', binary], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const line = symbols.split('\n').find((l) => /\sicudt\d+_dat$/.test(l));
    const [, value, size] = line?.trim().split(/\s+/) ?? [];
    if (!value || !size) return undefined;
    const load = execFileSync('readelf', ['-lW', binary], { encoding: 'utf8' }).match(/LOAD\s+0x0+\s+0x([0-9a-f]+)/);
    const base = Number.parseInt(load?.[1] ?? '0', 16);
    const start = Number.parseInt(value, 16) - base;
    return [start, start + (size.startsWith('0x') ? Number.parseInt(size, 16) : Number(size))];
  } catch {
    return undefined;
  }
}

/** The node binary's resident pages of this process, by region (KiB). */
function binaryPages(pid: number, binary: string, icu?: [number, number]) {
  const kb = { code: 0, icu: 0, rodata: 0 };
  const fd = openSync(`/proc/${pid}/pagemap`, 'r');
  const entry = Buffer.alloc(8);
  for (const line of readFileSync(`/proc/${pid}/maps`, 'utf8').trim().split('\n')) {
    const [range, perms, offset, , , file] = line.split(/\s+/);
    if (file !== binary || !range || !perms || !offset) continue;
    const [start, end] = range.split('-').map((x) => Number.parseInt(x, 16)) as [number, number];
    for (let page = start; page < end; page += 4096) {
      readSync(fd, entry, 0, 8, (page / 4096) * 8);
      if (!(entry.readBigUInt64LE() >> 63n)) continue;
      const at = page - start + Number.parseInt(offset, 16);
      if (perms.includes('x')) kb.code += 4;
      else if (icu && at >= icu[0] && at < icu[1]) kb.icu += 4;
      else kb.rodata += 4;
    }
  }
  closeSync(fd);
  return kb;
}

/** The process's mappings from /proc/PID/smaps, summed by kind (KiB). */
function mappings(pid: number, binary: string) {
  const kb = { v8Pages: 0, anonBlocks: 0, mallocHeap: 0, otherAnon: 0, libraries: 0, binary: 0 };
  let kind: keyof typeof kb = 'otherAnon';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const size = (Number.parseInt(head[2] as string, 16) - Number.parseInt(head[1] as string, 16)) / 1024;
      const name = head[3] ?? '';
      if (name === '[heap]') kind = 'mallocHeap';
      else if (name === binary) kind = 'binary';
      else if (name.startsWith('/')) kind = 'libraries';
      else if (name) kind = 'otherAnon';
      else kind = size === 256 ? 'v8Pages' : size >= 512 ? 'anonBlocks' : 'otherAnon';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kb[kind] += Number(rss[1]);
  }
  return kb;
}

async function healthy(child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
}

const binary = execFileSync('readlink', ['-f', process.execPath], { encoding: 'utf8' }).trim();
const icu = icuRange(binary);
const url = values.url ?? process.env.DATABASE_URL ?? '';
console.log(
  `bench:idle ${new Date().toISOString()}, load ${load1()}, ${SERVER}, flags [${flags.join(' ')}], ${url ? 'DATABASE_URL' : 'embedded'}`,
);
for (let i = 0; i < Number(values.starts); i++) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-idle-'));
  const child = spawn(process.execPath, [...flags, SERVER], {
    env: productionEnv(dataDir, PORT, { DATABASE_URL: url, SEED_DEMO: 'false' }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await healthy(child);
    await new Promise((r) => setTimeout(r, Number(values.wait) * 1000));
    const pid = child.pid as number;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    const m = mappings(pid, binary);
    const b = binaryPages(pid, binary, icu);
    console.log(
      `start ${i + 1}: RSS ${MiB(field('VmRSS'))} MiB = anonymous ${MiB(field('RssAnon'))} + file-backed ${MiB(field('RssFile'))}; ` +
        `anonymous: V8 heap pages ${MiB(m.v8Pages)}, blocks of 512 KiB+ (malloc thread arenas, V8 large objects) ${MiB(m.anonBlocks)}, ` +
        `malloc [heap] ${MiB(m.mallocHeap)}, other ${MiB(m.otherAnon)}; node binary: code ${MiB(b.code)}, ICU data ${MiB(b.icu)}, ` +
        `other read-only ${MiB(b.rodata)}; shared libraries ${MiB(m.libraries)}; threads ${field('Threads')}`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}
