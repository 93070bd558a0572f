/**
 * The main thread's CPU time of the signed-in customer dashboard's first visit, from Chrome's trace:
 * thread time (not wall time, so another process's load barely moves it) of the renderer's tasks
 * before the largest paint and in the whole load, by kind, the long tasks, and the scripts fetched
 * before the largest paint. Builds are alternated within one run, each on a fresh server:
 *
 *   npx tsx bench/customer-dashboard-cpu.ts [--port 3498] [--rounds 3] [--tasks] <dist dir> [<dist dir> ...]
 *
 * (default: apps/web/dist). Phone-sized window (412 x 823), no throttling; the page is done when
 * the US address is shown and 3 s have passed (the badge counts, the live stream and the worker).
 */
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { demoCustomerToken, startBuiltServer } from './lib/built-server';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const port = Number(option('port') ?? 3498);
const rounds = Number(option('rounds') ?? 3);
const showTasks = args.includes('--tasks') && args.splice(args.indexOf('--tasks'), 1).length > 0;
const dists = args.length ? args : ['apps/web/dist'];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; resourceType?: string; frame?: string } };
}

interface Figures {
  lcpMs: number;
  cpuBeforeLcp: number;
  cpuTotal: number;
  tasksBeforeLcp: number;
  longTasks: number;
  scriptsBeforeLcp: number;
  kinds: Record<string, number>;
  /** The longest tasks of the load: start and thread time in ms, and what they ran. */
  top: string[];
}

const KINDS: Record<string, string> = {
  EvaluateScript: 'script',
  'v8.compile': 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  'v8.evaluateModule': 'script',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  ParseHTML: 'parse',
  ParseAuthorStyleSheet: 'parse',
  Paint: 'paint',
  MajorGC: 'gc',
  MinorGC: 'gc',
};

function analyse(events: TraceEvent[]): Figures {
  const threadNames = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // The page's renderer: the main thread with the most task time.
  let best: { pid: number; tid: number; sum: number } | undefined;
  for (const t of threadNames) {
    const sum = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask').reduce((s, e) => s + (e.tdur ?? 0), 0);
    if (!best || sum > best.sum) best = { pid: t.pid, tid: t.tid, sum };
  }
  if (!best) throw new Error('no renderer main thread in the trace');
  const main = events.filter((e) => e.pid === best.pid && e.tid === best.tid);
  const nav = main.find((e) => e.name === 'navigationStart') ?? events.find((e) => e.name === 'navigationStart');
  const start = nav?.ts ?? 0;
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1);
  if (!lcp) throw new Error('no largest paint in the trace');
  const tasks = main.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.ts >= start);
  const before = tasks.filter((e) => e.ts < lcp.ts);
  const ms = (us: number) => Math.round(us / 100) / 10;
  const kinds: Record<string, number> = {};
  // Top-level events of each kind inside the tasks before the largest paint (nested ones not twice).
  const openUntil: Record<string, number> = {};
  for (const e of main) {
    const kind = KINDS[e.name];
    if (!kind || e.ph !== 'X' || e.ts < start || e.ts >= lcp.ts) continue;
    if ((openUntil[kind] ?? 0) > e.ts) continue;
    openUntil[kind] = e.ts + (e.dur ?? 0);
    kinds[kind] = (kinds[kind] ?? 0) + (e.tdur ?? e.dur ?? 0);
  }
  const scripts = events.filter((e) => e.name === 'ResourceSendRequest' && e.args?.data?.resourceType === 'Script' && e.ts < lcp.ts);
  const scriptUrls = new Set(
    events
      .filter((e) => e.name === 'ResourceSendRequest' && e.ts < lcp.ts && /\.js(\?|$)/.test(e.args?.data?.url ?? ''))
      .map((e) => e.args?.data?.url),
  );
  const label = (task: TraceEvent) => {
    const end = task.ts + (task.dur ?? 0);
    const inner = main.filter((e) => e.ph === 'X' && e.ts >= task.ts && e.ts < end && e !== task && KINDS[e.name]);
    const what = inner.find((e) => e.args?.data?.url) ?? inner[0];
    const url = what?.args?.data?.url?.replace(/^https?:\/\/[^/]+/, '') ?? '';
    return `${what?.name ?? '?'} ${url}`.trim();
  };
  const top = [...tasks]
    .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
    .slice(0, 8)
    .map((t) => `${ms(t.ts - start)}+${ms(t.tdur ?? 0)}${t.ts < lcp.ts ? '' : ' (after LCP)'} ${label(t)}`);
  // The tasks before the largest paint summed by what they run (thread time), largest first.
  const byLabel = new Map<string, { us: number; count: number }>();
  for (const t of before) {
    const key = label(t);
    const sum = byLabel.get(key) ?? { us: 0, count: 0 };
    byLabel.set(key, { us: sum.us + (t.tdur ?? 0), count: sum.count + 1 });
  }
  for (const [key, sum] of [...byLabel].sort((a, b) => b[1].us - a[1].us).slice(0, 12)) {
    top.push(`before LCP, ${sum.count} tasks, ${ms(sum.us)} ms: ${key}`);
  }
  top.push(`scripts before LCP: ${[...scriptUrls].map((u) => u?.replace(/^.*\//, '')).join(' ')}`);
  return {
    top,
    lcpMs: ms(lcp.ts - start),
    cpuBeforeLcp: ms(before.reduce((s, e) => s + (e.tdur ?? 0), 0)),
    cpuTotal: ms(tasks.reduce((s, e) => s + (e.tdur ?? 0), 0)),
    tasksBeforeLcp: before.length,
    longTasks: tasks.filter((e) => (e.tdur ?? 0) >= 50_000).length,
    scriptsBeforeLcp: Math.max(scripts.length, scriptUrls.size),
    kinds: Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, ms(v)])),
  };
}

