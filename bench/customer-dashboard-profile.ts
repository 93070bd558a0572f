/**
 * Where the signed-in customer dashboard's JavaScript time goes before its largest paint (the US
 * address): V8's sampling profiler during a first visit, each sample's own time mapped through the
 * build's source maps to the source file (and, for the files named by --functions, the function
 * and line), summed over the runs. A sample is thread time spent in that code, so the split is
 * comparable on a loaded machine, though all figures grow with the load.
 *
 *   npx tsx bench/customer-dashboard-profile.ts [--runs 4] [--top 40] [--functions react-router,tailwind-merge] [--dist DIR]
 *
 * Without --dist it builds the web app with source maps into a temporary directory first (~40 s);
 * the served build is then that one. Phone-sized window (412 x 823), no throttling.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map';
import { demoCustomerToken, startBuiltServer } from './lib/built-server';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = Number(option('runs') ?? 4);
const top = Number(option('top') ?? 40);
const functions = (option('functions') ?? '').split(',').filter(Boolean);
const port = Number(option('port') ?? 3495);

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number };
}

let dist = option('dist');
if (!dist) {
  dist = mkdtempSync(path.join(os.tmpdir(), 'dashboard-profile-'));
  console.log(`building the web app with source maps into ${dist}`);
  execFileSync('npx', ['vite', 'build', '--sourcemap', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: path.resolve(import.meta.dirname, '../apps/web'),
    stdio: 'inherit',
  });
}
const webDist = path.resolve(dist);
process.env.WEB_DIST = webDist;

const maps = new Map<string, SourceMapConsumer | null>();
async function sourceMap(url: string): Promise<SourceMapConsumer | null> {
  if (!maps.has(url)) {
    const file = path.join(webDist, `${new URL(url).pathname}.map`);
    maps.set(url, existsSync(file) ? await new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
  }
  return maps.get(url) ?? null;
}

/** The source a sample's frame belongs to: node_modules/<package path> or src/<path>, else the script. */
async function where(frame: ProfileNode['callFrame']): Promise<string> {
  if (!frame.url) return `(${frame.functionName || 'native'})`;
  const position = (await sourceMap(frame.url))?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!position?.source) return frame.url.replace(/^https?:\/\/[^/]+/, '');
  const source = position.source.replace(/^.*node_modules\//, 'node_modules/').replace(/^.*\/src\//, 'src/');
  return functions.some((f) => source.includes(f)) ? `${source} ${frame.functionName || '(anonymous)'}:${position.line}` : source;
}

const server = await startBuiltServer(port);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const self = new Map<string, number>();
try {
  const token = await demoCustomerToken(server.base);
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.goto(`${server.base}/api/health`);
    await page.evaluate((t) => window.localStorage.setItem('token', t), token);
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
          if (entry.element?.tagName === 'ADDRESS') (window as { addressPainted?: number }).addressPainted = entry.startTime;
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.base}/customer/dashboard`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as { addressPainted?: number }).addressPainted !== undefined, null, {
      polling: 5,
      timeout: 30_000,
    });
    const { profile } = await cdp.send('Profiler.stop');
    const nodes = new Map((profile.nodes as ProfileNode[]).map((node) => [node.id, node]));
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      const node = nodes.get(samples[i] ?? -1);
      if (!node) continue;
      const key = await where(node.callFrame);
      if (key === '((idle))' || key === '((program))') continue;
      self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0));
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
const total = [...self.values()].reduce((sum, us) => sum + us, 0);
console.log(
  `JavaScript before the largest paint: ${(total / 1000 / runs).toFixed(1)} ms a visit (mean of ${runs}; load ${os.loadavg()[0]?.toFixed(1)})`,
);
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${(us / 1000 / runs).toFixed(2).padStart(8)} ms  ${key}`);
}
