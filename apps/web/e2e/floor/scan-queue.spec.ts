import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { tokenFor } from '../support/auth';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/floor-shots';

/** A keyboard-wedge scanner: the characters, then Enter, with no pause. */
async function gun(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 0 });
  await page.keyboard.press('Enter');
}

/**
 * The next parcel scanned while the previous one is still saving (a slow connection: each receipt
 * takes 2 s) is kept: looked up once the receipt is done, listed in the last scans, its form open.
 */
test('a scan made while the previous receipt saves is handled after it', async ({ browser, request }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const first = `1ZQA${stamp}1`;
  const second = `1ZQA${stamp}2`;
  const token = await tokenFor(request, 'staff');
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  await page.route('**/api/packages', async (route) => {
    if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 2000));
    await route.continue();
  });
  await page.goto('/staff/scan');
  await page.getByRole('textbox', { name: 'Tracking number', exact: true }).focus();

  await gun(page, first);
  await expect(page.getByLabel('Weight (lb)')).toBeFocused();
  await gun(page, '2');
  // The gun reads the next box at once, while the first is saving.
  await gun(page, second);

  const history = page.getByRole('list', { name: 'Last scans' });
  await expect(history.getByRole('listitem')).toHaveCount(3, { timeout: 15_000 });
  await expect(history.getByRole('listitem').nth(0)).toContainText(second);
  await expect(history.getByRole('listitem').nth(1)).toContainText('Package received');
  await expect(history.getByRole('listitem').nth(2)).toContainText(first);
  await expect(page.getByText(`Receive ${second}`)).toBeVisible();
  await expect(page.getByLabel('Weight (lb)')).toBeFocused();
  await shot(page, { path: `${SHOTS}/scan-queue.png`, fullPage: true });
  await context.close();
});
