import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectivity } from './connectivity';
import { applicationServerKey, customerManifestUrl, linkCustomerManifest, registerCustomerWorker } from './customer-app';
import { linkStationManifest } from './station-app';

describe('the installable customer app', () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link')) link.remove();
  });

  it("links its courier's manifest and icon, in place of the station's, once", () => {
    linkStationManifest();
    linkCustomerManifest('JXP');
    linkCustomerManifest('JXP');
    const manifests = document.head.querySelectorAll('link[rel="manifest"]');
    expect(manifests).toHaveLength(1);
    expect(manifests[0]?.getAttribute('href')).toBe('/api/public/customer-app/JXP/manifest.webmanifest');
    const icons = document.head.querySelectorAll('link[rel="apple-touch-icon"]');
    expect(icons).toHaveLength(1);
    expect(icons[0]?.getAttribute('href')).toBe('/api/public/customer-app/JXP/icon-192.png');
    expect(customerManifestUrl('A B')).toBe('/api/public/customer-app/A%20B/manifest.webmanifest');
  });

  it('registers its own worker for the customer portal only, in production builds', async () => {
    const register = vi.fn(async () => ({ scope: '/customer/' }) as ServiceWorkerRegistration);
    const container = { register } as unknown as ServiceWorkerContainer;
    expect(await registerCustomerWorker(false, container)).toBeNull();
    expect(register).not.toHaveBeenCalled();
    await registerCustomerWorker(true, container);
    expect(register).toHaveBeenCalledWith('/customer-sw.js', { scope: '/customer/' });
  });

  it('reads the VAPID public key as PushManager wants it (base64url to bytes)', () => {
    const bytes = applicationServerKey('BAEC_-8');
    expect([...bytes]).toEqual([4, 1, 2, 255, 239]);
  });
});

describe('answers kept on the device', () => {
  afterEach(() => connectivity.markOnline());

  it('say offline, as of the oldest copy on screen, until the server answers again', () => {
    connectivity.servedCopy('2026-11-26T10:00:00.000Z');
    connectivity.servedCopy('2026-11-26T09:00:00.000Z');
    connectivity.servedCopy('2026-11-26T11:00:00.000Z');
    expect(connectivity.isOffline()).toBe(true);
    expect(connectivity.copyAsOf()).toBe('2026-11-26T09:00:00.000Z');
    connectivity.markOnline();
    expect(connectivity.isOffline()).toBe(false);
    expect(connectivity.copyAsOf()).toBeNull();
  });
});