async function measure(dist: string): Promise<Figures> {
  process.env.WEB_DIST = path.resolve(dist);
  const server = await startBuiltServer(port);
  try {
    const token = await demoCustomerToken(server.base);
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    try {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await page.goto(`${server.base}/api/health`);
      await page.evaluate((t) => window.localStorage.setItem('token', t), token);
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'loading',
          'blink.user_timing',
          'v8',
          '__metadata',
          'toplevel',
        ],
      });
      await page.goto(`${server.base}/customer/dashboard`);
      await page.locator('address').first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(3000);
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      return analyse(trace.traceEvents);
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

console.log(
  `Customer dashboard, main-thread CPU (${new Date().toISOString()}; load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')})`,
);
const all = new Map<string, Figures[]>(dists.map((d) => [d, []]));
for (let round = 0; round < rounds; round++) {
  for (const dist of dists) {
    const f = await measure(dist);
    all.get(dist)?.push(f);
    if (showTasks) for (const t of f.top) console.log(`      ${t}`);
    console.log(
      `  ${dist}: LCP ${f.lcpMs} ms, CPU before LCP ${f.cpuBeforeLcp} ms in ${f.tasksBeforeLcp} tasks (${Object.entries(f.kinds)
        .map(([k, v]) => `${k} ${v}`)
        .join(
          ', ',
        )}), CPU of the load ${f.cpuTotal} ms, long tasks ${f.longTasks}, scripts before LCP ${f.scriptsBeforeLcp}; load ${os.loadavg()[0]?.toFixed(1)}`,
    );
  }
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)] ?? 0;
for (const [dist, runs] of all) {
  const m = (k: 'lcpMs' | 'cpuBeforeLcp' | 'cpuTotal' | 'longTasks' | 'scriptsBeforeLcp') => median(runs.map((r) => r[k]));
  console.log(
    `median ${dist}: CPU before LCP ${m('cpuBeforeLcp')} ms, CPU of the load ${m('cpuTotal')} ms, long tasks ${m('longTasks')}, scripts before LCP ${m('scriptsBeforeLcp')}, LCP ${m('lcpMs')} ms`,
  );
}
