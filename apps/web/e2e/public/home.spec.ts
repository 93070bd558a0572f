import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/axe';

test('the home page loads from the production build', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const routerWarnings: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('HydrateFallback')) routerWarnings.push(m.text());
  });
  await page.goto('/');
  const cta = page.getByRole('link', { name: 'Get Your US Address' });
  await expect(cta).toBeVisible();
  await expect(cta).toHaveAttribute('href', /\/register\?api_key=/);
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
  expect(routerWarnings).toEqual([]);
});

test('an unknown path goes to the home page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});
