/**
 * The web app's weight and Lighthouse scores, measured on the production build.
 *
 *   npm run build            # this script builds nothing; it serves apps/web/dist as it is
 *   npm run bench:web [-- --port 3499] [--runs 3] [--pages /,/login] [--no-lighthouse] [--no-sizes] [--files] [--json out.json]
 *
 * It starts the built server (apps/api/dist/server.js) on a fresh embedded database with the demo
 * data, then:
 * 1. Sizes: in Chromium (Playwright) with an empty cache, the JavaScript and CSS bytes transferred
 *    (gzip, as the server sends them) for the home page and for each portal's first page, opened
 *    with a session stored the way the app stores it (the token in local storage, from the API's
 *    login). Target: the home page ships under 150 KB of JavaScript.
 * 2. Lighthouse (default config: mobile form factor, simulated throttling) of every public and
 *    sign-in page in the system Chromium: performance, accessibility, best practices and SEO, each the
 *    median of --runs runs (the performance score moves with the machine's load). Target: 95+.
 * Exits 1 when a target is missed, so the figures can gate a run.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBuiltServer } from './lib/built-server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const JS_BUDGET_KB = 150;
const SCORE_TARGET = 95;

const args = process.argv.slice(2);
function option(name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}
const port = Number(option('port') ?? process.env.PORT ?? 3499);
const runs = Math.max(1, Number(option('runs') ?? 1));
const base = `http://127.0.0.1:${port}`;

/** Part 1's public and sign-in pages (the forgot-password form is a dialog of the login pages). */
const LIGHTHOUSE_PAGES = [
  '/',
  '/how-it-works',
  '/assisted-purchase',
  '/contact',
  '/pricing',
  '/faq',
  '/privacy',
  '/terms',
  '/login',
  '/register',
  '/admin/login',
  '/staff/login',
  '/superadmin/login',
  '/reset-password?token=bench-token',
];
const pages = option('pages')?.split(',') ?? LIGHTHOUSE_PAGES;

/** Each portal's first page and the demo login that opens it (the API's sign-in routes). */
const PORTALS = [
  {
    name: 'Customer dashboard',
    path: '/customer/dashboard',
    login: '/api/customers/login',
    email: 'customer@example.test',
    password: 'Customer#2026',
  },
  {
    name: 'Courier admin dashboard',
    path: '/admin/dashboard',
    login: '/api/auth/login',
    email: 'admin@jamaicaexpress.test',
    password: 'CourierAdmin#2026',
  },
  {
    name: 'Staff dashboard',
    path: '/staff/dashboard',
    login: '/api/auth/staff/login',
    email: 'staff@jamaicaexpress.test',
    password: 'StaffMember#2026',
  },
  {
    name: 'Super admin dashboard',
    path: '/superadmin/dashboard',
    login: '/api/auth/super-admin/login',
    email: 'superadmin@courierportal.test',
    password: 'SuperAdmin#2026',
  },
];

async function startServer(): Promise<{ stop: () => Promise<void> }> {
  return startBuiltServer(port);
}

