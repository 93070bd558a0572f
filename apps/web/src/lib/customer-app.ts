import { useEffect } from 'react';
import { CUSTOMER_APP_SCOPE, CUSTOMER_WORKER_URL } from '@courier/shared/schemas/customer-app';

/**
 * The customer portal as an app a customer installs on their phone: the courier's own manifest
 * (name, icons, colours; served by the API per courier) and the customer worker
 * (public/customer-sw.js), which keeps the app shell and the customer's last packages and invoices
 * for a reload without a network. Kept apart from the scan station's (lib/station-app.ts): its own
 * manifest, its own worker file and the /customer/ scope.
 */
export const CUSTOMER_DATA_CACHE = 'customer-data-v1';

export function customerManifestUrl(courierCode: string): string {
  return `/api/public/customer-app/${encodeURIComponent(courierCode)}/manifest.webmanifest`;
}

/** Links the courier's manifest, replacing any other (a staff tab's station manifest in the same page). */
export function linkCustomerManifest(courierCode: string, doc: Document = document) {
  const href = customerManifestUrl(courierCode);
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'manifest';
    doc.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/** Registers the customer worker in production builds (see registerStationWorker for why not in development). */
export async function registerCustomerWorker(
  production: boolean = import.meta.env.PROD,
  container: ServiceWorkerContainer | undefined = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
): Promise<ServiceWorkerRegistration | null> {
  if (!production || !container) return null;
  try {
    return await container.register(CUSTOMER_WORKER_URL, { scope: CUSTOMER_APP_SCOPE });
  } catch (error) {
    console.warn('The customer app could not be installed for offline use', error);
    return null;
  }
}

/**
 * Forgets every kept answer of the signed-in person (sign-out, session ended): deleted here and
 * told to the worker, so nothing personal stays on the device for the next person.
 */
export async function clearCustomerAppData(): Promise<void> {
  try {
    navigator.serviceWorker?.controller?.postMessage({ type: 'signed-out' });
    if (typeof caches !== 'undefined') await caches.delete(CUSTOMER_DATA_CACHE);
  } catch (error) {
    console.warn('Could not clear the offline copies', error);
  }
}

/** For the customer layout: once the courier is known. */
export function useCustomerApp(courierCode: string | undefined) {
  useEffect(() => {
    if (!courierCode) return;
    linkCustomerManifest(courierCode);
    void registerCustomerWorker();
  }, [courierCode]);
}
