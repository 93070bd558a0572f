import { STORAGE_KEYS } from '@courier/shared/constants/limits';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { TOKEN_KEY, askEarly, currentToken, forgetEarly, takeEarly, takeReady, tokenRole } from './early-requests';
import { fetchProfile } from './session';
import { tokenStore } from './storage';

const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;
const CUSTOMER = token({ role: 'customer', sub: 1 });

beforeEach(() => {
  forgetEarly();
  window.sessionStorage.clear();
  tokenStore.set(CUSTOMER);
});
afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('early requests', () => {
  it('reads the token where the session keeps it, this tab first', () => {
    expect(TOKEN_KEY).toBe(STORAGE_KEYS.token);
    expect(currentToken()).toBe(CUSTOMER);
    tokenStore.set('tab.only.token', { tabOnly: true });
    expect(currentToken()).toBe(tokenStore.get());
  });

  it('hands an answer over once, to the token it was asked with', async () => {
    const api = fakeApi(() => ({ body: { mailbox: 'JXP-1' } }));
    askEarly('/dashboard');
    askEarly('/dashboard');
    expect(api.calls).toHaveLength(1);
    // The next person signed in on this browser never gets it.
    const next = token({ role: 'customer', sub: 2 });
    tokenStore.set(next);
    expect(await takeEarly('/dashboard', next)).toBeUndefined();
    tokenStore.set(CUSTOMER);
    askEarly('/dashboard');
    expect(await takeEarly('/dashboard', CUSTOMER)).toEqual({ mailbox: 'JXP-1' });
    expect(await takeEarly('/dashboard', CUSTOMER)).toBeUndefined();
  });

  it('drops an answer when the person changed while it was on its way, or the server refused', async () => {
    let release = () => {};
    fakeApi(({ url }) =>
      url.includes('profile') ? { status: 401, body: { message: 'Signed out' } } : new Promise((r) => (release = () => r({ body: {} }))),
    );
    askEarly('/dashboard');
    askEarly('/customers/profile');
    const taking = takeEarly('/dashboard', CUSTOMER);
    tokenStore.set(token({ role: 'customer', sub: 2 }));
    release();
    expect(await taking).toBeUndefined();
    expect(await takeEarly('/customers/profile', tokenStore.get())).toBeUndefined();
  });

  it('gives the session the profile asked for early instead of asking again', async () => {
    const api = fakeApi(() => ({ body: { id: 1, firstName: 'Kim', lastName: 'W', email: 'k@example.test', courier: null, branch: null } }));
    askEarly('/customers/profile');
    const user = await fetchProfile('customer');
    expect(user.firstName).toBe('Kim');
    expect(api.calls).toHaveLength(1);
  });

  it('hands an answer over at once only when it is in, once, and only to its token', async () => {
    let release = () => {};
    fakeApi(() => new Promise((r) => (release = () => r({ body: { mailbox: 'JXP-1' } }))));
    askEarly('/dashboard');
    expect(takeReady('/dashboard', CUSTOMER)).toBeUndefined();
    release();
    await vi.waitFor(() => expect(takeReady('/dashboard', 'another.person.token')).toBeUndefined());
    await vi.waitFor(() => expect(takeReady('/dashboard', CUSTOMER)?.data).toEqual({ mailbox: 'JXP-1' }));
    expect(takeReady('/dashboard', CUSTOMER)).toBeUndefined();
    expect(await takeEarly('/dashboard', CUSTOMER)).toBeUndefined();
  });

  it('never hands over a refused answer at once', async () => {
    fakeApi(() => ({ status: 401, body: { message: 'Signed out' } }));
    askEarly('/customers/profile');
    await new Promise((r) => setTimeout(r, 20));
    expect(takeReady('/customers/profile', CUSTOMER)).toBeUndefined();
    expect(await takeEarly('/customers/profile', CUSTOMER)).toBeUndefined();
  });

  it("reads a live token's role, and none from an expired one", () => {
    expect(tokenRole(CUSTOMER)).toBe('customer');
    expect(tokenRole(token({ role: 'customer', exp: 1 }))).toBeUndefined();
    expect(tokenRole('not-a-token')).toBeUndefined();
  });
});
