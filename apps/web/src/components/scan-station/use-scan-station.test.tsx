import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { connectivity } from '@/lib/connectivity';
import { SCAN_OFFLINE_MESSAGES, useScanStation } from './use-scan-station';

vi.mock('./scan-sounds', () => ({ playScanTone: vi.fn() }));

afterEach(() => connectivity.markOnline());

describe('the scan station without a connection', () => {
  it('refuses a scan while offline, lists it, and scans it again once back', async () => {
    const handler = vi.fn(async (code: string) => ({ tone: 'ok' as const, message: `${code} added` }));
    const { result } = renderHook(() => useScanStation(handler));
    act(() => connectivity.markOffline());
    expect(result.current.offline).toBe(true);
    act(() => result.current.scan('PKG-000001'));
    act(() => result.current.scan('pkg000002'));
    act(() => result.current.scan('PKG-000001'));
    expect(handler).not.toHaveBeenCalled();
    expect(result.current.last).toMatchObject({ tone: 'error', message: SCAN_OFFLINE_MESSAGES.refused('PKG-000001') });
    expect(result.current.history).toHaveLength(3);
    expect(result.current.missed).toEqual(['PKG-000001', 'pkg000002']);

    act(() => connectivity.markOnline());
    expect(result.current.offline).toBe(false);
    expect(result.current.missed).toHaveLength(2);
    act(() => result.current.retryMissed());
    await waitFor(() => expect(handler).toHaveBeenCalledTimes(2));
    expect(handler.mock.calls.map((c) => c[0])).toEqual(['PKG-000001', 'pkg000002']);
    await waitFor(() => expect(result.current.last?.message).toBe('pkg000002 added'));
    expect(result.current.missed).toEqual([]);
  });

  it('treats a request that never reached the server as refused for want of a connection', async () => {
    const handler = vi.fn(async () => {
      throw new ApiError('Network error', 'network');
    });
    const { result } = renderHook(() => useScanStation(handler));
    act(() => result.current.scan('PKG-000003'));
    await waitFor(() => expect(result.current.missed).toEqual(['PKG-000003']));
    expect(result.current.last?.message).toBe(SCAN_OFFLINE_MESSAGES.refused('PKG-000003'));
  });

  it('keeps a refusal from the server out of the offline list', async () => {
    const handler = vi.fn(async () => {
      throw new ApiError('Nothing found for PKG-000004', 'http', 404);
    });
    const { result } = renderHook(() => useScanStation(handler));
    act(() => result.current.scan('PKG-000004'));
    await waitFor(() => expect(result.current.last?.message).toBe('Nothing found for PKG-000004'));
    expect(result.current.missed).toEqual([]);
  });
});