interface Weight {
  page: string;
  path: string;
  jsKb: number;
  cssKb: number;
  jsFiles: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function signIn(portal: (typeof PORTALS)[number]): Promise<string> {
  const res = await fetch(`${base}${portal.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: portal.email, password: portal.password }),
  });
  const body = (await res.json()) as { token?: string; message?: string };
  if (!res.ok || !body.token) throw new Error(`${portal.login} answered ${res.status}: ${body.message}`);
  return body.token;
}

/** Bytes on the wire (the encoded body: gzip where the server compressed) of every script and stylesheet. */
async function measureWeights(): Promise<Weight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const targets: { name: string; path: string; token?: string }[] = [{ name: 'Home page', path: '/' }];
  for (const portal of PORTALS) targets.push({ name: portal.name, path: portal.path, token: await signIn(portal) });
  const weights: Weight[] = [];
  try {
    for (const target of targets) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      if (target.token) {
        await context.addInitScript((token) => window.localStorage.setItem('token', token), target.token);
      }
      const page = await context.newPage();
      const pending: Promise<{ type: string; bytes: number; url: string }>[] = [];
      page.on('requestfinished', (request) => {
        const type = request.resourceType();
        if (type === 'script' || type === 'stylesheet') {
          pending.push(request.sizes().then((sizes) => ({ type, bytes: sizes.responseBodySize, url: request.url() })));
        }
      });
      await page.goto(`${base}${target.path}`, { waitUntil: 'networkidle' });
      if (new URL(page.url()).pathname !== target.path) throw new Error(`${target.path} ended on ${page.url()}`);
      const files = await Promise.all(pending);
      if (args.includes('--files')) {
        console.log(`\n${target.path}`);
        for (const f of [...files].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(f.bytes)}\t${new URL(f.url).pathname}`);
      }
      const sum = (type: string) => files.filter((f) => f.type === type).reduce((total, f) => total + f.bytes, 0);
      weights.push({
        page: target.name,
        path: target.path,
        jsKb: kb(sum('script')),
        cssKb: kb(sum('stylesheet')),
        jsFiles: files.filter((f) => f.type === 'script').length,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

interface Scores {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Each run's performance score, to show the spread. */
  performanceRuns: number[];
  /** Failed audits of the page's lowest run, to say what to fix. */
  failing: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

async function runLighthouse(): Promise<Scores[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const results: Scores[] = [];
  try {
    for (const pagePath of pages) {
      const perRun: { performance: number; accessibility: number; bestPractices: number; seo: number; failing: string[] }[] = [];
      // A run that could not measure (a runtime error such as NO_FCP when the machine stalls) is
      // retried rather than counted as a zero; at most `runs` such retries per page.
      let retriesLeft = runs;
      while (perRun.length < runs) {
        // Default config: mobile (Moto G Power), simulated slow 4G and 4x CPU slowdown.
        const result = await lighthouse(`${base}${pagePath}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
        const { categories, audits, runtimeError } = result.lhr;
        if (runtimeError || categories.performance?.score == null) {
          console.log(`  ${pagePath}: run failed (${runtimeError?.code ?? 'no performance score'})`);
          if (retriesLeft-- > 0) continue;
          throw new Error(`Lighthouse could not measure ${pagePath}`);
        }
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const ids = ['performance', 'accessibility', 'best-practices', 'seo'].flatMap((id) =>
          (categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0).map((ref) => ref.id),
        );
        const failing = ids.filter((id) => {
          const audit = audits[id];
          return audit && audit.score !== null && audit.score < 0.9;
        });
        perRun.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          failing,
        });
      }
      const lowest = perRun.reduce((a, b) => (b.performance < a.performance ? b : a));
      const scores: Scores = {
        path: pagePath,
        performance: median(perRun.map((r) => r.performance)),
        accessibility: median(perRun.map((r) => r.accessibility)),
        bestPractices: median(perRun.map((r) => r.bestPractices)),
        seo: median(perRun.map((r) => r.seo)),
        performanceRuns: perRun.map((r) => r.performance),
        failing: lowest.failing,
      };
      results.push(scores);
      console.log(
        `  ${pagePath}: ${scores.performance} / ${scores.accessibility} / ${scores.bestPractices} / SEO ${scores.seo}` +
          (runs > 1 ? ` (performance runs ${scores.performanceRuns.join(', ')})` : ''),
      );
    }
  } finally {
    chrome.kill();
  }
  return results;
}

function table(header: string[], rows: (string | number)[][]): string {
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}

async function main() {
  console.log(
    `Web app bench on ${base} (${new Date().toISOString()}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')})`,
  );
  const server = await startServer();
  let missed = false;
  const report: { weights?: Weight[]; lighthouse?: Scores[] } = {};
  try {
    if (!args.includes('--no-sizes')) {
      report.weights = await measureWeights();
      console.log('\nJavaScript and CSS transferred (gzip), empty cache:\n');
      console.log(
        table(
          ['Page', 'Path', 'JS KB', 'JS files', 'CSS KB'],
          report.weights.map((w) => [w.page, `\`${w.path}\``, w.jsKb, w.jsFiles, w.cssKb]),
        ),
      );
      const home = report.weights[0];
      if (home && home.jsKb >= JS_BUDGET_KB) {
        missed = true;
        console.log(`\nHome page JavaScript ${home.jsKb} KB is over the ${JS_BUDGET_KB} KB budget.`);
      }
    }
    if (!args.includes('--no-lighthouse')) {
      console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs} runs)` : ''} mobile, simulated throttling:`);
      report.lighthouse = await runLighthouse();
      console.log(
        `\n${table(
          ['Page', 'Performance', 'Accessibility', 'Best practices', 'SEO', 'Below 0.9'],
          report.lighthouse.map((s) => [
            `\`${s.path}\``,
            s.performance,
            s.accessibility,
            s.bestPractices,
            s.seo,
            s.failing.join(', ') || '-',
          ]),
        )}`,
      );
      const low = report.lighthouse.filter((s) => Math.min(s.performance, s.accessibility, s.bestPractices) < SCORE_TARGET);
      if (low.length > 0) {
        missed = true;
        console.log(`\nBelow ${SCORE_TARGET}: ${low.map((s) => s.path).join(', ')}`);
      }
    }
  } finally {
    await server.stop();
  }
  const out = option('json');
  if (out) writeFileSync(out, JSON.stringify(report, null, 2));
  process.exitCode = missed ? 1 : 0;
}

await main();
