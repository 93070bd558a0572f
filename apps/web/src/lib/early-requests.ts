/**
 * API answers asked for before the app's code is in: the entry (main.tsx) asks for what the page's
 * first paint needs (the customer's profile and dashboard) while React and the page's chunks are
 * still downloading, and the code that needs them takes each answer over once. An answer belongs to
 * the token it was sent with: it is only handed to a caller holding that same token, within 15 s,
 * and never kept anywhere but this page's memory. Anything but a 2xx answer from the server itself
 * is dropped, and the caller asks again through the API client, which handles failures and a 401.
 *
 * This module is part of the entry: it imports nothing (no React, no API client), so asking costs
 * no download first. The token's storage names are the session's (lib/storage.ts; a test pins them).
 */
export const TOKEN_KEY = 'token';
const TAKE_WITHIN_MS = 15_000;

interface Early {
  token: string;
  at: number;
  /** The answer's JSON when the server itself answered 2xx, else undefined; read as soon as it comes. */
  body: Promise<unknown>;
  /** Set once the body is in: React's first render can start with it (takeReady). */
  ready?: { data: unknown; at: number };
}

/** An early answer already in, with the time it came. */
export interface Ready<T> {
  data: T;
  at: number;
}
const asked = new Map<string, Early>();

/** The token the API client would send: this tab's own (an impersonation) first, else the shared one. */
export function currentToken(): string | null {
  const read = (store: () => Storage) => {
    try {
      return store().getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  };
  return read(() => window.sessionStorage) ?? read(() => window.localStorage);
}

/** The role named in a token that has not expired, read without checking it (the server checks every request). */
export function tokenRole(token: string, now = Date.now()): string | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const payload: unknown = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    if (!payload || typeof payload !== 'object') return undefined;
    const { role, exp } = payload as { role?: unknown; exp?: unknown };
    if (typeof exp === 'number' && exp * 1000 <= now) return undefined;
    return typeof role === 'string' ? role : undefined;
  } catch {
    return undefined;
  }
}

/** Starts a GET of `path` (under /api) with the current token, unless one is already on its way. */
export function askEarly(path: string): void {
  const token = currentToken();
  if (!token || asked.has(path)) return;
  // Read while the app's code still downloads; a failure or a copy from the offline worker is undefined (the taker asks again).
  const body = fetch(`/api${path}`, {
    headers: { Accept: 'application/json', 'Cache-Control': 'no-cache', Authorization: `Bearer ${token}` },
  })
    .then((response) => (response.ok && !response.headers.has('X-Offline-Copy') ? (response.json() as Promise<unknown>) : undefined))
    .catch(() => undefined);
  const early: Early = { token, at: Date.now(), body };
  void body.then((data) => {
    if (data !== undefined) early.ready = { data, at: Date.now() };
  });
  asked.set(path, early);
}

/** Whether `early` may be handed to a caller holding `token` now. */
function handable(early: Early, token: string | null): token is string {
  return token !== null && early.token === token && Date.now() - early.at <= TAKE_WITHIN_MS;
}

/**
 * The early answer for `path`, once: its JSON when the server answered 2xx to `token` (the caller's,
 * from the session's store), else undefined (nothing asked, another token, too old, a failure, a copy
 * from the offline worker).
 */
export async function takeEarly<T>(path: string, token: string | null): Promise<T | undefined> {
  const early = asked.get(path);
  asked.delete(path);
  if (!early || !handable(early, token)) return undefined;
  const data = await early.body;
  // A sign-out or another sign-in while the answer was on its way: it is not this person's.
  return data !== undefined && currentToken() === token ? (data as T) : undefined;
}

/**
 * The early answer for `path` if it is already in (no waiting), once, on the same terms as
 * takeEarly; undefined otherwise, and an answer still on its way stays for takeEarly.
 */
export function takeReady<T>(path: string, token: string | null): Ready<T> | undefined {
  const early = asked.get(path);
  if (!early?.ready || !handable(early, token) || currentToken() !== token) return undefined;
  asked.delete(path);
  return early.ready as Ready<T>;
}

/**
 * A query's initial data (TanStack Query's `initialData` and `initialDataUpdatedAt`) from the early
 * answer for `path` when it is already in: the first render shows it, with no fetch and no second
 * render. Read once, when the query is first made.
 */
export function earlyInitialData<T>(path: string, token: string | null) {
  let ready: Ready<T> | undefined;
  return {
    initialData: () => {
      ready = takeReady<T>(path, token);
      return ready?.data;
    },
    initialDataUpdatedAt: () => ready?.at,
  };
}

/** For tests: forgets every early request. */
export function forgetEarly(): void {
  asked.clear();
}
