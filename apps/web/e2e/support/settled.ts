import type { Frame, Page } from '@playwright/test';

/**
 * Waits for the page's fonts and images. Not 'networkidle': a signed-in portal keeps its live
 * stream open, so its network is never idle.
 */
export async function pageSettled(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const loading = [...document.images].filter((img) => !img.complete);
    await Promise.all(
      loading.map(
        (img) =>
          new Promise<void>((done) => {
            img.addEventListener('load', () => done(), { once: true });
            img.addEventListener('error', () => done(), { once: true });
          }),
      ),
    );
  });
}

/** What a screen still loading shows: a busy region or a spinner. */
export const BUSY = '[aria-busy="true"], [role="status"] svg.animate-spin';

/**
 * Waits until the screen has loaded: no spinner or busy region, and its heading (`heading`, a CSS
 * selector) shown, both at once. Checked one after the other, the two passed on the route guard's
 * spinner, whose heading says "Loading", and an audit then read the screen still loading.
 */
export async function screenLoaded(page: Page | Frame, heading = 'h1') {
  await page.waitForFunction(
    ({ busy, selector }) => {
      const shown = document.querySelector(selector);
      return document.querySelector(busy) === null && shown !== null && shown.getClientRects().length > 0;
    },
    { busy: BUSY, selector: heading },
    { timeout: 15_000 },
  );
}
