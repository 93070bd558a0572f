import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurity } from './security';
import './auth';
import { type ApiRequest, askApp } from '../../test/helper';

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.decorateRequest('user', null);
  // Stands in for the auth hook: the caller named by a header is "signed in".
  app.addHook('onRequest', async (request) => {
    const id = Number(request.headers['x-test-user']);
    if (id) request.user = { id, kind: 'user', role: 'staff', courierId: 1, branchId: null, permissions: [], jti: 'j', exp: 0 };
  });
  await registerSecurity(app, { budgets: { signedIn: 3, anonymous: 2 } });
  app.get('/api/ping', async () => ({ ok: true }));
  app.get('/assets/app.js', async () => 'js');
  await app.ready();
});
afterAll(async () => app.close());

/** A GET from one address behind which everyone sits; `user` is the caller the stand-in auth hook signs in. */
const fromOneAddress = (user?: number): ApiRequest => ({
  method: 'GET',
  remoteAddress: '10.9.0.1',
  headers: user ? { 'x-test-user': String(user) } : {},
});

describe('the global rate limit', () => {
  it('gives every signed-in person their own budget behind one address, and anonymous callers a smaller one per IP', async () => {
    const codes = async (user?: number) => {
      const out: number[] = [];
      for (let i = 0; i < 4; i += 1) out.push((await askApp(app, { ...fromOneAddress(user), url: '/ping' })).statusCode);
      return out;
    };
    expect(await codes(1)).toEqual([200, 200, 200, 429]);
    expect(await codes(2)).toEqual([200, 200, 200, 429]);
    expect(await codes()).toEqual([200, 200, 429, 429]);
  });

  it('leaves the web app files alone', async () => {
    for (let i = 0; i < 4; i += 1) expect((await askApp(app, { ...fromOneAddress(), path: '/assets/app.js' })).statusCode).toBe(200);
  });
});
