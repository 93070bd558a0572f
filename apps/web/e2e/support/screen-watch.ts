import type { BrowserContext, Page } from '@playwright/test';
import { BUSY } from './settled';

/** The binding the page calls when a new screen has settled. */
const BINDING = '__a11yScreenSettled';

/**
 * Runs in every document of the context: after a change of address inside the app (pushState,
 * replaceState, back and forward) or a dialog coming up, and once after the document loads, it waits
 * until the page is still (no DOM change for 500 ms, no busy region or spinner; at most 8 s) and
 * tells the test. Only then is the screen what the person sees, not its loading state.
 */
function pageScript({ binding, busySelector }: { binding: string; busySelector: string }) {
  const w = window as unknown as Record<string, (() => Promise<void>) | undefined>;
  let timer: number | undefined;
  /** A screen change waits to settle: from the trigger to the call. */
  let pending = false;
  let deadline = 0;
  // The app's root still empty is its script loading: a blank page, not yet a screen.
  const busy = () => document.querySelector(busySelector) !== null || document.getElementById('root')?.childElementCount === 0;
  const settleThenTell = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => {
      if (busy() && Date.now() < deadline) {
        settleThenTell();
        return;
      }
      pending = false;
      void w[binding]?.().catch(() => undefined);
    }, 500);
  };
  const changed = () => {
    pending = true;
    deadline = Date.now() + 8_000;
    settleThenTell();
  };
  // A dialog coming up is a new screen; any other change only pushes the quiet period back.
  const observer = new MutationObserver((records) => {
    const dialog = records.some((r) =>
      [...r.addedNodes].some(
        (n) =>
          n instanceof Element &&
          (n.matches('[role="dialog"],[role="alertdialog"]') || n.querySelector('[role="dialog"],[role="alertdialog"]') !== null),
      ),
    );
    if (dialog) changed();
    else if (pending && Date.now() < deadline) settleThenTell();
  });
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      const before = location.pathname;
      original(...args);
      if (location.pathname !== before) changed();
    };
  }
  window.addEventListener('popstate', changed);
  const start = () => {
    observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
    changed();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}

/**
 * Calls `onSettled(page)` whenever a page of the context shows a new screen and it has settled (see
 * pageScript). The caller decides whether that screen still needs an audit.
 */
export async function watchScreens(context: BrowserContext, onSettled: (page: Page) => void): Promise<void> {
  await context.exposeBinding(BINDING, ({ page }) => {
    onSettled(page);
  });
  await context.addInitScript(pageScript, { binding: BINDING, busySelector: BUSY });
}
