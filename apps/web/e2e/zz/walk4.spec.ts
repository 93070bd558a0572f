import { expect, test } from '../support/test';
test('reports 375', async ({ page, request }) => {
  const a = await request.post('/api/auth/login', { data: { email: 'admin@jamaicaexpress.test', password: 'CourierAdmin#2026' } });
  expect(a.ok()).toBe(true);
  const at = ((await a.json()) as { token: string }).token;
  await page.addInitScript((t) => window.localStorage.setItem('token', t), at);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto('/admin/reports');
  await page.getByTestId('revenue-table').waitFor();
  await page.getByText('Revenue invoiced and collected').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/walk/rep-375.png' });
  await page.getByLabel('Group by').selectOption('week');
  await page.waitForTimeout(800);
  await page.getByTestId('revenue-table').screenshot({ path: '/tmp/walk/rep-week.png' });
  await page.getByText('Packages received per day').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/walk/rep-375-b.png' });
});
