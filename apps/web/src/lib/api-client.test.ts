import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_MESSAGES } from '@courier/shared/messages';
import { ApiError, api } from './api-client';
import { redirectStore, tokenStore } from './storage';

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api client', () => {
  it('sends JSON, no-cache and the bearer token to /api', async () => {
    tokenStore.set('abc.def.ghi');
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/things', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things');
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/json',
      'Cache-Control': 'no-cache',
      Authorization: 'Bearer abc.def.ghi',
    });
    expect(init.body).toBe('{"a":1}');
  });

  it('gives the network message when there is no response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/x')).rejects.toMatchObject({ message: CLIENT_MESSAGES.network, kind: 'network' });
  });

  it('gives the time-out message after 30 s', async () => {
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
    const pending = api.get('/slow');
    const assertion = expect(pending).rejects.toMatchObject({ message: CLIENT_MESSAGES.timeout, kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(30_000);
    await assertion;
  });

  it('gives the network message when the connection drops while the answer comes', async () => {
    const cutOff = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"id":'));
        controller.error(new TypeError('network error'));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(cutOff, { status: 200 })),
    );
    await expect(api.get('/auth/profile')).rejects.toMatchObject({ message: CLIENT_MESSAGES.network, kind: 'network' });
  });

  it('gives the time-out message when the answer stops coming for 30 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        // The headers came; the body stalls until the request is aborted, as a browser's fetch does.
        const stalled = new ReadableStream({
          start(controller) {
            init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(stalled, { status: 200 });
      }),
    );
    const pending = api.get('/slow');
    const assertion = expect(pending).rejects.toMatchObject({ message: CLIENT_MESSAGES.timeout, kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(30_000);
    await assertion;
  });

  it('passes the server message of a 4xx', async () => {
    vi.stubGlobal('fetch', respond(400, { message: 'First name is required', fieldErrors: { firstName: ['First name is required'] } }));
    const error = await api.post('/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'First name is required', status: 400, fieldErrors: { firstName: ['First name is required'] } });
  });

  it('on 401 of a session call: removes the token and stores the path', async () => {
    window.history.pushState({}, '', '/admin/settings?tab=rates');
    tokenStore.set('expired.token.x');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/admin/settings', search: '?tab=rates', assign });
    vi.stubGlobal('fetch', respond(401, { message: 'Invalid or expired token' }));
    await expect(api.get('/auth/profile')).rejects.toMatchObject({ status: 401 });
    expect(tokenStore.get()).toBeNull();
    expect(redirectStore.get()).toBe('/admin/settings?tab=rates');
    expect(assign).toHaveBeenCalledWith('/admin/login');
  });

  it('a 401 from a sign-in call leaves everything alone', async () => {
    vi.stubGlobal('fetch', respond(401, { message: 'Invalid email or password' }));
    await expect(api.post('/auth/login', {}, { sessionCall: false })).rejects.toMatchObject({ message: 'Invalid email or password' });
    expect(redirectStore.get()).toBeNull();
  });
});
