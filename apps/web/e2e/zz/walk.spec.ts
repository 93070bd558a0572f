import { expect, test } from '../support/test';
test.use({ viewport: { width: 375, height: 812 } });
const pages = ['dashboard', 'packages', 'invoices', 'payments', 'delivery-requests', 'support-tickets', 'rate-sheet', 'customs-calculator', 'notifications', 'profile'];
test('customer walk 375', async ({ page, request }) => {
  const res = await request.post('/api/customers/login', { data: { email: 'customer@example.test', password: 'Customer#2026' } });
  expect(res.ok()).toBe(true);
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  for (const p of pages) {
    await page.goto(`/customer/${p}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(p, 'horizontal overflow px', overflow);
    await page.screenshot({ path: `/tmp/walk/customer-${p}.png`, fullPage: true });
  }
});
