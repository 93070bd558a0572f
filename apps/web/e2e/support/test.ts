import { createHash } from 'node:crypto';
import { closeSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, test as base, expect } from '@playwright/test';
import { ApiTrail } from './api-trail';
import { expectNoSeriousA11yViolations, seriousA11yViolations } from './axe';
import { workerBaseURL } from './ports';
import { watchScreens } from './screen-watch';

/**
 * Every journey imports `test` from here instead of '@playwright/test': axe then runs by itself on
 * every distinct screen the journey shows, with no violation of any impact allowed (AXE_COLLECT
 * instead lists every finding in a file, support/axe.ts).
 *
 * - Before each `page.goto`, the screen being left is audited (the journey is done with it).
 * - A screen reached inside the app (a link, a redirect, the back button) or a dialog that opens is
 *   audited once it has settled (no DOM change for half a second, nothing busy), while the journey
 *   goes on; its violations fail the test at the end (screen-watch.ts).
 * - After the test, every page still open in every context of the test is audited.
 * - `a11y.check(page)` audits an intermediate screen on demand (a dialog or menu open, a form
 *   showing its errors); explicit checks always run, and the screen they audit is not audited
 *   automatically again. `a11y.checkOnce(page)` (the sweeps of screens) audits only a screen no
 *   journey has audited yet in the run.
 * Automatic audits run once per distinct screen in the run, whichever worker reaches it first (path
 * with ids folded, phone or desktop, which dialogs or menus are open), which keeps the added
 * browser time small.
 * A failed test also prints its API trail (api-trail.ts): the API's refusals and failures and the
 * pages' navigations before it failed.
 * Contexts prefer reduced motion, so a toast or dialog is never audited half faded in (a spec
 * about an animation opts out with test.use({ contextOptions: { reducedMotion: 'no-preference' } })).
 */
export interface A11yAudit {
  /** Audits the page as it is now; fails the test on any violation. */
  check(page: Page): Promise<void>;
  /** Audits the page unless a journey of this run already audited the same screen (a sweep of screens). */
  checkOnce(page: Page): Promise<void>;
  /** How many audits this test ran (automatic and explicit). */
  readonly audits: number;
}

/**
 * Screens already audited in this run, by every worker: a file per screen in the run's directory
 * (global-setup.ts), created by the first audit to claim it.
 */
