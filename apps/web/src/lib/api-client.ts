import { REQUEST_TIMEOUT_MS } from '@courier/shared/constants/limits';
import { isLoginPath, loginPathFor } from '@courier/shared/domain/redirects';
import { CLIENT_MESSAGES } from '@courier/shared/messages';
import { connectivity } from './connectivity';
import { keepApiKey } from './paths';
import { redirectStore, tokenStore } from './storage';

export const API_BASE = '/api';

export type ApiErrorKind = 'network' | 'timeout' | 'http';

/** Every failed call throws this; `message` is what a person should read. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status?: number,
    readonly fieldErrors?: Record<string, string[]>,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /**
   * The 401 handling (token removed, path stored, login page) applies to calls made on
   * behalf of a session. Sign-in and public calls answer 401 for other reasons and pass false.
   */
  sessionCall?: boolean;
  timeoutMs?: number;
}

/** Hooks the session layer installs so a 401 can clear its state and navigate. */
let onSessionExpired: ((loginPath: string) => void) | undefined;
export function setSessionExpiredHandler(handler: ((loginPath: string) => void) | undefined): void {
  onSessionExpired = handler;
}

/** The session expiry on a 401: exported for the upload helper, which cannot use fetch (progress). */
export function handleUnauthorized(): void {
  tokenStore.clear();
  const here = window.location.pathname + window.location.search;
  if (isLoginPath(window.location.pathname)) return;
  redirectStore.set(here);
  const target = keepApiKey(loginPathFor(window.location.pathname), window.location.search);
  if (onSessionExpired) onSessionExpired(target);
  else window.location.assign(target);
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * The one way the app talks to the API: JSON in and out, no-cache, the bearer token
 * from local storage, a 30 s time-out, and the exact messages for failures.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, sessionCall = true, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const headers: Record<string, string> = { Accept: 'application/json', 'Cache-Control': 'no-cache' };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromCaller = () => controller.abort();
  signal?.addEventListener('abort', abortFromCaller);

  let response: Response;
  let text: string;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal: controller.signal,
    });
    // The body is part of the answer: a connection lost or stalled while it comes is the same fault.
    text = await response.text();
  } catch (error) {
    if (timedOut) {
      connectivity.markOffline();
      throw new ApiError(CLIENT_MESSAGES.timeout, 'timeout');
    }
    if (signal?.aborted) throw error;
    connectivity.markOffline();
    throw new ApiError(CLIENT_MESSAGES.network, 'network');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
  // The customer app's worker answers from its kept copy when the network is gone.
  const copy = response.headers.get('X-Offline-Copy');
  if (copy) connectivity.servedCopy(copy);
  else connectivity.markOnline();

  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    if (response.status === 401 && sessionCall && token) handleUnauthorized();
    const payload = (data ?? {}) as { message?: string; fieldErrors?: Record<string, string[]>; code?: string };
    throw new ApiError(
      payload.message ?? `Request failed (${response.status})`,
      'http',
      response.status,
      payload.fieldErrors,
      payload.code,
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
