import type { QueryClient } from '@tanstack/react-query';
import { API_BASE } from '@/lib/api-client';
import { tokenStore } from '@/lib/storage';
import { ticketKeys } from './keys';

/**
 * The signed-in person's one live stream of their tickets (server-sent events read with fetch, so
 * the token goes in the Authorization header, never in the address). While it is up, the ticket
 * hooks stop polling; when it fails they poll every 30 s as before, and it tries again.
 */
export type LiveStatus = 'off' | 'live' | 'polling';
export type Side = 'staff' | 'customer';
interface TicketFrame {
  kind: 'message' | 'status' | 'typing' | 'read';
  ticketId: number;
  by: { kind: Side; name: string };
  messageId?: number;
}

/** How long "… is typing" stays without a new mark (the sender repeats every TYPING_EVERY_MS). */
export const TYPING_SHOWN_MS = 6_000;
export const TYPING_EVERY_MS = 3_000;
const RETRY_MAX_MS = 30_000;

interface LiveState {
  status: LiveStatus;
  typing: Map<number, { name: string; until: number }>;
  seen: Map<number, number>;
}
let state: LiveState = { status: 'off', typing: new Map(), seen: new Map() };
const listeners = new Set<() => void>();

function update(change: (s: LiveState) => LiveState): void {
  state = change(state);
  for (const l of listeners) l();
}
export const liveStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => state,
};

function apply(client: QueryClient, side: Side, frame: TicketFrame): void {
  const otherSide = frame.by.kind !== side;
  if (frame.kind === 'typing') {
    if (!otherSide) return;
    const until = Date.now() + TYPING_SHOWN_MS;
    update((s) => ({ ...s, typing: new Map(s.typing).set(frame.ticketId, { name: frame.by.name, until }) }));
    setTimeout(() => {
      update((s) => {
        if ((s.typing.get(frame.ticketId)?.until ?? 0) > Date.now()) return s;
        const typing = new Map(s.typing);
        typing.delete(frame.ticketId);
        return { ...s, typing };
      });
    }, TYPING_SHOWN_MS + 50);
    return;
  }
  if (frame.kind === 'read') {
    if (otherSide && frame.messageId !== undefined) {
      const messageId = frame.messageId;
      update((s) => ({ ...s, seen: new Map(s.seen).set(frame.ticketId, Math.max(messageId, s.seen.get(frame.ticketId) ?? 0)) }));
    }
    return;
  }
  // A message or a status: the thread, the lists and the counts are fetched again; the writer stopped typing.
  if (otherSide && frame.kind === 'message') {
    update((s) => {
      const typing = new Map(s.typing);
      typing.delete(frame.ticketId);
      return { ...s, typing };
    });
  }
  void client.invalidateQueries({ queryKey: ticketKeys.detail(frame.ticketId) });
  void client.invalidateQueries({ queryKey: ticketKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' });
}

async function readStream(body: ReadableStream<Uint8Array>, onBlock: (event: string, data: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replaceAll('\r\n', '\n');
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1];
      const data = /^data: ?(.*)$/m.exec(block)?.[1] ?? '';
      if (event) onBlock(event, data);
      cut = buffer.indexOf('\n\n');
    }
  }
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

async function run(client: QueryClient, side: Side, signal: AbortSignal): Promise<void> {
  let failures = 0;
  let first = true;
  while (!signal.aborted) {
    const token = tokenStore.get();
    let wasLive = false;
    if (token) {
      try {
        const response = await fetch(`${API_BASE}/tickets/live`, {
          headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
          cache: 'no-store',
          signal,
        });
        if (response.ok && response.body) {
          await readStream(response.body, (event, data) => {
            if (event === 'ready') {
              wasLive = true;
              failures = 0;
              update((s) => ({ ...s, status: 'live' }));
              // What happened while we were away (or polling) is fetched once; the first stream has missed nothing.
              if (!first) void client.invalidateQueries({ queryKey: ticketKeys.all });
              first = false;
            } else if (event === 'ticket') apply(client, side, JSON.parse(data) as TicketFrame);
          });
        }
      } catch {
        // The network, or the stream closed under us: poll until it is back.
      }
    }
    if (signal.aborted) return;
    update((s) => ({ ...s, status: 'polling' }));
    // A stream the server ended (its time was up) comes back at once; failures back off to 30 s.
    failures = wasLive ? 0 : failures + 1;
    await wait(wasLive ? 500 : Math.min(RETRY_MAX_MS, 1_000 * 2 ** failures), signal);
  }
}

let holders = 0;
let controller: AbortController | null = null;

/** Starts the stream for the first holder and stops it with the last (a sign-out unmounts them all). */
export function holdLiveStream(client: QueryClient, side: Side): () => void {
  holders += 1;
  if (!controller) {
    controller = new AbortController();
    update((s) => ({ ...s, status: 'polling' }));
    void run(client, side, controller.signal);
  }
  return () => {
    holders -= 1;
    if (holders > 0) return;
    controller?.abort();
    controller = null;
    state = { status: 'off', typing: new Map(), seen: new Map() };
    for (const l of listeners) l();
  };
}
