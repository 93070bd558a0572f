import { afterEach, describe, expect, it, vi } from 'vitest';
import { signJwt } from './jwt';
import { TokenService } from './tokens';

const SECRET = 'tokens-test-secret-0123456789abcdef0123456789';
const service = () => TokenService.create(async () => undefined, SECRET);
const claims = { sub: 'user:1', role: 'courier_admin' as const, type: 'access' as const, courierId: 1 };

afterEach(() => vi.useRealTimers());

describe('TokenService.verify, which remembers the tokens it has checked', () => {
  it('still refuses a remembered token once it has expired', async () => {
    const tokens = await service();
    const { token } = await tokens.sign(claims, 60);
    expect(tokens.verify(token)?.sub).toBe('user:1');
    expect(tokens.verify(token)?.sub).toBe('user:1');
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    expect(tokens.verify(token)).toBeNull();
  });

  it('never takes a token signed with another key, or a changed one, for a remembered one', async () => {
    const tokens = await service();
    const { token } = await tokens.sign(claims, 60);
    expect(tokens.verify(token)).not.toBeNull();
    const [header, payload] = token.split('.');
    const forged = signJwt(
      { ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), sub: 'user:2' },
      new TextEncoder().encode('x'.repeat(48)),
    );
    expect(tokens.verify(forged)).toBeNull();
    expect(tokens.verify(`${header}.${payload}.${'A'.repeat(43)}`)).toBeNull();
    expect(tokens.verify(`${token}x`)).toBeNull();
  });

  it('hands out claims no caller can change for the next request', async () => {
    const tokens = await service();
    const { token } = await tokens.sign(claims, 60);
    const first = tokens.verify(token) as { sub: string };
    expect(() => {
      first.sub = 'user:2';
    }).toThrow();
    expect(tokens.verify(token)?.sub).toBe('user:1');
  });
});
