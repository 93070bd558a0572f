import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_API_KEY, STORAGE_KEYS } from '@courier/shared/constants/limits';
import type { PublicSite } from '@courier/shared/schemas/public-site';
import { forgetSite } from '@/lib/public-site-store';
import { resolveApiKey } from '@/lib/storage';
import { FALLBACK_SITE, usePublicSite } from './get-public-site';

function siteOf(name: string, apiKey: string, resolvedBy: PublicSite['resolvedBy'] = 'default'): PublicSite {
  return {
    ...FALLBACK_SITE,
    courier: { ...FALLBACK_SITE.courier, name, code: name.slice(0, 3).toUpperCase(), apiKey, phone: `${name} phone` },
    branches: [{ name: `${name} branch`, address: '1 Main Street', parish: 'Clarendon', phone: null, hours: null }],
    resolvedBy,
  };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderSite(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => usePublicSite(), { wrapper });
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.__PUBLIC_SITE__ = undefined;
  forgetSite();
});

describe('usePublicSite', () => {
  it('takes the site the server embedded in the HTML at once, without a request', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    window.__PUBLIC_SITE__ = siteOf('Island', 'ck_island');
    const { result } = renderSite('/');
    expect(result.current.loading).toBe(false);
    expect(result.current.site.courier.name).toBe('Island');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(resolveApiKey('')).toBe('ck_island');
  });

  it('without an embedded site asks /api/public/site, and its api key becomes the tenant key', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(siteOf('Default Co', 'ck_default')));
    vi.stubGlobal('fetch', fetchMock);
    expect(resolveApiKey('')).toBe('');
    const { result } = renderSite('/');
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.site.courier.name).toBe('Default Co');
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/api\/public\/site$/);
    expect(resolveApiKey('')).toBe('ck_default');
  });

  it("asks for the URL's api key, and ignores an embedded site of another courier", async () => {
    window.__PUBLIC_SITE__ = siteOf('Demo', DEFAULT_API_KEY);
    const fetchMock = vi.fn(async (_url: string) => json(siteOf('Island', 'ck_island', 'api_key')));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderSite('/contact?api_key=ck_island');
    expect(result.current.site.courier.name).not.toBe('Demo');
    await waitFor(() => expect(result.current.site.courier.name).toBe('Island'));
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/api\/public\/site\?api_key=ck_island$/);
  });

  it("a signed-in person sees their own courier's site, not the embedded default one, with their session", async () => {
    window.__PUBLIC_SITE__ = siteOf('Default Co', 'ck_default');
    const payload = btoa(JSON.stringify({ sub: 'customer:5', role: 'customer', courierId: 7 })).replace(/=+$/, '');
    window.localStorage.setItem(STORAGE_KEYS.token, `h.${payload}.s`);
    try {
      const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(siteOf('Own Courier', 'ck_own', 'account')));
      vi.stubGlobal('fetch', fetchMock);
      const { result } = renderSite('/');
      expect(result.current.site.courier.name).not.toBe('Default Co');
      await waitFor(() => expect(result.current.site.courier.name).toBe('Own Courier'));
      expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('authorization')).toBe(`Bearer h.${payload}.s`);
    } finally {
      window.localStorage.removeItem(STORAGE_KEYS.token);
    }
  });

  it('a courier that cannot be found leaves the default brand and no courier data, and no built-in key', async () => {
    window.__PUBLIC_SITE__ = siteOf('Demo', DEFAULT_API_KEY);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'Courier not found', code: 'COURIER_NOT_FOUND' }, 404)),
    );
    const { result } = renderSite('/?api_key=ck_unknown');
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.site).toBe(FALLBACK_SITE);
    expect(result.current.site.courier.name).toBe('Courier Portal');
    expect(result.current.site.branches).toEqual([]);
    expect(result.current.site.courier.phone).toBeNull();
    expect(resolveApiKey('')).not.toBe(DEFAULT_API_KEY);
  });

  it('retries a network failure twice before falling back', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderSite('/');
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(result.current.site.courier.name).toBe('Courier Portal');
  });

  it("a site found by host name wins over another courier's key left in session storage", () => {
    window.sessionStorage.setItem('api_key', 'ck_other');
    window.__PUBLIC_SITE__ = siteOf('Host Co', 'ck_host', 'host');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderSite('/');
    expect(result.current.site.courier.name).toBe('Host Co');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(resolveApiKey('')).toBe('ck_host');
  });
});
