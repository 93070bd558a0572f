import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { tokenStore } from '@/lib/storage';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/** An answer other than 200: the status and the JSON body. */
export const reply = (status: number, body: unknown) => ({ __status: status, body });
type Answer = unknown | ((body: unknown) => unknown);

/**
 * Answers the app's API calls from a table of `METHOD /path` (without /api) to a JSON body, a
 * `reply(status, body)`, or a function of the request body; anything else is a 404. Records every call.
 */
export function stubApi(routes: Record<string, Answer>) {
  tokenStore.set('header.payload.signature');
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined);
      calls.push({ method, path, body });
      const key = `${method} ${path}`;
      const route = routes[key];
      const answer = typeof route === 'function' ? route(body) : route;
      const { status, json } =
        answer === undefined
          ? { status: 404, json: { message: `Not stubbed: ${key}` } }
          : typeof answer === 'object' && answer !== null && '__status' in answer
            ? { status: (answer as { __status: number }).__status, json: (answer as { body: unknown }).body }
            : { status: 200, json: answer };
      return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
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
  const ctx = { scale: vi.fn(), beginPath: vi.fn(), moveTo: vi.fn(), lineTo: vi.fn(), stroke: vi.fn() };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,iVBORw0KGgo=');
  HTMLCanvasElement.prototype.setPointerCapture = vi.fn();
}
