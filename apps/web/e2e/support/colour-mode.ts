import { type Page, expect } from '@playwright/test';

/**
 * The system's colour mode turns `mode` on the open page. Turning dark returns once the page's
 * surface has changed and no colour is still fading (lib/theme.ts switches with transitions off,
 * but reading the body's colour can recompute styles before the page's own switch runs).
 */
export async function turnSystemMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  const body = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const before = await body();
  await page.emulateMedia({ colorScheme: mode });
  if (mode === 'light') return;
  await expect.poll(body, { message: 'dark body' }).not.toBe(before);
  await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition));
}
