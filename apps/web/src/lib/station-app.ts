import { useEffect } from 'react';

/**
 * The scan station as an app a warehouse phone or tablet installs: the web app manifest
 * (public/manifest.webmanifest: full screen, opens on Scan) and the service worker that Workbox
 * builds (vite.config.ts), which keeps the app shell so the station opens without a network.
 * Only the staff and admin portals link them: the public site offers no scan station to install.
 */
export const STATION_MANIFEST_URL = '/manifest.webmanifest';
export const STATION_WORKER_URL = '/sw.js';

function addLink(doc: Document, rel: string, href: string) {
  if (doc.head.querySelector(`link[rel="${rel}"]`)) return;
  const link = doc.createElement('link');
  link.rel = rel;
  link.href = href;
  doc.head.append(link);
}

/** Links the manifest and the home-screen icon (iOS reads apple-touch-icon, not the manifest's icons). */
export function linkStationManifest(doc: Document = document) {
  addLink(doc, 'manifest', STATION_MANIFEST_URL);
  addLink(doc, 'apple-touch-icon', '/icons/apple-touch-icon.png');
}

/**
 * Registers the service worker in production builds only: in development Vite serves modules one
 * by one and a cache in front of them would serve stale code. Failing to register (private mode,
 * an old browser) leaves the app as it is, online only.
 */
export async function registerStationWorker(
  production: boolean = import.meta.env.PROD,
  container: ServiceWorkerContainer | undefined = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
): Promise<ServiceWorkerRegistration | null> {
  if (!production || !container) return null;
  try {
    return await container.register(STATION_WORKER_URL, { scope: '/' });
  } catch (error) {
    console.warn('The scan station could not be installed for offline use', error);
    return null;
  }
}

/** For the staff and admin layouts: once per page load. */
export function useStationApp() {
  useEffect(() => {
    linkStationManifest();
    void registerStationWorker();
  }, []);
}
