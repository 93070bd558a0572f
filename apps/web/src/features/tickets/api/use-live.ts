import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { type LiveStatus, type Side, holdLiveStream, liveStore } from './live';

/** Keeps the person's live stream open while the portal is shown (its layouts call it through the badges). */
export function useTicketLiveStream(side: Side | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (side === null) return;
    return holdLiveStream(client, side);
  }, [client, side]);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveStore.subscribe, () => liveStore.get().status);
}

/** Who on the other side is typing in the ticket, if anyone. */
export function useTypingIn(ticketId: number): string | null {
  return useSyncExternalStore(liveStore.subscribe, () => liveStore.get().typing.get(ticketId)?.name ?? null);
}

/** The newest message the other side has read: the live mark, else what the ticket said when fetched. */
export function useSeenUpTo(ticketId: number, fetched: number | null | undefined): number | null {
  const live = useSyncExternalStore(liveStore.subscribe, () => liveStore.get().seen.get(ticketId) ?? null);
  return Math.max(live ?? 0, fetched ?? 0) || null;
}
