import { INTEGRATION_MESSAGES } from '@courier/shared/schemas/integrations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_MESSAGES } from '@courier/shared/messages';
import { currentUser, requirePermission, requireRole } from '../src/plugins/auth';
import { users } from '../src/db/schema/users';
import { revokeToken } from '../src/lib/tokens';
import { type ApiRequest, type TestApp, buildTestApp, demoLogin, loginAs, seedDemoData, tokenFor } from './helper';

const probeBody = z.strictObject({ name: z.string().min(1, 'Name is required'), count: z.number().int() });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      // Probe routes exercise the real parsers, auth hook and error handler.
      extraRoutes: async (api) => {
        api.post('/_probe/echo', { config: { public: true }, schema: { body: probeBody } }, async (req) => req.body);
        api.get('/_probe/me', {}, async (req) => ({
          id: currentUser(req).id,
          role: currentUser(req).role,
          permissions: currentUser(req).permissions.length,
        }));
        api.get('/_probe/admin-only', { preHandler: requireRole('courier_admin') }, async () => ({ ok: true }));
        api.get('/_probe/needs-settings', { preHandler: requirePermission('settings_edit') }, async () => ({ ok: true }));
      },
    },
  );
  await seedDemoData(t);
});
afterAll(async () => t?.close());

describe('health', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.api('GET', '/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: API_MESSAGES.routeNotFound, code: 'not_found' });
  });

  it('serves the generated OpenAPI document', async () => {
    const res = await t.api('GET', '/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/health');
  });

  it('sends security headers', async () => {
    const res = await t.api('GET', '/health');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('every private route refuses a caller without a token', () => {
  it('answers 401 on each route outside the public list', async () => {
    const privateRoutes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !r.public && !r.url.startsWith('/api/docs') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    expect(privateRoutes.length).toBeGreaterThan(0);
    for (const route of privateRoutes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1').replace('*', 'x');
      const res = await t.api({
        method: route.method as 'GET',
        path: url,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      // The inbound API is signed in with an API key, and says how to send one.
      const words = route.url.startsWith('/api/v1/') ? INTEGRATION_MESSAGES.keyMissing : API_MESSAGES.unauthenticated;
      expect(res.json().message, `${route.method} ${route.url}`).toBe(words);
    }
  });
});

describe('bad input gets a 4xx with a clear message', () => {
  /** The echo probe asked with a raw body of a content type. */
  const echo = (payload: string, contentType = 'application/json'): ApiRequest => ({
    method: 'POST',
    url: '/_probe/echo',
    payload,
    headers: { 'content-type': contentType },
  });

  it('accepts a valid body', async () => {
    const res = await t.api(echo(JSON.stringify({ name: 'a', count: 1 })));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'a', count: 1 });
  });
  it('malformed JSON', async () => {
    const res = await t.api(echo('{"name": '));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(API_MESSAGES.malformedJson);
  });
  it('wrong content type', async () => {
    const res = await t.api(echo('name=a', 'text/plain'));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(API_MESSAGES.unsupportedMediaType);
  });
  it('a body over 1 MB', async () => {
    const res = await t.api(echo(JSON.stringify({ name: 'x'.repeat(1_100_000), count: 1 })));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(API_MESSAGES.bodyTooLarge);
  });
  it('unknown fields', async () => {
    const res = await t.api(echo(JSON.stringify({ name: 'a', count: 1, admin: true })));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/admin/);
  });
  it('wrong types and the field message', async () => {
    const res = await t.api(echo(JSON.stringify({ name: '', count: 'three' })));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Name is required');
    expect(body.fieldErrors).toHaveProperty('name', ['Name is required']);
    expect(body.fieldErrors).toHaveProperty('count');
  });
});

describe('auth plumbing', () => {
  it('puts the caller on the request', async () => {
    const token = await loginAs(t, 'courier_admin');
    const res = await t.api('GET', '/_probe/me', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'courier_admin' });
    expect(res.json().permissions).toBeGreaterThan(10);
  });

  it('refuses a tampered, an impersonation-type, an expired and a revoked token', async () => {
    const token = await loginAs(t, 'staff');
    const tampered = `${token.slice(0, -3)}${token.endsWith('A') ? 'B' : 'A'}xx`;
    const impersonation = await tokenFor(t, demoLogin('courier_admin').email, { type: 'impersonation' });
    const expired = await tokenFor(t, demoLogin('staff').email, { ttl: -10 });
    const revoked = await loginAs(t, 'staff');
    const claims = t.ctx.tokens.verify(revoked);
    if (!claims) throw new Error('a fresh token did not verify');
    await revokeToken(t.db, claims.jti, claims.exp);
    for (const bad of [tampered, impersonation, expired, revoked, 'not-a-jwt']) {
      const res = await t.api('GET', '/_probe/me', bad);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(API_MESSAGES.invalidToken);
    }
  });

  it('checks roles and permissions', async () => {
    const staff = await loginAs(t, 'staff');
    const admin = await loginAs(t, 'courier_admin');
    const superAdmin = await loginAs(t, 'super_admin');
    const status = async (url: string, token: string) => (await t.api({ method: 'GET', path: url, token })).statusCode;
    expect(await status('/api/_probe/admin-only', staff)).toBe(403);
    expect(await status('/api/_probe/admin-only', admin)).toBe(200);
    expect(await status('/api/_probe/needs-settings', staff)).toBe(403);
    expect(await status('/api/_probe/needs-settings', admin)).toBe(200);
    expect(await status('/api/_probe/needs-settings', superAdmin)).toBe(200);
  });

  it('refuses a deactivated account at once', async () => {
    const token = await loginAs(t, 'branch_manager');
    await t.db.update(users).set({ active: false }).where(eq(users.email, 'manager@jamaicaexpress.test'));
    const res = await t.api('GET', '/_probe/me', token);
    expect(res.statusCode).toBe(401);
  });
});
