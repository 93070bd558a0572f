/*
 * The customer app's service worker (scope /customer/), apart from the scan station's (/sw.js).
 * - The app shell: pages of the portal are asked of the network first and kept, so the app opens
 *   without a network; built files (/assets/, hashed) are kept as they are first loaded.
 * - The last packages, pre-alerts and invoices: those API answers are asked of the network first and kept per
 *   person (the signed-in subject of the request's token); without a network the kept answer is
 *   served with `X-Offline-Copy: <when it was kept>`, and only to the same person.
 * - Sign-out (a message from the page) deletes every kept answer.
 */
const SHELL = 'customer-shell-v1';
const DATA = 'customer-data-v1';
const SHELL_PAGE = '/customer/__shell';
const KEPT_API = [
  /^\/api\/customer\/packages(\/\d+)?$/,
  /^\/api\/customer\/pre-alerts$/,
  /^\/api\/invoices(\/INV-[^/]+)?$/,
  /^\/api\/dashboard$/,
  /^\/api\/customers\/profile$/,
];

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('customer-') && name !== SHELL && name !== DATA) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'signed-out') event.waitUntil(caches.delete(DATA));
  // The built files the page loaded before this worker controlled it: kept too, so a reload offline has them.
  if (event.data && event.data.type === 'keep-files' && Array.isArray(event.data.urls)) event.waitUntil(keepFiles(event.data.urls));
});

async function keepFiles(urls) {
  const cache = await caches.open(SHELL);
  for (const raw of urls.slice(0, 200)) {
    const url = new URL(raw, self.location.origin);
    if (url.origin !== self.location.origin || !url.pathname.startsWith('/assets/')) continue;
    if (await cache.match(url.href)) continue;
    try {
      const response = await fetch(url.href);
      if (response.ok) await cache.put(url.href, response);
    } catch {
      // Offline already: it is kept on the next visit.
    }
  }
}

/** The person a request is for: the subject of its bearer token (read, not verified: the server verifies). */
function subjectOf(request) {
  const auth = request.headers.get('Authorization') || '';
  const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

function keyFor(url, subject) {
  return `${url.origin}/__customer-data/${encodeURIComponent(subject)}${url.pathname}${url.search}`;
}

async function keptAnswer(request, url) {
  const subject = subjectOf(request);
  try {
    const response = await fetch(request);
    if (subject && response.ok) {
      const body = await response.clone().arrayBuffer();
      const headers = new Headers(response.headers);
      headers.set('X-Offline-Copy', new Date().toISOString());
      const cache = await caches.open(DATA);
      await cache.put(keyFor(url, subject), new Response(body, { status: 200, headers }));
    }
    return response;
  } catch (error) {
    if (!subject) throw error;
    const kept = await (await caches.open(DATA)).match(keyFor(url, subject));
    if (kept) return kept;
    throw error;
  }
}

async function shellPage(request) {
  const cache = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(SHELL_PAGE, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(SHELL_PAGE);
    if (kept) return kept;
    throw error;
  }
}

async function builtFile(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith('/customer/') || url.pathname === '/customer') event.respondWith(shellPage(request));
    return;
  }
  if (url.pathname.startsWith('/api/')) {
    if (KEPT_API.some((re) => re.test(url.pathname))) event.respondWith(keptAnswer(request, url));
    return;
  }
  if (url.pathname.startsWith('/assets/') || /\.(svg|png|woff2?|css|js)$/.test(url.pathname)) event.respondWith(builtFile(request));
});

// Push notices: the payload the server encrypted for this device ({ title, body, url, tag }).
self.addEventListener('push', (event) => {
  let notice = { title: 'New notice', body: '', url: '/customer/notifications', tag: 'notice' };
  try {
    notice = { ...notice, ...event.data.json() };
  } catch {
    // A notice without a readable payload still says something arrived.
  }
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      data: { url: notice.url },
      icon: '/favicon.svg',
    }),
  );
});

// Tapping a notice opens its page, in the app's window when one is open.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/customer/notifications', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).pathname.startsWith('/customer/'));
      if (open) {
        await open.focus();
        return open.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
