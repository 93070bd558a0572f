import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

function stubIdle() {
  const idle: IdleRequestCallback[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => idle.splice(handle - 1, 1));
  return () => act(() => idle.shift()?.({ didTimeout: false, timeRemaining: () => 10 }));
}

describe('useWhenIdle', () => {
  it('is false until the browser is idle after the load, then true, and true at once for a later caller', async () => {
    const runIdle = stubIdle();
    const { useWhenIdle } = await import('./when-idle');
    const first = renderHook(() => useWhenIdle());
    expect(first.result.current).toBe(false);
    runIdle();
    expect(first.result.current).toBe(true);
    expect(renderHook(() => useWhenIdle()).result.current).toBe(true);
  });

  it('waits for the page’s requests to be answered first', async () => {
    const runIdle = stubIdle();
    const { useWhenIdle } = await import('./when-idle');
    const client = new QueryClient();
    let answer: (value: number) => void = () => undefined;
    void client.fetchQuery({ queryKey: ['dashboard'], queryFn: () => new Promise<number>((resolve) => (answer = resolve)) });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const hook = renderHook(() => useWhenIdle(), { wrapper });
    runIdle();
    expect(hook.result.current).toBe(false);
    await act(async () => answer(1));
    runIdle();
    expect(hook.result.current).toBe(true);
  });
});
