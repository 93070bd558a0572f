import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TicketWithMessages } from '@courier/shared/schemas/tickets';
import { renderWithApi, signedInWithFakeApi } from '@/test/fake-api';
import { demoTicket } from '@/test/fake-session';
import { useLiveStatus, useTicketLiveStream } from '../api/use-live';
import { TicketThread } from './ticket-thread';

const TICKET = demoTicket({ unread: false });

/** A fake API whose /tickets/live answers a stream the test writes to (or refuses it). */
function liveApi(refuse = false) {
  let push: (text: string) => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
    },
  });
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const url = String(input);
      calls.push(url);
      if (url.endsWith('/tickets/live')) {
        return refuse
          ? new Response('', { status: 502 })
          : new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      }
      return new Response(JSON.stringify(TICKET), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls, send: (event: string, data: unknown) => act(() => push(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)) };
}

function Staff({ ticket = TICKET }: { ticket?: TicketWithMessages }) {
  useTicketLiveStream('staff');
  const status = useLiveStatus();
  return (
    <>
      <p data-testid="status">{status}</p>
      <TicketThread ticket={ticket} side="staff" canEdit />
    </>
  );
}

signedInWithFakeApi();

describe('a ticket thread kept live', () => {
  it('shows who on the other side is typing, and "Seen" under the reply they read', async () => {
    const api = liveApi();
    const { unmount } = renderWithApi(<Staff />);
    await waitFor(() => expect(api.calls.some((c) => c.endsWith('/tickets/live'))).toBe(true));
    await api.send('ready', {});
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('live'));
    expect(screen.queryByText('Seen')).toBeNull();

    await api.send('ticket', { kind: 'typing', ticketId: 7, by: { kind: 'customer', name: 'Kimberly' } });
    expect(await screen.findByText('Kimberly is typing…')).toBeInTheDocument();
    // Another ticket's typing says nothing here.
    await api.send('ticket', { kind: 'typing', ticketId: 8, by: { kind: 'customer', name: 'Omar' } });
    expect(screen.queryByText('Omar is typing…')).toBeNull();

    await api.send('ticket', { kind: 'read', ticketId: 7, by: { kind: 'customer', name: '' }, messageId: 41 });
    const seen = await screen.findByText('Seen');
    expect(seen.closest('li')).toHaveTextContent('It is on the next flight.');
    unmount();
  });

  it('falls back to polling when the stream is refused', async () => {
    liveApi(true);
    const { unmount } = renderWithApi(<Staff />);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('polling'));
    expect(screen.getByTestId('typing-mark')).toHaveTextContent('');
    unmount();
  });
});
