import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInWithFakeApi, slowly, stubApi } from '@/test/fake-api';
import { askEarly, forgetEarly } from '@/lib/early-requests';
import { tokenStore } from '@/lib/storage';
import { useDashboard } from './dashboard';

const DASHBOARD = { cards: [], charts: [], mailbox: { number: 'JEP-1001', addresses: [] }, membership: null };

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } })}>
      {children}
    </QueryClientProvider>
  );
}

describe('the dashboard asked for early', () => {
  signedInWithFakeApi();
  beforeEach(() => forgetEarly());

  it('is asked once: the page takes over the request the route started', async () => {
    const api = stubApi({ 'GET /dashboard': DASHBOARD });
    askEarly('/dashboard');
    const { result } = renderHook(() => useDashboard(), { wrapper });
    await waitFor(() => expect(result.current.data?.mailbox?.number).toBe('JEP-1001'));
    expect(api.calls.filter((c) => c.path === '/dashboard')).toHaveLength(1);
  });

  it('shows in the first render when the early answer is already in', async () => {
    const api = stubApi({ 'GET /dashboard': DASHBOARD });
    askEarly('/dashboard');
    await slowly(20); // the answer is in before the page renders
    const { result } = renderHook(() => useDashboard(), { wrapper });
    expect(result.current.data?.mailbox?.number).toBe('JEP-1001');
    expect(result.current.isFetching).toBe(false);
    expect(api.calls.filter((c) => c.path === '/dashboard')).toHaveLength(1);
  });

  it('is asked again for another person: an early answer is never shown to the next one', async () => {
    const api = stubApi({ 'GET /dashboard': DASHBOARD });
    askEarly('/dashboard');
    tokenStore.set('another.person.token');
    const { result } = renderHook(() => useDashboard(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(api.calls.filter((c) => c.path === '/dashboard')).toHaveLength(2);
  });
});
