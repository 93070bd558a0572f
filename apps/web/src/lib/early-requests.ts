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
  answer: Promise<Response>;
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
  const answer = fetch(`/api${path}`, {
    headers: { Accept: 'application/json', 'Cache-Control': 'no-cache', Authorization: `Bearer ${token}` },
  });
  answer.catch(() => undefined); // the taker asks again
  asked.set(path, { token, at: Date.now(), answer });
}

/**
 * The early answer for `path`, once: its JSON when the server answered 2xx to `token` (the caller's,
 * from the session's store), else undefined (nothing asked, another token, too old, a failure, a copy
 * from the offline worker).
 */
export async function takeEarly<T>(path: string, token: string | null): Promise<T | undefined> {
  const early = asked.get(path);
  asked.delete(path);
  if (!early || !token || early.token !== token || Date.now() - early.at > TAKE_WITHIN_MS) return undefined;
  try {
    const response = await early.answer;
    if (!response.ok || response.headers.has('X-Offline-Copy')) return undefined;
    const data = (await response.json()) as T;
    // A sign-out or another sign-in while the answer was on its way: it is not this person's.
    return currentToken() === token ? data : undefined;
  } catch {
    return undefined;
  }
}

/** For tests: forgets every early request. */
export function forgetEarly(): void {
  asked.clear();
}
