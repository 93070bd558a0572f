import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectivity } from './connectivity';

function browserOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('connectivity', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    connectivity.markOnline();
  });

  it('a call that reaches nobody marks offline, and any answer marks online again', () => {
    connectivity.markOffline();
    expect(connectivity.isOffline()).toBe(true);
    connectivity.markOnline();
    expect(connectivity.isOffline()).toBe(false);
  });

  it('while the browser says it is offline, a late answer does not end it; the online event does', () => {
    browserOnline(false);
    expect(connectivity.isOffline()).toBe(true);
    // An answer to a request sent before the connection dropped.
    connectivity.markOnline();
    expect(connectivity.isOffline()).toBe(true);
    browserOnline(true);
    expect(connectivity.isOffline()).toBe(false);
  });
});
