import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL } from './e2e/support/browsers';
import { E2E_WORKERS, workerBaseURL } from './e2e/support/ports';

const browser = { browserName: 'chromium', viewport: { width: 1280, height: 800 } } as const;

/**
 * Two spec files that only read (public pages; one signs in through the API) run last. A file's
 * tests run in one worker and Playwright hands out files in project order, then by path: tickets/,
 * the last path and a long journey, used to run alone at the end while the other worker idled
 * (docs/performance.md "CI time"); now the other worker has these short tests to run
 * meanwhile. Every other file keeps its place: journeys share their worker's database and some
 * expect what the files before them left (billing/ wants the demo customer's invoices as they are
 * before floor/scan-gun-journey.spec.ts makes 30 packages ready, which invoices them; it failed
 * when long files were moved first), so nothing that writes moves.
 */
/**
 * A journey that pays the demo customer's open invoice runs after billing/, which expects it unpaid
 * (it also switches the platform's default courier and puts it back).
 */
const PAYS_DEMO_INVOICE = ['auth/own-courier-journey.spec.ts'];

const RUN_LAST = ['public/pages.spec.ts', 'public/prerender.spec.ts', ...PAYS_DEMO_INVOICE].map((file) => `**/e2e/${file}`);

/**
 * Journeys in Chromium's headless shell (support/browsers.ts) against the production build,
 * served by the API on a fresh embedded database (a new DATA_DIR each run) with the demo data and
 * a loopback SMTP sink: one server, database and sink per worker (E2E_WORKERS: 2 in CI, else 1),
 * a spec file's tests in one worker.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  // CI machines are shared: a long journey under load has taken 1.5 min; the timeout is a hang detector, not a speed test.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    // Worker 0's; support/test.ts gives every worker its own server.
    baseURL: workerBaseURL(0),
    // Recording a trace costs about a third of a journey's CPU (screencast and DOM snapshots of every
    // step): CI records one only when it runs a failed test again, which is the run worth reading.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The staff portal's service worker (the installable scan station) precaches every screen and
    // sits between the page and page.route(): journeys run without it, as a first visit does;
    // floor/scan-station-pwa.spec.ts allows it in its own contexts.
    serviceWorkers: 'block',
    // Chromium's headless shell (support/browsers.ts).
    launchOptions: { executablePath: HEADLESS_SHELL, args: CHROMIUM_ARGS },
  },
  // Two read-only files and the journey that pays the demo invoice, after the rest (see RUN_LAST).
  projects: [
    { name: 'chromium', testIgnore: RUN_LAST, use: browser },
    { name: 'chromium-last', testMatch: RUN_LAST, use: browser },
  ],
});
