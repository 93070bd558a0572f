/**
 * Lighthouse (mobile: Moto G Power, simulated slow 4G, 4x CPU slowdown) on the signed-in customer
 * dashboard, a first visit with an empty cache: performance score, largest contentful paint, first
 * paint, blocking time, and the JavaScript transferred (every script of the load, gzip bodies with
 * their response headers, about 1 KB a file: `npm run bench:web` counts the bodies alone).
 *
 *   npm run build && npm run bench:customer-dashboard [-- --port 3498] [--runs 3] [--files] [--details] [--json DIR]
 *
 * `--details` prints, for each run, what the largest paint is and waits for: its element, its
 * phases, the critical request chain, the main thread's work by kind and by script, and the long
 * tasks (lib/lighthouse-details.ts). `--json <dir>` keeps each run's whole report (run-N.json).
 * WEB_DIST=<dist dir> measures another build of the web app.
 *
 * It starts the built server on a fresh embedded database with the demo data, signs the demo
 * customer in through the API and puts the token where the app keeps it (local storage), from a
 * same-origin JSON address so no script is cached before the run; Lighthouse then keeps that
 * storage (disableStorageReset), and before each run the HTTP cache, the customer app's service
 * worker and its caches are cleared. Targets: performance 90+, largest
 * paint 2.5 s or less, JavaScript 220 KB or less.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { demoCustomerToken, startBuiltServer } from './lib/built-server';
import { printDetails } from './lib/lighthouse-details';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const port = Number(option('port') ?? 3498);
const runs = Math.max(1, Number(option('runs') ?? 3));
const PATH = '/customer/dashboard';

interface Run {
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  jsKb: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

async function main() {
  console.log(
    `Customer dashboard${process.env.WEB_DIST ? ` (${process.env.WEB_DIST})` : ''}, Lighthouse mobile (${new Date().toISOString()}; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')})`,
  );
  const server = await startBuiltServer(port);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const results: Run[] = [];
  try {
    const token = await demoCustomerToken(server.base);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0];
    if (!context) throw new Error('no browser context');
    while (results.length < runs) {
      const page = await context.newPage();
      await page.goto(`${server.base}/api/health`);
      // A first visit: no HTTP cache, and no customer app worker (an earlier run installed it) nor its caches.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', { origin: server.base, storageTypes: 'service_workers,cache_storage,local_storage' });
      await page.evaluate((t) => window.localStorage.setItem('token', t), token);
      await page.close();
      const result = await lighthouse(`${server.base}${PATH}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      });
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError || lhr.categories.performance?.score == null) {
        console.log(`  run failed (${lhr?.runtimeError?.code ?? 'no score'}); again`);
        continue;
      }
      if (!lhr.finalDisplayedUrl.endsWith(PATH)) throw new Error(`ended on ${lhr.finalDisplayedUrl}: not signed in`);
      const items =
        (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })?.items ?? [];
      const scripts = items.filter((i) => i.resourceType === 'Script');
      const jsBytes = scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
      if (args.includes('--files') && results.length === 0) {
        for (const i of [...scripts].sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))) {
          console.log(`  ${(((i.transferSize ?? 0) / 1024).toFixed(1)).padStart(6)}  ${(i as { url?: string }).url ?? ''}`);
        }
      }
      const run: Run = {
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        jsKb: Math.round((jsBytes / 1024) * 10) / 10,
      };
      results.push(run);
      console.log(
        `  run ${results.length}: performance ${run.performance}, LCP ${run.lcpMs} ms, FCP ${run.fcpMs} ms, TBT ${run.tbtMs} ms, JS ${run.jsKb} KB`,
      );
      if (args.includes('--details')) printDetails(lhr);
      const jsonDir = option('json');
      if (jsonDir) {
        mkdirSync(jsonDir, { recursive: true });
        writeFileSync(path.join(jsonDir, `run-${results.length}.json`), JSON.stringify(lhr));
      }
    }
    await browser.close();
  } finally {
    chrome.kill();
    await server.stop();
  }
  const m = (key: keyof Run) => median(results.map((r) => r[key]));
  console.log(
    `\nMedian of ${runs}: performance ${m('performance')}, LCP ${m('lcpMs')} ms, FCP ${m('fcpMs')} ms, TBT ${m('tbtMs')} ms, JS ${m('jsKb')} KB`,
  );
  const missed = m('performance') < 90 || m('lcpMs') > 2500 || m('jsKb') > 220;
  if (missed) console.log('Below a target (performance 90, LCP 2.5 s, JS 220 KB).');
  process.exitCode = missed ? 1 : 0;
}

await main();
