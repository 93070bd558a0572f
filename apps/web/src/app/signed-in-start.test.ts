import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { forgetEarly } from '@/lib/early-requests';
import { tokenStore } from '@/lib/storage';
import { startSignedInPage } from './signed-in-start';

vi.mock('./routes/customer/customer-layout', () => ({}));
vi.mock('./routes/organisation/dashboard-page', () => ({}));

const token = (role: string) => `h.${btoa(JSON.stringify({ role })).replace(/=+$/, '')}.s`;

beforeEach(() => forgetEarly());
afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('the signed-in start', () => {
  it("asks for a customer's profile and dashboard as the entry runs", () => {
    tokenStore.set(token('customer'));
    const api = fakeApi(() => ({ body: {} }));
    expect(startSignedInPage('/customer/dashboard/')).toBe(true);
    expect(api.calls.map((c) => c.url).sort()).toEqual(['/api/customers/profile', '/api/dashboard']);
  });

  it('asks for nothing on another page, for staff, or signed out', () => {
    const api = fakeApi(() => ({ body: {} }));
    expect(startSignedInPage('/customer/dashboard')).toBe(false);
    tokenStore.set(token('staff'));
    expect(startSignedInPage('/customer/dashboard')).toBe(false);
    tokenStore.set(token('customer'));
    expect(startSignedInPage('/customer/packages')).toBe(false);
    expect(api.calls).toHaveLength(0);
  });
});
