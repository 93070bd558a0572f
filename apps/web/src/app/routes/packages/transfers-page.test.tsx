import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt, staffSession } from '@/test/fake-api';
import { tokenStore } from '@/lib/storage';
import TransfersPage from './transfers-page';

const session = staffSession(['packages_scan', 'packages_edit']);
vi.mock('@/lib/session', () => ({ useSession: () => session, useOptionalSession: () => session }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const transfer = (status: string, parcels = 0) => ({
  id: 4,
  courierId: 1,
  transferNumber: 'TRF-000004',
  fromBranchId: 1,
  fromBranchName: 'May Pen',
  toBranchId: 2,
  toBranchName: 'Chapelton',
  status,
  note: null,
  parcels,
  scannedIn: 0,
  createdAt: '2026-11-28T12:00:00Z',
  sentAt: status === 'draft' ? null : '2026-11-28T13:00:00Z',
  receivedAt: null,
  cancelledAt: null,
});
const parcel = {
  packageId: 9,
  packageNumber: 'PKG-000009',
  trackingNumber: '1Z9',
  customerName: 'Ann Brown',
  status: 'at_customs',
  scannedInAt: null,
};

describe('Transfers', () => {
  it('says what a transfer is for when there is none, and says so when the list fails', async () => {
    tokenStore.set('header.payload.signature');
    let fail = false;
    fakeApi(({ url }) => {
      if (new URL(url, 'http://localhost').pathname === '/api/transfers')
        return fail ? { status: 500, body: { message: 'The server is down' } } : { body: { data: [], total: 0, page: 1, limit: 10 } };
      return { status: 404, body: { message: 'Not stubbed' } };
    });
    const { unmount } = renderAt(<TransfersPage />, '/transfers');
    expect(await screen.findByText(/A transfer carries parcels cleared at one branch/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create the first transfer' })).toBeInTheDocument();
    unmount();
    fail = true;
    renderAt(<TransfersPage />, '/transfers');
    expect(await screen.findByText('The server is down')).toBeInTheDocument();
  });

  it('loads a parcel by scan and Enter, and sends only after a confirmation', async () => {
    tokenStore.set('header.payload.signature');
    let current = { transfer: transfer('draft'), parcels: [] as (typeof parcel)[], missing: [] as (typeof parcel)[], extra: [] };
    const api = fakeApi(({ url, method }) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (method === 'GET' && path === '/api/transfers/4') return { body: current };
      if (method === 'POST' && path === '/api/transfers/4/scans') {
        current = { ...current, transfer: transfer('draft', 1), parcels: [parcel] };
        return { body: { result: 'added', message: 'PKG-000009 added', detail: current } };
      }
      if (method === 'POST' && path === '/api/transfers/4/send') {
        const onTheVan = { ...parcel, status: 'in_transfer' };
        current = { ...current, transfer: transfer('sent', 1), parcels: [onTheVan], missing: [onTheVan] };
        return { body: current };
      }
      return { status: 404, body: { message: 'Not stubbed' } };
    });
    const user = userEvent.setup();
    renderAt(<TransfersPage />, '/transfers?transfer=4', '/transfers');
    const field = await screen.findByRole('textbox', { name: 'Scan a parcel onto the transfer to Chapelton' });
    await waitFor(() => expect(field).toHaveFocus());
    await user.keyboard('pkg-000009{Enter}');
    expect(await screen.findByRole('heading', { name: 'Parcels (1)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send transfer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send the transfer' });
    expect(confirm).toHaveTextContent('Send TRF-000004 with 1 parcel from May Pen to Chapelton?');
    expect(api.sent('POST').map((c) => new URL(c.url, 'http://localhost').pathname)).toEqual(['/api/transfers/4/scans']);
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('textbox', { name: 'Scan parcels in at Chapelton' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Not scanned in yet (1)' })).toBeInTheDocument();
    expect(api.sent('POST').map((c) => new URL(c.url, 'http://localhost').pathname)).toEqual([
      '/api/transfers/4/scans',
      '/api/transfers/4/send',
    ]);
  });
});
