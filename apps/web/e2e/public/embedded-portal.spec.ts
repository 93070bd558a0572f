import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { expect, test } from '../support/test';
import { DEMO } from '../support/auth';

const ADMIN = DEMO.courier_admin;

/** A courier's own website on another origin: a page that frames our customer sign-in. */
async function websiteFraming(src: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><title>Courier website</title><h1>Our website</h1><iframe id="portal" title="Customer portal" src="${src}" width="800" height="700"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

test('the customer sign-in embeds in an allowed origin and is refused in any other', async ({ page, request, baseURL }) => {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const before = (await (await request.get('/api/settings/embed', { headers: auth })).json()) as { allowedOrigins: string[] };
  const src = `${baseURL}/login?api_key=${DEFAULT_API_KEY}`;
  const allowed = await websiteFraming(src);
  const other = await websiteFraming(src);
  try {
    const saved = await request.put('/api/settings/embed', { headers: auth, data: { allowedOrigins: [allowed.origin] } });
    expect(saved.ok(), await saved.text()).toBe(true);

    await page.goto(allowed.origin);
    const framed = page.frameLocator('#portal');
    await expect(framed.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(framed.getByLabel('Email')).toBeVisible();

    // The same page on an origin the courier did not allow: the browser refuses to draw the frame.
    await page.goto(other.origin);
    await expect(page.getByRole('heading', { name: 'Our website' })).toBeVisible();
    await expect
      .poll(
        () =>
          page
            .frames()
            .find((f) => f !== page.mainFrame())
            ?.url() ?? '',
        { timeout: 10_000 },
      )
      .toMatch(/^chrome-error:/);
    await expect(page.frameLocator('#portal').getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  } finally {
    await request.put('/api/settings/embed', { headers: auth, data: { allowedOrigins: before.allowedOrigins } });
    allowed.server.close();
    other.server.close();
  }
});
