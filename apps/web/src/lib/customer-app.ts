import { useEffect } from 'react';
import { CUSTOMER_APP_SCOPE, CUSTOMER_WORKER_URL } from '@courier/shared/constants/customer-app';
import { api } from './api-client';

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

/** The courier's home-screen icon (its logo, else its initials), for iOS: it reads apple-touch-icon, not the manifest. */
export function customerIconUrl(courierCode: string): string {
  return `/api/public/customer-app/${encodeURIComponent(courierCode)}/icon-192.png`;
}

/** Links the courier's manifest and icon, replacing any other (a staff tab's station ones in the same page). */
export function linkCustomerManifest(courierCode: string, doc: Document = document) {
  setLink(doc, 'manifest', customerManifestUrl(courierCode));
  setLink(doc, 'apple-touch-icon', customerIconUrl(courierCode));
}

function setLink(doc: Document, rel: string, href: string) {
  let link = doc.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = doc.createElement('link');
    link.rel = rel;
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

/** Resolves once the registration has an active worker (at most 30 s). */
export function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  if (registration.active) return Promise.resolve(registration.active);
  const pending = registration.installing ?? registration.waiting;
  if (!pending) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(registration.active), 30_000);
    pending.addEventListener('statechange', () => {
      if (pending.state === 'activated' || pending.state === 'redundant') {
        clearTimeout(timer);
        resolve(registration.active);
      }
    });
  });
}

/** Tells the worker which built files this page has loaded (some before it took control), to keep them. */
export async function keepLoadedFiles(): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker || typeof performance === 'undefined') return;
  const registration = await navigator.serviceWorker.getRegistration(CUSTOMER_APP_SCOPE);
  const worker = registration?.active;
  if (!worker) return;
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => u.startsWith(`${location.origin}/assets/`));
  worker.postMessage({ type: 'keep-files', urls });
}

/** For the customer layout: once the courier is known, and the files of each page it opens. */
export function useCustomerApp(courierCode: string | undefined, pathname: string) {
  useEffect(() => {
    if (!courierCode) return;
    linkCustomerManifest(courierCode);
    void registerCustomerWorker().then(async (registration) => {
      if (!registration) return;
      // Not `serviceWorker.ready`: it waits for a worker of the page's first address, and a page
      // that opened on the sign-in page and moved here in the app never gets one.
      await activeWorker(registration);
      await keepLoadedFiles();
    });
  }, [courierCode]);
  useEffect(() => {
    if (!pathname.startsWith(CUSTOMER_APP_SCOPE)) return;
    // After the page's lazy files have loaded.
    const timer = setTimeout(() => void keepLoadedFiles(), 1_000);
    return () => clearTimeout(timer);
  }, [pathname]);
}

/** This device's push subscription with the customer worker, when there is one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration(CUSTOMER_APP_SCOPE);
    return (await registration?.pushManager.getSubscription()) ?? null;
  } catch {
    return null;
  }
}

/** A VAPID public key (base64url) as PushManager.subscribe wants it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Signing out stops this device's notices: the server forgets the subscription (while the session
 * still allows it) and the browser drops it. Failures only log: the sign-out goes on.
 */
export async function forgetPushOnThisDevice(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  try {
    await api.post('/customer/push/subscriptions/removal', { endpoint: subscription.endpoint }, { sessionCall: false, timeoutMs: 5_000 });
  } catch (error) {
    console.warn('Could not remove the push subscription', error);
  }
  await subscription.unsubscribe().catch(() => undefined);
}
