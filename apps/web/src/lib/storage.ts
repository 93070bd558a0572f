import { STORAGE_KEYS } from '@courier/shared/constants/limits';
import { requestedApiKey, resolvedSite } from './public-site-store';

/**
 * The browser storage, by fixed names: the token in local storage; redirectAfterLogin
 * and api_key in session storage. Storage can throw: a frame on another site in a browser that
 * blocks third-party storage (current Chromium by default), private mode, storage disabled. Then
 * what would have been stored lives in this page's memory: a sign-in inside such a frame works
 * until the page is left, and the portal offers to open itself in its own tab (storageRefused()).
 */
const local = () => window.localStorage;
const session = () => window.sessionStorage;
const memory = new Map<string, string>();
let refused = false;
function read(store: () => Storage, key: string): string | null {
  try {
    return store().getItem(key);
  } catch {
    refused = true;
    return memory.get(`${store === local ? 'local' : 'session'}:${key}`) ?? null;
  }
}
function write(store: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) store().removeItem(key);
    else store().setItem(key, value);
  } catch {
    refused = true;
    const name = `${store === local ? 'local' : 'session'}:${key}`;
    if (value === null) memory.delete(name);
    else memory.set(name, value);
  }
}

/** True when the browser refuses this page its storage: a sign-in here lasts only until the page is left. */
export function storageRefused(): boolean {
  if (refused) return true;
  try {
    void window.localStorage.length;
    return false;
  } catch {
    refused = true;
    return true;
  }
}

/** For tests: forgets what was kept in memory. */
export function forgetMemoryStorage(): void {
  memory.clear();
  refused = false;
}

/**
 * The session token. A sign-in keeps it in local storage, shared by every tab.
 * An impersonation keeps it in this tab's session storage instead, where it wins over the shared
 * token: the super admin's own session in local storage, and in their other tabs, stays untouched,
 * and ending the impersonation (clearing this tab's token) brings it back.
 */
export const tokenStore = {
  get: () => read(session, STORAGE_KEYS.token) ?? read(local, STORAGE_KEYS.token),
  set: (token: string, options: { tabOnly?: boolean } = {}) => {
    if (options.tabOnly) return write(session, STORAGE_KEYS.token, token);
    // A sign-in in a tab that was impersonating ends the impersonation there.
    write(session, STORAGE_KEYS.token, null);
    write(local, STORAGE_KEYS.token, token);
  },
  /** Clears this tab's own token when it has one (ending an impersonation), else the shared one. */
  clear: () => {
    if (read(session, STORAGE_KEYS.token) !== null) write(session, STORAGE_KEYS.token, null);
    else write(local, STORAGE_KEYS.token, null);
  },
  /** True while this tab runs on a token of its own (an impersonation). */
  isTabOnly: () => read(session, STORAGE_KEYS.token) !== null,
};

/**
 * The last profile of a staff or admin sign-in, kept so an installed scan station opens on its
 * screen when the network is gone (the profile cannot be fetched). It belongs to one token: a
 * profile stored for another token (a sign-out, another person) is never used.
 */
const OFFLINE_PROFILE_KEY = 'courier.offlineProfile';
const tokenKey = (token: string) => token.slice(-32);
export const offlineProfileStore = {
  get<T>(token: string): T | null {
    const raw = read(local, OFFLINE_PROFILE_KEY);
    if (!raw) return null;
    try {
      const stored = JSON.parse(raw) as { key?: string; profile?: T };
      return stored.key === tokenKey(token) && stored.profile ? stored.profile : null;
    } catch {
      return null;
    }
  },
  set: (token: string, profile: unknown) => write(local, OFFLINE_PROFILE_KEY, JSON.stringify({ key: tokenKey(token), profile })),
  clear: () => write(local, OFFLINE_PROFILE_KEY, null),
};

export const redirectStore = {
  get: () => read(session, STORAGE_KEYS.redirectAfterLogin),
  set: (path: string) => write(session, STORAGE_KEYS.redirectAfterLogin, path),
  clear: () => write(session, STORAGE_KEYS.redirectAfterLogin, null),
};

/**
 * The tenant's api key: the URL's `api_key` (kept in session storage), the courier of the host
 * name, session storage, else the api key of the site the server resolved (nothing is
 * compiled in). Empty only before that site has loaded, or when it could not be.
 */
export function resolveApiKey(search: string = typeof window === 'undefined' ? '' : window.location.search): string {
  return requestedApiKey(search) ?? resolvedSite()?.courier.apiKey ?? '';
}

export interface TokenPayload {
  sub?: string;
  role?: string;
  type?: string;
  exp?: number;
  courierId?: number | null;
}

/** Reads a JWT's payload without verifying it (the server verifies); null when unreadable. */
export function decodeToken(token: string): TokenPayload | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as TokenPayload) : null;
  } catch {
    return null;
  }
}
