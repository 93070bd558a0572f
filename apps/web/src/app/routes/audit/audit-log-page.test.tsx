import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@courier/shared/schemas/audit';
import { SessionProvider } from '@/lib/session';
import { tokenStore } from '@/lib/storage';
import AuditLogPage from './audit-log-page';

const row = (id: number, action: string, entityId: string | null = null): AuditEntry => ({
  id,
  courierId: 1,
  courierName: 'Jamaica Express Post',
  timeZone: 'America/Jamaica',
  actorType: 'user',
  actorId: 2,
  actorName: 'Andrea Campbell',
  action,
  kind: action.split('.')[0] as string,
  entity: action.split('.')[0] as string,
  entityId,
  before: null,
  after: null,
  createdAt: '2026-11-23T20:00:00Z',
});

/** Kinds the log used to show as raw keys beside labelled ones. */
const ROWS = [
  row(1, 'public_content.updated', '1'),
  row(2, 'embed.updated', '1'),
  row(3, 'domain.requested', '7'),
  row(4, 'payment.recorded', 'RCPT-1'),
  row(5, 'online_payment.refused', 'INV-9'),
];

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  tokenStore.set('header.payload.signature');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith('/api/audit-log/actors') ? json([]) : json({ data: ROWS, total: ROWS.length, page: 1, limit: 10 }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('the audit log', () => {
  it('says every kind and action as a label, never a raw key', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/admin/audit-log']}>
          <SessionProvider>
            <AuditLogPage />
          </SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Public site content changed · 1');
    const shown = () => table.textContent ?? '';
    for (const text of [
      'Public site content',
      'Embedding',
      'Embedding settings changed · 1',
      'Host names',
      'Host name requested · 7',
      'Payments',
      'Payment recorded · RCPT-1',
      'Online payments',
      'Online payment refused · INV-9',
    ])
      expect(shown()).toContain(text);
    for (const key of ['public_content', 'embed.', 'domain', 'payment.recorded', 'online_payment']) expect(shown()).not.toContain(key);
  });
});
