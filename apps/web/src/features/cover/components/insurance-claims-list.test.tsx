import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Claim } from '@courier/shared/schemas/insurance';
import { tokenStore } from '@/lib/storage';
import { InsuranceClaimsList } from './insurance-claims-list';

const claim = (over: Partial<Claim>): Claim => ({
  id: 1,
  claimNo: 'CLM-000001',
  packageId: 10,
  packageNumber: 'PKG-000010',
  customerName: 'Ann Brown',
  reason: 'damaged',
  description: 'Crushed box',
  insuredValueUsdCents: 120_00,
  status: 'open',
  approvedUsdCents: null,
  decisionReason: null,
  decidedAt: null,
  payout: null,
  payoutCents: null,
  photos: [],
  createdAt: '2026-11-20T15:00:00.000Z',
  ...over,
});

const urls: string[] = [];
beforeEach(() => {
  tokenStore.set('header.payload.signature');
  urls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(String(url));
      const status = new URL(String(url), 'http://x').searchParams.get('status');
      const all = [claim({}), claim({ id: 2, claimNo: 'CLM-000002', status: 'declined', decisionReason: 'Not covered' })];
      const data = status ? all.filter((c) => c.status === status) : all;
      return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderList(initialClaim?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <InsuranceClaimsList initialClaim={initialClaim} />
    </QueryClientProvider>,
  );
}

describe('InsuranceClaimsList', () => {
  it('shows open claims first, filters by status, and opens a claim to decide it', async () => {
    renderList();
    expect(await screen.findByText(/CLM-000001/)).toBeInTheDocument();
    expect(screen.queryByText(/CLM-000002/)).toBeNull();
    expect(urls.at(-1)).toContain('status=open');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'declined');
    expect(await screen.findByText(/CLM-000002/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decide' })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'open');
    await userEvent.click(await screen.findByRole('button', { name: 'Decide' }));
    expect(screen.getByRole('form', { name: 'Decide CLM-000001' })).toBeInTheDocument();
  });

  it('opens the claim a notification links to', async () => {
    renderList('CLM-000001');
    await waitFor(() => expect(screen.getByRole('form', { name: 'Decide CLM-000001' })).toBeInTheDocument());
  });
});
