import { afterEach, describe, expect, it } from 'vitest';
import { redirectStore, tokenStore } from '@/lib/storage';
import { confirmTokenStored, takeRedirect } from './after-sign-in';

afterEach(() => {
  redirectStore.clear();
  tokenStore.clear();
});

describe('takeRedirect', () => {
  it('returns a stored deep link of the same area once', () => {
    redirectStore.set('/admin/settings?tab=rates');
    expect(takeRedirect('/admin/login', '/admin/dashboard')).toBe('/admin/settings?tab=rates');
    expect(takeRedirect('/admin/login', '/admin/dashboard')).toBe('/admin/dashboard');
  });
  it('ignores another area, login pages and off-site paths', () => {
    for (const stored of ['/staff/scan', '/login', '//evil.example/x']) {
      redirectStore.set(stored);
      expect(takeRedirect('/admin/login', '/admin/dashboard')).toBe('/admin/dashboard');
    }
  });
  it('sends customer deep links back after the customer login', () => {
    redirectStore.set('/customer/invoices');
    expect(takeRedirect('/login', '/customer/dashboard')).toBe('/customer/invoices');
  });
});

describe('confirmTokenStored', () => {
  it('fails with its fixed words when no token was stored', async () => {
    await expect(confirmTokenStored(1)).rejects.toThrow('Token not found after login');
    tokenStore.set('a.b.c');
    await expect(confirmTokenStored(1)).resolves.toBeUndefined();
  });
});
