import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import vm from 'node:vm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { buildTestApp, seedDemoData, type TestApp } from '../../../test/helper';
import { couriers } from '../../db/schema/couriers';
import { courierDomains } from '../../db/schema/public-site';
import { scriptHashSource } from './page-html';

/**
 * The pre-rendered public and sign-in pages, as a visitor without JavaScript gets them:
 * the page's heading and the courier's name are in the HTML, each courier's own and not another's.
 * Needs the web build (npm run build); builds the web app once when dist/_prerendered is missing.
 */
const WEB = path.resolve(import.meta.dirname, '../../../../web');
const DIST = path.join(WEB, 'dist');

const HEADINGS: Record<string, string> = {
  '/': 'Shop in the US. Collect in Jamaica.',
  '/how-it-works': 'From a US checkout to your hands in Jamaica',
  '/pricing': 'Pay by the pound. Know your total before it lands.',
  '/assisted-purchase': 'We buy it for you',
  '/contact': 'We are here to help',
  '/faq': 'Frequently asked questions',
  '/privacy': 'Privacy Policy',
  '/terms': 'Terms of Service',
  '/track': 'Track a package',
  '/login': 'Welcome back',
  '/admin/login': 'Admin Login',
  '/staff/login': 'Staff Login',
};
const DEMO = 'Jamaica Express Post';
const OTHER = 'Island Ship Express';
const OTHER_KEY = 'ck_island_ship_express_test';
const EVIL = 'Evil </script><script>alert(1)</script> & Co';
const EVIL_KEY = 'ck_evil_test';

let t: TestApp;
let base: string;

