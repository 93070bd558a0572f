/**
 * The JavaScript a first visit to the signed-in customer dashboard downloads, read from the build:
 * the web app is built with Vite's manifest into a temporary folder, then the script follows the
 * manifest from index.html (the entry and its static imports) through the chunks the route loads
 * (the app shell `boot`, the customer layout and the dashboard page, each with its static imports)
 * and sums each file's gzip size. Chunks those load only on demand (a chart below the fold, a
 * dialog, the search palette) are listed apart and not counted.
 *
 *   npm run bench:js-budget                          # builds into a temporary folder
 *   npm run bench:js-budget -- --dist apps/web/dist   # reads a build made with --manifest
 *   options: --budget 220 (KB, gzip; exits 1 above it) --files (every file and its size) --why (which
 *   chunk brings each file in) --keep (keep the temporary build)
 *
 * `npm run bench:web` measures the same page in Chromium (what the browser really fetched); this
 * one needs no server and says which chunk carries what.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'apps/web');
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const BUDGET_KB = Number(option('budget') ?? 220);

/** The modules the router imports for /customer/dashboard (main.tsx -> boot -> the route's `lazy`). */
const ROUTE_MODULES = ['src/app/boot.tsx', 'src/app/routes/customer/customer-layout.tsx', 'src/app/routes/organisation/dashboard-page.tsx'];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function build(): { dist: string; cleanup: () => void } {
  const given = option('dist');
  if (given) return { dist: path.resolve(ROOT, given), cleanup: () => {} };
  const dist = mkdtempSync(path.join(os.tmpdir(), 'js-budget-'));
  console.log(`Building the web app into ${dist} ...`);
  const run = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], {
    cwd: WEB,
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error(`vite build exited with ${run.status}`);
  if (args.includes('--keep')) return { dist, cleanup: () => console.log(`Build kept in ${dist}`) };
  return { dist, cleanup: () => rmSync(dist, { recursive: true, force: true }) };
}

/** Every manifest key reachable from `start` by static imports. */
function staticClosure(manifest: Manifest, start: string, into: Set<string>): void {
  if (into.has(start)) return;
  const chunk = manifest[start];
  if (!chunk) throw new Error(`${start} is not in the manifest`);
  into.add(start);
  for (const next of chunk.imports ?? []) staticClosure(manifest, next, into);
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function main() {
  const { dist, cleanup } = build();
  try {
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entry = Object.entries(manifest).find(([, c]) => c.isEntry && c.src === 'index.html')?.[0];
    if (!entry) throw new Error('no index.html entry in the manifest');
    const loaded = new Set<string>();
    for (const start of [entry, ...ROUTE_MODULES]) staticClosure(manifest, start, loaded);
    if (args.includes('--why')) {
      const via = new Map<string, string>();
      for (const key of loaded) for (const next of manifest[key]?.imports ?? []) if (!via.has(next)) via.set(next, key);
      for (const key of loaded) console.log(`  ${key} <- ${via.get(key) ?? '(start)'}`);
    }
    const onDemand = new Set<string>();
    for (const key of loaded) for (const d of manifest[key]?.dynamicImports ?? []) if (!loaded.has(d)) onDemand.add(d);

    const size = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
    const files = [...loaded].map((key) => ({ key, file: manifest[key]?.file ?? key, gzip: size(manifest[key]?.file ?? key) }));
    files.sort((a, b) => b.gzip - a.gzip);
    const css = [...new Set([...loaded].flatMap((k) => manifest[k]?.css ?? []))];
    const totalJs = files.reduce((sum, f) => sum + f.gzip, 0);
    const totalCss = css.reduce((sum, f) => sum + size(f), 0);

    console.log(`\nFirst visit to /customer/dashboard (${new Date().toISOString().slice(0, 10)}):`);
    console.log(`  JavaScript ${kb(totalJs)} KB gzip in ${files.length} files; CSS ${kb(totalCss)} KB gzip`);
    if (args.includes('--files')) for (const f of files) console.log(`  ${String(kb(f.gzip)).padStart(6)}  ${f.file}`);
    else for (const f of files.slice(0, 8)) console.log(`  ${String(kb(f.gzip)).padStart(6)}  ${f.file}`);
    const later = [...onDemand].map((key) => ({ key, gzip: size(manifest[key]?.file ?? key) })).sort((a, b) => b.gzip - a.gzip);
    const shown = args.includes('--files') ? later : later.slice(0, 8);
    console.log(
      `  On demand, not counted (${later.length} chunks; the largest): ${shown.map((l) => `${l.key} (${kb(l.gzip)} KB)`).join(', ')}`,
    );
    const within = kb(totalJs) <= BUDGET_KB;
    console.log(`\n${within ? 'Within' : 'Over'} the ${BUDGET_KB} KB budget.`);
    if (!within) process.exitCode = 1;
  } finally {
    cleanup();
  }
}

main();
