import type { Page } from '@playwright/test';

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
