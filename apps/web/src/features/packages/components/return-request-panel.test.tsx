import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubApi } from '@/test/fake-api';
import { ReturnRequestPanel } from './return-request-panel';

const state = {
  prices: { return: { feeCents: 200_000, feeName: 'Return to sender' }, discard: { feeCents: 50_000, feeName: 'Discard' } },
  canRequest: true,
  request: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReturnRequestPanel (customer)', () => {
  it('shows each price, confirms the chosen one with its fee, and sends the price shown', async () => {
    let current: unknown = state;
    const api = stubApi({
      'GET /customer/packages/5/return': () => current,
      'POST /customer/packages/5/return': (body: unknown) => {
        current = {
          ...state,
          canRequest: false,
          request: {
            id: 1,
            kind: (body as { kind: string }).kind,
            status: 'open',
            feeCents: 50_000,
            feeName: 'Discard',
            note: null,
            requestedAt: '2026-11-28T12:00:00Z',
            doneAt: null,
            returnTrackingNumber: null,
            staffNote: null,
            invoiceNo: null,
          },
        };
        return current;
      },
    });
    const user = userEvent.setup();
    renderAt(<ReturnRequestPanel packageId={5} packageNumber="PKG-000005" zone="America/Jamaica" customer />);
    expect(await screen.findByText(/Return to sender: JMD 2,000.00/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Discard: JMD 500.00/ }));
    await user.click(screen.getByRole('button', { name: 'Discard this parcel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard PKG-000005?' });
    expect(dialog).toHaveTextContent('JMD 500.00 (Discard) is invoiced when it is done');
    expect(api.changes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm for JMD 500.00' }));
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]).toMatchObject({
      method: 'POST',
      path: '/customer/packages/5/return',
      body: { kind: 'discard', feeCents: 50_000 },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Discard requested');
  });
});
