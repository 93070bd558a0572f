import type { Page } from '@playwright/test';

/**
 * Draws a signature with the mouse (the pad takes pointer events from mouse, pen and touch). The pad
 * is scrolled into view first: the mouse only reaches what is on screen.
 */
export async function signOnPad(page: Page) {
  const pad = page.getByRole('img', { name: 'Signature box' });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature box');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 20, y + (i % 2 ? -20 : 20), { steps: 2 });
  await page.mouse.up();
}
