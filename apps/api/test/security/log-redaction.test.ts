import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from '../../src/lib/log-redaction';
import { type TestApp, buildTestApp } from '../helper';

/**
 * A page opened from a reset or impersonation link is logged
 * with its URL; the token in it must not be.
 */
let t: TestApp;
const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'info' }, { logger: true, logStream });
});
afterAll(async () => t?.close());

describe('request log', () => {
  it('does not contain the tokens of reset and impersonation links, and keeps the rest of the URL', async () => {
    const secrets = ['resetSecret0001', 'impersonationSecret0002', 'apiSecret0003', 'upperSecret0004'];
    await t.api({ method: 'GET', path: `/reset-password?token=${secrets[0]}` });
    await t.api({ method: 'GET', path: `/admin/login?api_key=ck_demo_courier&token=${secrets[1]}` });
    await t.api('POST', `/auth/reset-password?token=${secrets[2]}`, null, {});
    await t.api('GET', `/health?Token=${secrets[3]}&page=2`);
    const log = lines.join('');
    expect(log).toContain('"msg":"incoming request"');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).toContain(`"url":"/reset-password?token=${REDACTED}"`);
    expect(log).toContain(`"url":"/admin/login?api_key=ck_demo_courier&token=${REDACTED}"`);
    expect(log).toContain(`"url":"/api/health?Token=${REDACTED}&page=2"`);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/reset-password', '/reset-password'],
    ['/x?token=a&token=b', `/x?token=${REDACTED}&token=${REDACTED}`],
    ['/x?to%6Ben=a', `/x?to%6Ben=${REDACTED}`],
    ['/x?tokens=a&mytoken=b&api_key=k', '/x?tokens=a&mytoken=b&api_key=k'],
    ['/x?access_token=a&password=b&q=%E0', `/x?access_token=${REDACTED}&password=${REDACTED}&q=%E0`],
    ['/x?token', `/x?token=${REDACTED}`],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
