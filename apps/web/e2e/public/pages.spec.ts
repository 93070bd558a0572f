import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/axe';

const PAGES = [
  { path: '/', heading: 'Shop in the US. Collect in Jamaica.' },
  { path: '/how-it-works', heading: 'From a US checkout to your hands in Jamaica' },
  { path: '/assisted-purchase', heading: 'We buy it for you' },
  { path: '/contact', heading: 'We are here to help' },
  { path: '/pricing', heading: 'Pay by the pound. Know your total before it lands.' },
  { path: '/faq', heading: 'Frequently asked questions' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
];

/** Screenshots for a human to look at go outside the repo, and only when asked for. */
async function snap(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Portal code must not reach a visitor of the public site (code-split by area). */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 740 },
]) {
  test.describe(`public pages at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const { path, heading } of PAGES) {
      test(`${path} renders, is accessible and fits`, async ({ page }) => {
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const scripts = watchScripts(page);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        // The courier's name from the api key replaces the loading placeholder.
        await expect(page.getByRole('link', { name: 'Jamaica Express Post home' })).toBeVisible();
        await expect(page.getByRole('contentinfo')).toContainText('23 Main Street, May Pen, Clarendon');
        await expect(page.getByRole('contentinfo')).toContainText('4 Market Street, Chapelton, Clarendon');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
        await expectNoSeriousA11yViolations(page);
        await snap(page, `${viewport.name}${path === '/' ? '-home' : path.replaceAll('/', '-')}`);
        expect(scripts.filter((s) => /(admin|staff|superadmin|customer|dashboard)/i.test(s))).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  });
}

test('the home page has every one of its sections', async ({ page }) => {
  await page.goto('/?api_key=ck_demo_jamaica_express_2026');
  await expect(page.getByRole('link', { name: 'Get Your US Address' })).toHaveAttribute(
    'href',
    '/register?api_key=ck_demo_jamaica_express_2026',
  );
  for (const step of ['Sign up', 'Shop', 'We receive', 'We ship']) {
    await expect(page.getByRole('heading', { level: 3, name: step, exact: true }).first()).toBeVisible();
  }
  for (const store of ['Amazon', 'SHEIN', 'Temu', 'AliExpress', 'eBay', 'Fashion Nova']) {
    await expect(page.getByRole('link', { name: new RegExp(`^${store}`) })).toHaveAttribute('target', '_blank');
  }
  await expect(page.getByRole('table')).toContainText('4,250');
  for (const tier of ['Bronze', 'Silver', 'Gold', 'Platinum']) await expect(page.getByRole('heading', { name: tier })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact');
  await expect(page.getByRole('link', { name: 'See full pricing' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByRole('heading', { name: 'Shop For Me' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Visit us in Clarendon' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'hello@jamaicaexpress.test' })).toBeVisible();
});

test('the footer reaches the how-it-works anchors and the legal pages', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const [label, id] of [
    ['Package Forwarding', 'package-forwarding'],
    ['Mail Forwarding', 'mail-forwarding'],
    ['Consolidation', 'consolidation'],
  ]) {
    await footer.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`/how-it-works#${id}$`));
    await expect(page.locator(`#${id}`)).toBeInViewport();
  }
  for (const [label, path] of [
    ['FAQ', '/faq'],
    ['Privacy Policy', '/privacy'],
    ['Terms of Service', '/terms'],
  ]) {
    await footer.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test('the contact page shows business hours and FAQ links', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByText('9:00 AM - 6:00 PM EST')).toBeVisible();
  await expect(page.getByText('10:00 AM - 4:00 PM EST')).toBeVisible();
  await expect(page.getByText('Closed')).toBeVisible();
  await page.getByRole('link', { name: 'Shipping times and tracking' }).click();
  await expect(page).toHaveURL(/\/faq#shipping$/);
  await expect(page.getByRole('heading', { name: 'Shipping and delivery' })).toBeInViewport();
});

test('signed out, the navbar offers Login and Sign Up with the api key', async ({ page }) => {
  await page.goto('/how-it-works');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', /^\/login\?api_key=/);
  await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', /^\/register\?api_key=/);
  await header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop For Me' }).click();
  await expect(page).toHaveURL(/\/assisted-purchase$/);
});

test('the home page JavaScript stays small (gzip transfer)', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Jamaica Express Post home' })).toBeVisible();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js'))
      .map((e) => ({ name: new URL(e.name).pathname, bytes: (e as PerformanceResourceTiming).transferSize })),
  );
  const bytes = scripts.reduce((sum, s) => sum + s.bytes, 0);
  for (const s of scripts) console.log(`  ${s.name} ${(s.bytes / 1024).toFixed(1)} KiB`);
  test.info().annotations.push({ type: 'home-js-transfer-bytes', description: String(bytes) });
  console.log(`home page JS transferred: ${(bytes / 1024).toFixed(1)} KiB`);
  expect(bytes).toBeGreaterThan(0);
  expect(bytes).toBeLessThan(250 * 1024);
});
