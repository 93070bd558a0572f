import { expect, test } from '../support/test';
const pages = 'dashboard branches staff roles customers business-customers support-tickets inbox batch-emails notifications staff/timesheets invoices payments reports audit-log settings scan packages unknown-packages delivery-requests delivery-locations maniefest reconciliation uncollected sign-signature'.split(' ');
test('admin walk 375', async ({ page, request }) => {
  test.setTimeout(180_000);
  const a = await request.post('/api/auth/login', { data: { email: 'admin@jamaicaexpress.test', password: 'CourierAdmin#2026' } });
  expect(a.ok()).toBe(true);
  const at = ((await a.json()) as { token: string }).token;
  await page.addInitScript((t) => window.localStorage.setItem('token', t), at);
  await page.setViewportSize({ width: 375, height: 812 });
  for (const p of pages) {
    await page.goto(`/admin/${p}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const wide = await page.evaluate(() => [...document.querySelectorAll('main *')].filter((e) => { const r = e.getBoundingClientRect(); return r.right > window.innerWidth + 1 && !e.closest('[data-scroll-region], .overflow-x-auto, .overflow-auto'); }).slice(0, 3).map((e) => `${e.tagName}.${(e.className || '').toString().slice(0, 40)}`));
    console.log(p, overflow, wide.join(' | '));
    await page.screenshot({ path: `/tmp/walk/admin-${p.replace('/', '-')}.png`, fullPage: true });
  }
});
