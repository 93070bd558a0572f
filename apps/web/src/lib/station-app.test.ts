import { afterEach, describe, expect, it, vi } from 'vitest';
import { STATION_MANIFEST_URL, STATION_WORKER_URL, linkStationManifest, registerStationWorker } from './station-app';
import { offlineProfileStore } from './storage';

describe('the installable scan station', () => {
  it('links the manifest and the home-screen icon once', () => {
    linkStationManifest();
    linkStationManifest();
    const manifests = document.head.querySelectorAll('link[rel="manifest"]');
    expect(manifests).toHaveLength(1);
    expect(manifests[0]?.getAttribute('href')).toBe(STATION_MANIFEST_URL);
    expect(document.head.querySelectorAll('link[rel="apple-touch-icon"]')).toHaveLength(1);
  });

  it('registers the service worker in production builds only', async () => {
    const register = vi.fn(async () => ({ scope: '/' }) as ServiceWorkerRegistration);
    const container = { register } as unknown as ServiceWorkerContainer;
    expect(await registerStationWorker(false, container)).toBeNull();
    expect(register).not.toHaveBeenCalled();
    expect(await registerStationWorker(true, container)).toEqual({ scope: '/' });
    expect(register).toHaveBeenCalledWith(STATION_WORKER_URL, { scope: '/' });
  });

  it('leaves the app online-only when the browser has no service workers or refuses one', async () => {
    expect(await registerStationWorker(true, undefined)).toBeNull();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refused = { register: vi.fn(async () => Promise.reject(new Error('denied'))) } as unknown as ServiceWorkerContainer;
    expect(await registerStationWorker(true, refused)).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('the profile kept for an offline start', () => {
  afterEach(() => offlineProfileStore.clear());

  it('is given back only for the token it was stored with', () => {
    offlineProfileStore.set('header.payload.signature-of-alice-0123456789abcdef', { name: 'Alice' });
    expect(offlineProfileStore.get('header.payload.signature-of-alice-0123456789abcdef')).toEqual({ name: 'Alice' });
    expect(offlineProfileStore.get('header.payload.signature-of-bruno-0123456789abcdef')).toBeNull();
    offlineProfileStore.clear();
    expect(offlineProfileStore.get('header.payload.signature-of-alice-0123456789abcdef')).toBeNull();
  });
});
