import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { tokenStore } from '@/lib/storage';

/** One request the component sent: its path (with `/api`), method and JSON body. */
export interface SentCall {
  url: string;
  method: string;
  body: unknown;
}

/** What the fake server answers: a status and a JSON body (200 when left out). */
export interface FakeAnswer {
  status?: number;
  body: unknown;
}

/**
 * Stands in for the API: every `fetch` is recorded and answered by `answer` (which may wait, to
 * keep a request in flight). `sent('PUT')` lists the requests of one method.
 */
export function fakeApi(answer: (call: SentCall) => FakeAnswer | Promise<FakeAnswer>) {
  const calls: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined);
      const call = { url: String(input), method: (init.method ?? 'GET').toUpperCase(), body };
      calls.push(call);
      const { status = 200, body: json } = await answer(call);
      return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls, sent: (method: string) => calls.filter((c) => c.method === method) };
}

/** Waits `ms`: a request that takes a while, so a second submit lands while the first is in flight. */
export const slowly = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

/** Renders with a fresh query client (no retries) and the toaster, as the app does. */
export function renderWithApi(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

/** A signed-in session for each test of the file, and the fake API taken down after it. */
export function signedInWithFakeApi() {
  beforeEach(() => {
    tokenStore.set('header.payload.signature');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** Submits the field's form twice at once, as Enter pressed twice does, past a button that turns busy. */
export function submitTwice(field: HTMLElement) {
  const form = field.closest('form');
  if (!form) throw new Error('The field is not in a form');
  fireEvent.submit(form);
  fireEvent.submit(form);
}

/** An answer other than 200 in a route table: the status and the JSON body. */
export const reply = (status: number, body: unknown) => ({ __status: status, body });
type RouteAnswer = unknown | ((body: unknown) => unknown);

/**
 * The fake API answering from a table of `METHOD /path` (without /api) to a JSON body, a
 * `reply(status, body)`, or a function of the request body; anything else is a 404. Signs in.
 */
export function stubApi(routes: Record<string, RouteAnswer>) {
  tokenStore.set('header.payload.signature');
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  fakeApi(({ url, method, body }) => {
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    calls.push({ method, path, body });
    const key = `${method} ${path}`;
    const route = routes[key];
    const answer = typeof route === 'function' ? route(body) : route;
    if (answer === undefined) return { status: 404, body: { message: `Not stubbed: ${key}` } };
    if (typeof answer === 'object' && answer !== null && '__status' in answer) {
      const { __status, body: json } = answer as { __status: number; body: unknown };
      return { status: __status, body: json };
    }
    return { body: answer };
  });
  return {
    calls,
    /** The calls that change something (not GET). */
    changes: () => calls.filter((c) => c.method !== 'GET'),
  };
}

/** Renders an element at a path (matched by `pattern`) inside a fresh query client and router. */
export function renderAt(element: ReactElement, path = '/', pattern = path) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** A signed-in staff member with these permissions, at a branch (so no till has to be chosen). */
export function staffSession(permissions: string[]) {
  const user = {
    id: 7,
    kind: 'user',
    role: { name: 'courier_admin', permissions },
    permissions,
    branch: { id: 1, name: 'Kingston' },
    courier: { id: 1, name: 'Jamaica Express Post' },
    timeZone: 'America/Jamaica',
  };
  return { user, isAuthenticated: true, loading: false };
}

/** The signature pad draws on a canvas jsdom lacks: a stroke gives a small PNG. */
export function stubCanvas() {
  const ctx = { scale: vi.fn(), beginPath: vi.fn(), moveTo: vi.fn(), lineTo: vi.fn(), stroke: vi.fn(), drawImage: vi.fn() };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,iVBORw0KGgo=');
  HTMLCanvasElement.prototype.setPointerCapture = vi.fn();
}
