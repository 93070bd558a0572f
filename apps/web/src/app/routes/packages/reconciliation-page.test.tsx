import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt } from '@/test/fake-api';
import { tokenStore } from '@/lib/storage';
import ReconciliationPage from './reconciliation-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const manifest = (id: number, status: string) => ({
  id,
  courierId: 1,
  manifestNumber: `MAN-00000${id}`,
  type: 'AIR',
  mawbOrBl: null,
  flightOrVessel: null,
  departureDate: null,
  arrivalDate: null,
  branchId: null,
  branchName: null,
  status,
  pieces: 1,
  weightLb: 2,
  missingCount: 0,
  extraCount: 0,
  discrepancyNote: null,
  reconciliationNote: null,
  shippedAt: null,
  arrivedAt: null,
  reconciledAt: null,
  createdAt: '2026-11-20T12:00:00Z',
});
const line = {
  packageId: 5,
  packageNumber: 'PKG-000005',
  trackingNumber: '1Z5',
  customerName: 'Jane',
  status: 'at_customs',
  manifestNumber: 'MAN-000002',
};

describe('Reconciliation', () => {
  it('keeps a closed manifest in reach, with "Cleared customs: make ready for pickup"', async () => {
    tokenStore.set('header.payload.signature');
    const api = fakeApi(({ url, method }) => {
      const u = new URL(url, 'http://localhost');
      if (method === 'GET' && u.pathname === '/api/manifests') {
        const { status } = JSON.parse(u.searchParams.get('filters') ?? '{}');
        const rows = status === 'reconciled' ? [manifest(2, 'reconciled')] : [manifest(3, 'arrived')];
        return { body: { data: rows, total: rows.length, page: 1, limit: 100 } };
      }
      if (u.pathname === '/api/manifests/2/reconciliation')
        return { body: { manifest: manifest(2, 'reconciled'), expected: [line], received: [line], missing: [], extra: [] } };
      if (method === 'POST' && u.pathname === '/api/manifests/2/ready') return { body: { ok: true } };
      return { status: 404, body: { message: 'Not stubbed' } };
    });
    const user = userEvent.setup();
    renderAt(<ReconciliationPage />, '/reconciliation');
    expect(await screen.findByRole('option', { name: /MAN-000003/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /MAN-000002/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Closed' }));
    expect(screen.getByRole('button', { name: 'Closed' })).toHaveAttribute('aria-pressed', 'true');
    await screen.findByRole('option', { name: /MAN-000002/ });
    await user.selectOptions(screen.getByLabelText('Manifest'), '2');
    await user.click(await screen.findByRole('button', { name: 'Cleared customs: make ready for pickup' }));
    await waitFor(() =>
      expect(api.sent('POST').map((c) => new URL(c.url, 'http://localhost').pathname)).toEqual(['/api/manifests/2/ready']),
    );
  });

  it('offers no "ready for pickup" on a manifest that has not arrived', async () => {
    tokenStore.set('header.payload.signature');
    const inTransit = { ...line, packageId: 6, packageNumber: 'PKG-000006', status: 'in_transit', manifestNumber: 'MAN-000004' };
    fakeApi(({ url }) => {
      const u = new URL(url, 'http://localhost');
      if (u.pathname === '/api/manifests') return { body: { data: [], total: 0, page: 1, limit: 100 } };
      if (u.pathname === '/api/manifests/4/reconciliation')
        return { body: { manifest: manifest(4, 'shipped'), expected: [inTransit], received: [], missing: [inTransit], extra: [] } };
      return { status: 404, body: { message: 'Not stubbed' } };
    });
    renderAt(<ReconciliationPage />, '/reconciliation?manifest=4', '/reconciliation');
    expect(await screen.findByText('MAN-000004 is shipped.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cleared customs/ })).toBeNull();
  });
});
