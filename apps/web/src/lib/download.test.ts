import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_MESSAGES } from '@courier/shared/messages';
import { downloadFile, fetchBlob, openFile } from './download';
import { redirectStore, tokenStore } from './storage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  tokenStore.clear();
});

describe('authenticated file download', () => {
  it('sends the bearer token, takes API paths with or without /api, and adds the query', async () => {
    tokenStore.set('abc.def.ghi');
    const fetchMock = vi.fn(async () => new Response('a,b\n'));
    vi.stubGlobal('fetch', fetchMock);
    await fetchBlob('/reports/csv/sales', { from: '2026-01-01', to: undefined });
    await fetchBlob('/api/files/sheet.pdf');
    const calls = fetchMock.mock.calls as unknown as Array<[string, RequestInit]>;
    expect(calls.map(([url]) => url)).toEqual(['/api/reports/csv/sales?from=2026-01-01', '/api/files/sheet.pdf']);
    expect(calls[0]?.[1].headers).toMatchObject({ Authorization: 'Bearer abc.def.ghi', 'Cache-Control': 'no-cache' });
  });

  it('ends the session on a 401 like every other call', async () => {
    tokenStore.set('abc.def.ghi');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/admin/reports', search: '', assign });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Session expired' }), { status: 401 })),
    );
    await expect(downloadFile('/reports/csv/sales', 'sales.csv')).rejects.toMatchObject({ message: 'Session expired', status: 401 });
    expect(tokenStore.get()).toBeNull();
    expect(redirectStore.get()).toBe('/admin/reports');
    expect(assign).toHaveBeenCalledWith('/admin/login');
  });

  it('gives up with the time-out message after 30 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const pending = openFile('/invoices/INV-1/pdf');
    const assertion = expect(pending).rejects.toMatchObject({ message: CLIENT_MESSAGES.timeout, kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(30_000);
    await assertion;
  });
});
