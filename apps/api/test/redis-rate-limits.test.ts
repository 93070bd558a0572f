import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './helper';

// Two apps in one process with one Redis db stand for two replicas: the per-e-mail sign-in limit
// (made with app.createRateLimit, not route config) must count across both too.
const REDIS_URL = 'redis://127.0.0.1:6379/12';

describe('rate limits in Redis (REDIS_URL)', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    await redis.quit();
    const env = { REDIS_URL, AUTH_RATE_LIMIT_PER_EMAIL: '2' };
    one = await buildTestApp(env);
    two = await buildTestApp(env);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    await redis.quit();
  });

  // The per-e-mail limit counts reset requests (failed sign-ins are throttled per account in the
  // database, docs/decisions/009-login-throttling.md).
  it('counts the per-e-mail reset limit across apps sharing Redis', async () => {
    const attempt = (t: TestApp) => t.api('POST', '/auth/request-password-reset', null, { email: 'someone@example.test' });
    expect((await attempt(one)).statusCode).toBe(200);
    expect((await attempt(two)).statusCode).toBe(200);
    expect((await attempt(one)).statusCode).toBe(429);
    expect((await attempt(two)).statusCode).toBe(429);
  });
});