const auditedScreens = {
  /** True when this call claimed the screen (nobody had audited it). */
  claim(key: string): boolean {
    try {
      closeSync(openSync(screenFile(key), 'wx'));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  },
  /** An audit that could not read the screen gives it back, for the next visit. */
  release(key: string) {
    rmSync(screenFile(key), { force: true });
  },
};
function screenFile(key: string): string {
  const dir = process.env.E2E_AUDITED_DIR;
  if (!dir) throw new Error('E2E_AUDITED_DIR is set by global-setup.ts');
  return path.join(dir, createHash('sha1').update(key).digest('hex'));
}

/** A stable name for what the page shows: /admin/customers/:id desktop [dialog:New customer] (" dark" in the dark mode). */
async function screenKey(page: Page): Promise<string | null> {
  return page
    .evaluate(() => {
      if (location.protocol !== 'http:' && location.protocol !== 'https:') return null;
      const path = location.pathname
        .split('/')
        .map((segment) => (/\d/.test(segment) ? ':id' : segment))
        .join('/');
      const open = [...document.querySelectorAll('[role="dialog"],[role="alertdialog"],[role="menu"],[role="listbox"]')]
        .map((el) => `${el.getAttribute('role')}:${el.getAttribute('aria-label') ?? el.querySelector('h2')?.textContent ?? ''}`)
        .sort();
      const mode = matchMedia('(prefers-color-scheme: dark)').matches ? ' dark' : '';
      return `${path} ${innerWidth < 768 ? 'phone' : 'desktop'}${mode} [${open.join(',')}]`;
    })
    .catch(() => null); // a page mid-navigation or closed has nothing to audit
}

function isAppPage(page: Page, baseURL: string | undefined): boolean {
  return !page.isClosed() && !!baseURL && page.url().startsWith(baseURL);
}

export const test = base.extend<{ a11y: A11yAudit }>({
  // This worker's own server (global-setup starts one per worker).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(workerBaseURL());
  },

  contextOptions: async ({ contextOptions }, use) => {
    await use({ reducedMotion: 'reduce', ...contextOptions });
  },

  a11y: [
    async ({ context, browser, baseURL }, use, testInfo) => {
      let audits = 0;
      let axeMs = 0;
      const timed = async <T>(run: () => Promise<T>): Promise<T> => {
        const started = performance.now();
        try {
          return await run();
        } finally {
          axeMs += performance.now() - started;
        }
      };
      const check = async (page: Page) => {
        audits++;
        // The screen now counts as audited: an automatic audit of it (its settling, the goto
        // leaving it) would read the same screen again.
        const key = isAppPage(page, baseURL) ? await screenKey(page) : null;
        if (key) auditedScreens.claim(key);
        await timed(() => expectNoSeriousA11yViolations(page));
      };
      const auditOnce = async (page: Page) => {
        if (!isAppPage(page, baseURL)) return;
        const key = await screenKey(page);
        if (!key || !auditedScreens.claim(key)) return;
        audits++;
        let violations: string[];
        try {
          violations = (await timed(() => seriousA11yViolations(page, key))) ?? [];
        } catch (error) {
          // A frame that went away mid-audit (a print frame, a redirect) is audited on its next visit.
          if (!/detached|closed|navigat|destroyed/i.test(String(error))) throw error;
          auditedScreens.release(key);
          return;
        }
        expect(violations, `axe on ${page.url()} (${key})`).toEqual([]);
      };

      // Audits started by the page itself (a screen reached in the app, a dialog opened), run while
      // the journey goes on; their violations are reported when the test ends.
      const backgroundFailures: string[] = [];
      let background: Promise<void> = Promise.resolve();
      const auditInBackground = (page: Page) => {
        background = background.then(async () => {
          if (!isAppPage(page, baseURL)) return;
          const key = await screenKey(page);
          if (!key || !auditedScreens.claim(key)) return;
          audits++;
          try {
            // The journey went on to another screen, width or colour mode during the run: what
            // was read mixed two states, so it counts for neither; each is audited in its turn.
            const violations = await timed(() => seriousA11yViolations(page, key, async () => (await screenKey(page)) === key));
            if (!violations) {
              auditedScreens.release(key);
              return;
            }
            for (const v of violations) backgroundFailures.push(`${key}: ${v}`);
          } catch {
            // The page navigated or closed mid-audit: the next screen is audited in its turn.
            auditedScreens.release(key);
          }
        });
      };

      const patched = new WeakSet<Page>();
      const watchPage = (page: Page) => {
        if (patched.has(page)) return;
        patched.add(page);
        const goto = page.goto.bind(page);
        page.goto = async (url, options) => {
          await auditOnce(page);
          return goto(url, options);
        };
      };
      const contexts = new Set<BrowserContext>();
      const trail = new ApiTrail();
      const watchContext = async (ctx: BrowserContext) => {
        contexts.add(ctx);
        trail.watch(ctx);
        for (const page of ctx.pages()) watchPage(page);
        ctx.on('page', watchPage);
        await watchScreens(ctx, auditInBackground);
      };
      await watchContext(context);

      // Journeys with several people open their own contexts; those are watched too.
      const restore = patchBrowser(browser, watchContext);
      try {
        await use({
          check,
          // After this test's audits in the background: one that had to give its screen back
          // (the page changed under it) leaves it to this one.
          checkOnce: async (page: Page) => {
            await background;
            await auditOnce(page);
          },
          get audits() {
            return audits;
          },
        });
      } finally {
        restore();
      }
      await trail.report(testInfo);
      // A failed journey already says why; auditing its broken state would only add noise.
      if (testInfo.status === testInfo.expectedStatus) {
        await background;
        for (const ctx of contexts) {
          for (const page of ctx.pages()) await auditOnce(page);
        }
        expect(backgroundFailures, 'axe on the screens reached inside the app').toEqual([]);
      }
      // What axe cost this test, for the time budget of the suite.
      testInfo.annotations.push({ type: 'axe audits', description: `${audits} in ${Math.round(axeMs)} ms` });
    },
    { auto: true },
  ],
});

/**
 * Makes browser.newContext / newPage prefer reduced motion and report each new context. newPage
 * gets a context of its own that closes with the page (as Playwright's does), but an ordinary one:
 * axe opens a helper page in the page's context, which a newPage() context refuses.
 */
function patchBrowser(browser: Browser, onContext: (ctx: BrowserContext) => Promise<void>): () => void {
  const newContext = browser.newContext;
  const newPage = browser.newPage;
  browser.newContext = async (options) => {
    const ctx = await newContext.call(browser, { reducedMotion: 'reduce', ...options });
    await onContext(ctx);
    return ctx;
  };
  browser.newPage = async (options) => {
    const ctx = await browser.newContext(options);
    const page = await ctx.newPage();
    page.once('close', () => void ctx.close().catch(() => {}));
    return page;
  };
  return () => {
    browser.newContext = newContext;
    browser.newPage = newPage;
  };
}

export { expect };
