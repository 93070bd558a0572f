import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext, Locator } from '@playwright/test';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { DEMO } from '../support/auth';
import { expect, test } from '../support/test';
import { shot } from '../support/screenshots';

const DEMO_COURIER = 'Jamaica Express Post';

/** A w × h PNG: a dark band across a light field, so a squashed logo shows at a glance. */
function widePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = y > height / 3 && y < (2 * height) / 3;
      const edge = x < 6 || x >= width - 6;
      row.set(band || edge ? [15, 61, 110] : [250, 204, 21], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A courier of its own with a 300 × 120 logo and an allowed website (unique per run: one shared database). */
async function courierWithWideLogo(request: APIRequestContext, allowedOrigin: string) {
  const login = await request.post('/api/auth/super-admin/login', {
    data: DEMO.super_admin,
  });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  const created = await request.post('/api/platform/couriers', {
    headers,
    data: {
      name: `Wide Logo Freight ${stamp}`,
      code: `WL${stamp}`,
      admin: { firstName: 'Wes', lastName: 'Logo', email: `admin-${stamp.toLowerCase()}@widelogo.test`, password: 'WideLogo#2026' },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const courier = (await created.json()) as { id: number; apiKey: string; name: string };
  const logo = await request.post(`/api/couriers/${courier.id}/logo`, {
    headers,
    multipart: { logo: { name: 'wide.png', mimeType: 'image/png', buffer: widePng(300, 120) } },
  });
  expect(logo.ok(), await logo.text()).toBe(true);
  const embed = await request.put(`/api/settings/embed?courierId=${courier.id}`, { headers, data: { allowedOrigins: [allowedOrigin] } });
  expect(embed.ok(), await embed.text()).toBe(true);
  return courier;
}

/** The rendered size of a loaded image, and its picture's own proportions. */
async function logoBox(img: Locator) {
  await expect(img).toHaveJSProperty('complete', true);
  return img.evaluate((el: HTMLImageElement) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const pad = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
    const padY = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
    return { width: box.width - pad, height: box.height - padY, natural: el.naturalWidth / el.naturalHeight };
  });
}

/** The logo is drawn at its own proportions (300 × 120 is 2.5 : 1), not squeezed into a square. */
function expectShapeKept(box: { width: number; height: number; natural: number }, height: number) {
  expect(box.natural).toBeCloseTo(2.5, 2);
  expect(box.height).toBeCloseTo(height, 0);
  expect(box.width / box.height).toBeCloseTo(2.5, 1);
}

test('a 300 × 120 logo keeps its shape in the public header, the sign-in panel and the embedded sign-in', async ({
  page,
  request,
  baseURL,
}) => {
  let src = '';
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><html lang="en"><title>Courier website</title><iframe id="portal" title="Sign in" src="${src}" width="1100" height="720"></iframe></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const website = `http://localhost:${(server.address() as AddressInfo).port}`;
  try {
    const courier = await courierWithWideLogo(request, website);
    src = `${baseURL}/login?api_key=${courier.apiKey}`;

    await page.goto(`/?api_key=${courier.apiKey}`);
    const header = page
      .getByRole('banner')
      .getByRole('link', { name: `${courier.name} home` })
      .locator('img');
    expectShapeKept(await logoBox(header), 36);
    await shot(page.getByRole('banner'), { path: test.info().outputPath('header-wide-logo.png') });

    await page.goto(`/login?api_key=${courier.apiKey}`);
    const panel = page.locator('aside img').first();
    expectShapeKept(await logoBox(panel), 36);
    await shot(page, { path: test.info().outputPath('sign-in-wide-logo.png') });

    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    expectShapeKept(await logoBox(page.locator('aside img').first()), 36);
    await shot(page, { path: test.info().outputPath('sign-in-wide-logo-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto(website);
    const framed = page.frameLocator('#portal');
    expectShapeKept(await logoBox(framed.locator('aside img').first()), 36);
    await shot(page, { path: test.info().outputPath('embed-wide-logo.png') });
  } finally {
    server.close();
  }
});

test('without JavaScript /track and /register show the courier and say what needs scripting', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    let page = await context.newPage();
    await page.goto('/track');
    await expect(page.getByRole('heading', { level: 1, name: 'Track a package' })).toBeVisible();
    await expect(page.getByRole('link', { name: `${DEMO_COURIER} home` })).toBeVisible();
    // Playwright's text queries skip <noscript>; its paragraph is drawn with scripting off (see the screenshot).
    await expect(page.locator('noscript > p')).toBeVisible();
    await expect(page.locator('noscript > p')).toContainText('Tracking a package needs JavaScript, which is turned off in this browser.');
    await expect(page).toHaveTitle(`Track a package | ${DEMO_COURIER}`);
    await shot(page, { path: test.info().outputPath('track-no-js.png') });
    // A page of its own per address: axe, which audits a page before it is left, cannot run without scripts.
    await page.close();
    page = await context.newPage();

    await page.goto(`/register?api_key=${DEFAULT_API_KEY}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await expect(page.getByText(`Get your US shipping address with ${DEMO_COURIER}.`)).toBeVisible();
    await expect(page.locator('noscript > p')).toBeVisible();
    await expect(page.locator('noscript > p')).toContainText('Creating an account needs JavaScript, which is turned off in this browser.');
    await expect(page.getByText('Loading registration information')).toHaveCount(0);
    await expect(page.getByText('Courier Portal')).toHaveCount(0);
    await shot(page, { path: test.info().outputPath('register-no-js.png') });
  } finally {
    await context.close();
  }
});

test("once the scripts run, titles and sign-in pages keep the courier's name", async ({ page }) => {
  const hydrated = () =>
    page.waitForFunction(() => {
      const root = document.getElementById('root');
      return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
    });
  await page.goto('/');
  await hydrated();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveTitle(`US to Jamaica package forwarding | Get your US address | ${DEMO_COURIER}`);
  // Moving between pages in the app keeps it too.
  await page.getByRole('banner').getByRole('link', { name: 'How It Works', exact: true }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect(page).toHaveTitle(`How it works | US to Jamaica package forwarding | ${DEMO_COURIER}`);

  await page.goto('/admin/login');
  await hydrated();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveTitle(`Courier admin sign in | ${DEMO_COURIER}`);
  await expect(page.locator('aside')).toContainText(DEMO_COURIER);
  await expect(page.getByText('Courier Portal')).toHaveCount(0);

  // The super admin's sign-in is the platform's, in its title and on the page alike.
  await page.goto('/superadmin/login');
  await hydrated();
  await expect(page).toHaveTitle('Super admin sign in | Courier Portal');
  await expect(page.locator('aside')).toContainText('Courier Portal');
});
