import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from './jwt';

const key = new TextEncoder().encode('a-test-secret-of-enough-length-0123456789');
const otherKey = new TextEncoder().encode('another-secret-of-enough-length-987654321');
const now = Math.floor(Date.now() / 1000);
const claims = { sub: 'user:1', type: 'access', jti: 'j-1', iat: now, exp: now + 60 };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token with any header and payload text, correctly signed with `key`: only its content can be wrong. */
const signedRaw = (header: unknown, payloadText: string) => {
  const input = `${b64(header)}.${Buffer.from(payloadText).toString('base64url')}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
};

describe('verifyJwt', () => {
  it('answers the payload of a token it signed', () => {
    expect(verifyJwt(signJwt(claims, key), key)).toEqual(claims);
  });

  it('agrees with jose both ways', async () => {
    const byJose = await new SignJWT({ type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user:2')
      .setExpirationTime(now + 60)
      .sign(key);
    expect(verifyJwt(byJose, key)).toMatchObject({ sub: 'user:2', type: 'access' });
    const { payload } = await jwtVerify(signJwt(claims, key), key, { algorithms: ['HS256'] });
    expect(payload).toEqual(claims);
  });

  it('refuses another key, a changed payload or header, and a changed signature', () => {
    const token = signJwt(claims, key);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(verifyJwt(token, otherKey)).toBeNull();
    expect(verifyJwt(`${header}.${b64({ ...claims, sub: 'user:9' })}.${signature}`, key)).toBeNull();
    expect(verifyJwt(`${b64({ alg: 'HS512' })}.${payload}.${signature}`, key)).toBeNull();
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expect(verifyJwt(`${header}.${payload}.${flipped}`, key)).toBeNull();
  });

  it('refuses a signature in a non-canonical spelling of the same bytes', () => {
    const token = signJwt(claims, key);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    // The last character carries 2 unused bits: setting one decodes to the same 32 bytes.
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const alias = last[last.indexOf(signature.at(-1) ?? 'A') + 1] ?? 'B';
    const spelled = `${signature.slice(0, -1)}${alias}`;
    expect(Buffer.from(spelled, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    expect(verifyJwt(`${header}.${payload}.${spelled}`, key)).toBeNull();
    expect(verifyJwt(`${header}.${payload}.${signature}=`, key)).toBeNull();
  });

  it('refuses alg none, another algorithm or a critical extension even with a valid MAC, and a token that is not three parts', () => {
    const payload = JSON.stringify(claims);
    expect(verifyJwt(`${b64({ alg: 'none' })}.${b64(claims)}.`, key)).toBeNull();
    expect(verifyJwt(signedRaw({ alg: 'HS256' }, payload), key)).toEqual(claims);
    expect(verifyJwt(signedRaw({ alg: 'HS512' }, payload), key)).toBeNull();
    expect(verifyJwt(signedRaw({ alg: 'HS256', crit: ['b64'], b64: false }, payload), key)).toBeNull();
    expect(verifyJwt('a.b', key)).toBeNull();
    expect(verifyJwt('', key)).toBeNull();
    expect(verifyJwt(`${signJwt(claims, key)}.x`, key)).toBeNull();
  });

  it('refuses an expired token, one without exp, and one not valid yet', () => {
    expect(verifyJwt(signJwt({ ...claims, exp: now - 1 }, key), key)).toBeNull();
    expect(verifyJwt(signJwt({ ...claims, exp: now + 60 }, key), key, now + 60)).toBeNull();
    const { exp: _exp, ...withoutExp } = claims;
    expect(verifyJwt(signJwt(withoutExp, key), key)).toBeNull();
    expect(verifyJwt(signJwt({ ...claims, nbf: now + 30 }, key), key)).toBeNull();
    expect(verifyJwt(signJwt({ ...claims, nbf: now - 30 }, key), key)).toEqual({ ...claims, nbf: now - 30 });
  });

  it('refuses a payload that is not a JSON object', () => {
    for (const body of ['[]', '"text"', '42', 'null', '{not json']) {
      expect(verifyJwt(signedRaw({ alg: 'HS256' }, body), key), body).toBeNull();
    }
  });
});
