import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Frame, type Page, expect } from '@playwright/test';

/**
 * axe-core's own minified build, read once. It is what @axe-core/playwright injects (there the
 * unminified source, twice the size), but that builder evaluates it in the page on every audit,
 * then opens a blank page, evaluates it there again and merges the results in it (axe's way of
 * reaching cross-origin frames, which our pages do not have): about 60 % of an audit's time, and
 * audits were a third of the journeys' time (docs/performance.md "CI time"). Here axe is
 * evaluated once per document and frame and runs with axe.run, every rule as before.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeWindow = Window & { axe?: typeof import('axe-core') };

/** Puts axe in the frame unless its document already has it (a frame going away is left out, as the builder does). */
async function ensureAxe(frame: Frame, required: boolean): Promise<void> {
  try {
    const present = await frame.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function');
    if (!present) await frame.evaluate(AXE_SOURCE);
  } catch (error) {
    if (required) throw error;
  }
}

/** The audit running on each page: axe runs one at a time in a document, so each waits for the one before. */
const running = new WeakMap<Page, Promise<unknown>>();

/**
 * The impacts that fail a journey: all of axe's four. An AXE_COLLECT run of the suite found none of
 * any impact, so a new finding, even a minor one, is a regression.
 */
export const FAILING_IMPACTS: ReadonlySet<string> = new Set(['minor', 'moderate', 'serious', 'critical']);

/**
 * AXE_COLLECT=<file>: every finding of every impact is appended there as a JSON line (rule, impact,
 * address, screen, target, colour mode, width) and none fails the journey: a survey of the suite.
 */
const COLLECT = process.env.AXE_COLLECT;

/** One node of one violation, as axe found it. */
interface Finding {
  id: string;
  impact: string;
  help: string;
  target: string;
  message: string;
}

interface Audit {
  findings: Finding[];
  dark: boolean;
  width: number;
  /** The page's level-one headings as axe saw them, and the readiness of its document: said when one is missing. */
  headings: string;
}

/**
 * The failing violations of the page as it is now, one readable line per rule. `stillShown`, asked
 * once axe is done, says whether the screen audited is still the one shown; when it is not, the run
 * mixed two states and counts for neither (null: nothing collected, nothing failed).
 */
export function seriousA11yViolations(page: Page, screen?: string, stillShown?: () => Promise<boolean>): Promise<string[] | null> {
  const before = running.get(page) ?? Promise.resolve();
  const audit = before.catch(() => undefined).then(() => auditPage(page));
  running.set(page, audit);
  return audit.then(async (result) => (stillShown && !(await stillShown()) ? null : report(page, result, screen)));
}

function report(page: Page, { findings, dark, width, headings }: Audit, screen: string | undefined): string[] {
  if (COLLECT) {
    const url = page.url();
    const lines = findings.map((f) =>
      JSON.stringify({
        rule: f.id,
        impact: f.impact,
        url,
        screen: screen ?? null,
        target: f.target,
        mode: dark ? 'dark' : 'light',
        width,
        message: f.message,
      }),
    );
    if (lines.length > 0) appendFileSync(COLLECT, `${lines.join('\n')}\n`);
    return [];
  }
  const byRule = new Map<string, Finding[]>();
  for (const f of findings.filter((f) => FAILING_IMPACTS.has(f.impact))) byRule.set(f.id, [...(byRule.get(f.id) ?? []), f]);
  // The first node's finding says why (for contrast: both colours and the ratio).
  // A missing level-one heading says which ones the page held and whether it was still loading.
  const detail = (id: string) => (id === 'page-has-heading-one' ? ` (level-one headings: ${headings})` : '');
  return [...byRule.values()].map(([first, ...rest]) =>
    first
      ? `${first.id} (${first.impact}): ${first.help} (${[first, ...rest].map((n) => n.target).join(', ')}) ${first.message}${detail(first.id)}`
      : '',
  );
}

async function auditPage(page: Page): Promise<Audit> {
  // Every frame of the page (same-origin ones report through the main frame's run).
  for (const frame of page.frames()) await ensureAxe(frame, frame === page.mainFrame());
  return page.evaluate(async () => {
    const axe = (window as AxeWindow).axe;
    if (!axe) throw new Error('axe is not loaded');
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // The page as the person sees it once it settles: an update React has scheduled is committed
    // (two frames), and a button fading from its disabled or busy colour (150 ms transitions) has
    // ended, so it is not measured mid-way. Spinners loop forever and are not waited for.
    const settle = async () => {
      await frame();
      await frame();
      const settling = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
      await Promise.all(settling.map((a) => a.finished.catch(() => undefined)));
    };
    // An audit reads one state of the page. A change during the run (a sign-in's answer arriving:
    // the button enabled again, its background still the disabled one until the next frame) mixed
    // two states and failed colour contrast once; such a run is done again on the settled page.
    let results: import('axe-core').AxeResults;
    for (let attempt = 1; ; attempt++) {
      await settle();
      let changed = false;
      const watch = new MutationObserver(() => {
        changed = true;
      });
      watch.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      // The colour mode or the window's width switched mid-run (a journey trying both modes and
      // widths) changes colours and layout before the DOM does: such a run is done again too.
      const view = () => `${matchMedia('(prefers-color-scheme: dark)').matches} ${innerWidth}`;
      const viewBefore = view();
      // All nodes of the violations; passes and the rest are not read, so one node of each will do.
      results = await axe.run(document, { resultTypes: ['violations'] });
      watch.disconnect();
      if (view() !== viewBefore) changed = true;
      if (!changed || attempt === 3) break;
    }
    return {
      findings: results.violations.flatMap((v) =>
        v.nodes.map((n) => ({
          id: v.id,
          impact: n.impact ?? v.impact ?? 'minor',
          help: v.help,
          target: n.target.join(' '),
          message: n.any[0]?.message ?? n.all[0]?.message ?? n.none[0]?.message ?? '',
        })),
      ),
      dark: matchMedia('(prefers-color-scheme: dark)').matches,
      width: innerWidth,
      headings: `${
        [...document.querySelectorAll('h1')]
          .map((h) => `"${h.textContent?.trim().slice(0, 40)}"${h.closest('[aria-hidden="true"],[inert]') ? ' (hidden)' : ''}`)
          .join(', ') || 'none'
      }; document ${document.readyState}; busy ${document.querySelector('[aria-busy="true"]') !== null}`,
    };
  });
}

/** Fails on any accessibility violation of the page as it is now (of a failing impact). */
export async function expectNoSeriousA11yViolations(page: Page) {
  expect((await seriousA11yViolations(page)) ?? [], `axe on ${page.url()}`).toEqual([]);
}
