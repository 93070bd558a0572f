import AxeBuilder from '@axe-core/playwright';
import { type Page, expect } from '@playwright/test';

/** The serious and critical violations of the page as it is now, one readable line each. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Fails on any serious or critical accessibility violation of the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  expect(await seriousA11yViolations(page), `axe on ${page.url()}`).toEqual([]);
}
