import type { Locator, Page, PageScreenshotOptions } from '@playwright/test';

/**
 * Journeys save screenshots for people to look at; no check reads them. Each costs the browser
 * 0.5 to 0.9 s of CPU (a full page the most), so a CI run skips them unless E2E_SCREENSHOTS names
 * the directory to save them in.
 */
const TAKE_SCREENSHOTS = !process.env.CI || !!process.env.E2E_SCREENSHOTS;

/** `target.screenshot(options)` when screenshots are taken. */
export async function shot(target: Page | Locator, options: PageScreenshotOptions): Promise<void> {
  if (TAKE_SCREENSHOTS) await target.screenshot(options);
}
