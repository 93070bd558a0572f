import { expect, test } from '../support/test';
const sets = [
  { who: 'superadmin', login: '/api/auth/super-admin/login', email: 'superadmin@courierportal.test', password: 'SuperAdmin#2026', pages: 'dashboard couriers branches staff roles packages manifests notifications support-tickets invoices payments reports audit-log settings' },
  { who: 'staff', login: '/api/auth/staff/login', email: 'manager@jamaicaexpress.test', password: 'BranchManager#2026', pages: 'dashboard staff customers business-customers support-tickets invoices payments reports settings scan packages unknown-packages delivery-requests maniefest reconciliation uncollected sign-signature' },
];
for (const s of sets) {
  test(`${s.who} walk 375`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const a = await request.post(s.login, { data: { email: s.email, password: s.password } });
    expect(a.ok(), await a.text()).toBe(true);
    const at = ((await a.json()) as { token: string }).token;
    await page.addInitScript((t) => window.localStorage.setItem('token', t), at);
    await page.setViewportSize({ width: 375, height: 812 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => { if (r.status() >= 500) errors.push(`${r.status()} ${r.url()}`); });
    for (const p of s.pages.split(' ')) {
      await page.goto(`/${s.who}/${p}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      const h1 = await page.locator('h1').first().textContent().catch(() => '?');
      console.log(s.who, p, overflow, h1);
      await page.screenshot({ path: `/tmp/walk/${s.who}-${p}.png`, fullPage: true });
    }
    console.log('errors', errors);
  });
}