/** The text of an HTML document as a reader sees it (tags removed, entities decoded). */
function text(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

/** What the page's inline script hands the app. */
function embeddedSite(html: string): { courier: { name: string; apiKey: string } } | undefined {
  const script = /<script>(window\.__PUBLIC_SITE__=[\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) return undefined;
  const sandbox: { window: { __PUBLIC_SITE__?: { courier: { name: string; apiKey: string } } } } = { window: {} };
  vm.runInNewContext(script, sandbox);
  return sandbox.window.__PUBLIC_SITE__;
}

beforeAll(async () => {
  if (!existsSync(path.join(DIST, '_prerendered/manifest.json')) || !existsSync(path.join(DIST, '_ssr/entry-server.js'))) {
    execFileSync('npm', ['run', 'build', '-w', '@courier/web'], { cwd: path.resolve(WEB, '../..'), stdio: 'ignore', timeout: 300_000 });
  }
  t = await buildTestApp({ WEB_DIST: DIST }, { serveWeb: true });
  await seedDemoData(t);
  const [demo] = await t.db.select().from(couriers).where(eq(couriers.apiKey, DEFAULT_API_KEY));
  if (!demo) throw new Error('no demo courier');
  const [ise] = await t.db
    .insert(couriers)
    .values([
      { name: OTHER, code: 'ISE', apiKey: OTHER_KEY },
      { name: EVIL, code: 'EVL', apiKey: EVIL_KEY },
    ])
    .returning();
  await t.db.insert(courierDomains).values({ courierId: ise?.id ?? 0, hostname: 'portal.islandship.test', status: 'approved' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 360_000);

afterAll(async () => {
  await t?.close();
});

describe('pre-rendered pages', () => {
  it('lists every public and sign-in page in the build', () => {
    const manifest = JSON.parse(readFileSync(path.join(DIST, '_prerendered/manifest.json'), 'utf8')) as { pages: { path: string }[] };
    expect(manifest.pages.map((p) => p.path).sort()).toEqual([...Object.keys(HEADINGS), '/register', '/superadmin/login'].sort());
  });

  it.each(Object.entries(HEADINGS))(
    '%s is readable without JavaScript: heading and courier name in the HTML',
    async (pagePath, heading) => {
      const res = await t.api({ method: 'GET', path: pagePath });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const html = res.body;
      const body = text(/<div id="root">([\s\S]*)<\/div>/.exec(html)?.[1] ?? '');
      expect(body).toContain(heading);
      expect(html).toMatch(new RegExp(`<title>[^<]*\\| ${DEMO}</title>`));
      expect(html).toContain(`<meta property="og:title" content="`);
      expect(html).toContain(`<meta property="og:site_name" content="${DEMO}" />`);
      expect(html).toMatch(new RegExp(`<meta name="description" content="${DEMO}: `));
      expect(embeddedSite(html)?.courier.name).toBe(DEMO);
      // The script is allowed by the page's CSP through its hash, and by nothing looser.
      const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(scriptHashSource(script));
      expect(csp).not.toContain("'unsafe-inline' 'sha256");
      expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[^']+'/);
    },
  );

  it("asks for the app's start-up (boot, React) in its head, each file once, and the build has compressed copies", async () => {
    for (const pagePath of ['/', '/login', '/customer/dashboard']) {
      const html = (await t.api({ method: 'GET', path: pagePath })).body;
      const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)">/g)].map((m) => m[1] ?? '');
      expect(new Set(preloads).size, pagePath).toBe(preloads.length);
      for (const chunk of ['boot-', 'framework-', 'kit-'])
        expect(
          preloads.some((file) => file.startsWith(chunk)),
          `${pagePath} ${chunk}`,
        ).toBe(true);
      const large = preloads.filter((file) => statSync(path.join(DIST, 'assets', file)).size >= 1024);
      expect(large.length, pagePath).toBeGreaterThanOrEqual(3);
      for (const file of large) expect(existsSync(path.join(DIST, 'assets', `${file}.br`)), file).toBe(true);
    }
  });

  it("the courier's sign-in pages show its brand, as their titles do; the super admin's is the platform's in both", async () => {
    for (const pagePath of ['/admin/login', '/staff/login']) {
      const res = await t.api({ method: 'GET', path: pagePath });
      const body = text(/<div id="root">([\s\S]*)<\/div>/.exec(res.body)?.[1] ?? '');
      expect(body, pagePath).toContain(DEMO);
      expect(body, pagePath).not.toContain('Courier Portal');
    }
    const platform = await t.api({ method: 'GET', path: '/superadmin/login' });
    expect(platform.body).toContain('<title>Super admin sign in | Courier Portal</title>');
    expect(text(/<div id="root">([\s\S]*)<\/div>/.exec(platform.body)?.[1] ?? '')).toContain('Courier Portal');
    expect(platform.body).not.toContain(`| ${DEMO}</title>`);
  });

  it('without JavaScript /register and /track show the courier and say what needs scripting, with no endless spinner', async () => {
    for (const [pagePath, needs] of [
      ['/register', 'Creating an account needs JavaScript'],
      ['/track', 'Tracking a package needs JavaScript'],
    ] as const) {
      for (const [key, name, other] of [
        [DEFAULT_API_KEY, DEMO, OTHER],
        [OTHER_KEY, OTHER, DEMO],
      ]) {
        const res = await t.api({ method: 'GET', path: `${pagePath}?api_key=${key}` });
        expect(res.statusCode).toBe(200);
        const root = /<div id="root">([\s\S]*)<\/div>/.exec(res.body)?.[1] ?? '';
        expect(root, pagePath).toContain('<noscript>');
        expect(text(root), pagePath).toContain(needs);
        expect(text(root), pagePath).toContain(name);
        expect(text(root), pagePath).not.toContain(other);
        expect(text(root), pagePath).not.toContain('Courier Portal');
        expect(text(root), pagePath).not.toContain('Loading registration information');
        expect(res.body).toContain(`| ${name}</title>`);
      }
    }
  });

  it('the public pages show the courier name in their markup (header brand), over plain HTTP', async () => {
    for (const pagePath of ['/', '/pricing', '/contact', '/faq', '/how-it-works', '/assisted-purchase', '/privacy', '/terms']) {
      const res = await fetch(`${base}${pagePath}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const body = text(/<div id="root">([\s\S]*)<\/div>/.exec(html)?.[1] ?? '');
      expect(body, pagePath).toContain(HEADINGS[pagePath]);
      expect(body, pagePath).toContain(DEMO);
    }
    const login = await (await fetch(`${base}/login`)).text();
    expect(login).toMatch(/<form [^>]*method="post"/);
    expect(login).toContain('name="email"');
    expect(login).toContain('name="password"');
  });

  it('two couriers: each page names its own courier and never the other', async () => {
    for (const pagePath of ['/', '/pricing', '/contact', '/login']) {
      const other = await t.api({ method: 'GET', path: `${pagePath}?api_key=${OTHER_KEY}` });
      expect(other.statusCode).toBe(200);
      expect(other.body).toContain(OTHER);
      expect(other.body).not.toContain(DEMO);
      expect(other.body).not.toContain(DEFAULT_API_KEY);
      expect(embeddedSite(other.body)?.courier.apiKey).toBe(OTHER_KEY);
      expect(text(other.body)).toContain(HEADINGS[pagePath]);

      const demo = await t.api({ method: 'GET', path: `${pagePath}?api_key=${DEFAULT_API_KEY}` });
      expect(demo.body).toContain(DEMO);
      expect(demo.body).not.toContain(OTHER);
      expect(demo.body).not.toContain(OTHER_KEY);
    }
    // The links carry the tenant's key, so its visitors stay on its site.
    const home = await t.api({ method: 'GET', path: `/?api_key=${OTHER_KEY}` });
    expect(home.body).toContain(`href="/register?api_key=${OTHER_KEY}"`);
  });

  it('escapes a courier name that closes the script', async () => {
    const res = await t.api({ method: 'GET', path: `/?api_key=${EVIL_KEY}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    // Every </script> closes a <script> of the page: the name opened and closed none.
    expect(res.body.match(/<\/script>/g)?.length).toBe(res.body.match(/<script[\s>]/g)?.length);
    expect(res.body).toContain('Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(embeddedSite(res.body)?.courier.name).toBe(EVIL);
  });

  it("our own links with their query (a tracking link, a referral link, an ad's click id) get the courier's page", async () => {
    const platform = `http://localhost:${t.config.PORT}`;
    for (const [url, pagePath, canonical] of [
      ['/track?number=JEP-1001', '/track', '/track'],
      ['/register?ref=FRIEND42', '/register', '/register'],
      ['/?fbclid=IwAR0abc', '/', '/'],
      ['/pricing?utm_source=newsletter&utm_medium=email', '/pricing', '/pricing'],
      [`/track?api_key=${OTHER_KEY}&number=JEP-1001&gclid=xyz`, '/track', `/track?api_key=${OTHER_KEY}`],
    ] as const) {
      const res = await t.api({ method: 'GET', path: url });
      expect(res.statusCode, url).toBe(200);
      const name = url.includes(OTHER_KEY) ? OTHER : DEMO;
      expect(res.body, url).toContain(`| ${name}</title>`);
      expect(res.body, url).toContain(`<meta property="og:site_name" content="${name}" />`);
      expect(res.body, url).toContain(`<meta property="og:title" content="`);
      expect(embeddedSite(res.body)?.courier.name, url).toBe(name);
      const root = text(/<div id="root">([\s\S]*)<\/div>/.exec(res.body)?.[1] ?? '');
      expect(root, url).toContain(HEADINGS[pagePath] ?? 'Create your account');
      expect(root, url).toContain(name);
      // Canonical and og:url: our own address, without the visitor's query.
      expect(/<link rel="canonical" href="([^"]+)"/.exec(res.body)?.[1], url).toBe(`${platform}${canonical}`);
      expect(/<meta property="og:url" content="([^"]+)"/.exec(res.body)?.[1], url).toBe(`${platform}${canonical}`);
    }
  });

  it('without JavaScript the home page tracks by a plain GET, and /track?number= shows the form filled with the number', async () => {
    const home = await t.api({ method: 'GET', path: `/?api_key=${OTHER_KEY}` });
    expect(home.body).toMatch(/<form [^>]*action="\/track"[^>]*method="get"/);
    expect(home.body).toContain(`<input type="hidden" name="api_key" value="${OTHER_KEY}"/>`);
    const track = await t.api({ method: 'GET', path: '/track?number=JEP-1001' });
    expect(track.body).toMatch(/<form [^>]*action="\/track"[^>]*method="get"/);
    expect(track.body).toMatch(/<input [^>]*name="number"[^>]*value="JEP-1001"|<input [^>]*value="JEP-1001"[^>]*name="number"/);
  });

  it('an unknown api key or another query parameter gets the app shell, rendered in the browser', async () => {
    const shell = readFileSync(path.join(DIST, 'index.html'), 'utf8');
    for (const url of ['/?api_key=ck_nobody', '/admin/login?token=abc', '/pricing?number=1', '/track?number=a&number=b']) {
      const res = await t.api({ method: 'GET', path: url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(shell);
    }
  });

  it('keeps the build output itself out of reach', async () => {
    for (const url of ['/_prerendered/manifest.json', '/_prerendered/index.html', '/_ssr/entry-server.js']) {
      const res = await t.api({ method: 'GET', path: url });
      expect(res.body, url).not.toContain('PRERENDERED_PAGES');
      expect(res.body, url).not.toContain('"pages"');
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('answer for the host of the request when it is an approved host name', async () => {
    const robots = await t.api({ method: 'GET', path: '/robots.txt', headers: { host: 'portal.islandship.test' } });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    for (const line of [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /customer',
      'Disallow: /super-admin',
      'Disallow: /api',
    ]) {
      expect(robots.body.split('\n')).toContain(line);
    }
    const own = t.config.COURIER_DOMAIN_URL.replace('{host}', 'portal.islandship.test');
    expect(robots.body).toContain(`Sitemap: ${own}/sitemap.xml`);

    const sitemap = await t.api({ method: 'GET', path: '/sitemap.xml', headers: { host: 'portal.islandship.test' } });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${own}/`);
    expect(locs).toContain(`${own}/pricing`);
    expect(locs).toContain(`${own}/login`);
    expect(locs.every((loc) => loc?.startsWith(`${own}/`))).toBe(true);
    expect(locs.some((loc) => loc?.includes('/admin'))).toBe(false);
  });

  it('never take a forged Host: another name gets the platform address', async () => {
    const platform = `http://localhost:${t.config.PORT}`;
    const other = await t.api({ method: 'GET', path: '/sitemap.xml', headers: { host: 'attacker.example:8080' } });
    expect(other.body).toContain(`<loc>${platform}/faq</loc>`);
    expect(other.body).not.toContain('attacker.example');
    const robots = await t.api({ method: 'GET', path: '/robots.txt', headers: { host: 'attacker.example' } });
    expect(robots.body).not.toContain('attacker.example');
  });
});

describe('canonical and og:url', () => {
  const links = (html: string) => [
    /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
    /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1],
  ];

  it('are on our own address, never the Host a request forged', async () => {
    const forged = await t.api({ method: 'GET', path: '/pricing', headers: { host: 'attacker.example' } });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain('attacker.example');
    expect(links(forged.body)).toEqual([`http://localhost:${t.config.PORT}/pricing`, `http://localhost:${t.config.PORT}/pricing`]);
    const own = t.config.COURIER_DOMAIN_URL.replace('{host}', 'portal.islandship.test');
    const approved = await t.api({ method: 'GET', path: '/pricing', headers: { host: 'portal.islandship.test' } });
    expect(links(approved.body)).toEqual([`${own}/pricing`, `${own}/pricing`]);
  });
});
