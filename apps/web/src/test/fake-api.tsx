import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render } from '@testing-library/react';
import type { ReactNode } from 'react';
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
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const { status = 200, body } = await answer(call);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
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
