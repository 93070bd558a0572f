import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SavedCardsResponse } from '@courier/shared/schemas/saved-cards';
import { fakeApi, renderAt, signedInWithFakeApi } from '@/test/fake-api';
import { SavedCardPanel } from './saved-card-panel';

const WITH_CARD: SavedCardsResponse = {
  available: true,
  test: true,
  cards: [
    {
      id: 7,
      brand: 'Visa',
      last4: '0006',
      expiryMonth: 12,
      expiryYear: 2030,
      autopay: false,
      test: true,
      createdAt: '2026-11-29T00:00:00Z',
    },
  ],
  charges: [
    {
      id: 1,
      invoiceNo: 'INV-000042',
      amountCents: 1_250_00,
      chargeOn: '2026-12-01',
      status: 'scheduled',
      message: null,
      receiptNo: null,
      test: true,
    },
  ],
};

signedInWithFakeApi();

describe('SavedCardPanel', () => {
  it('shows the card masked with TEST, the day of the next charge, and asks before removing it', async () => {
    const api = fakeApi((call) => ({ body: call.method === 'DELETE' ? { message: 'Card removed.' } : WITH_CARD }));
    renderAt(<SavedCardPanel />);
    expect(await screen.findByText('Visa ending 0006, expires 12/30')).toBeInTheDocument();
    expect(screen.getAllByText('TEST').length).toBeGreaterThan(0);
    expect(screen.getByText(/To be charged on Tuesday, Dec 1, 2026/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove card' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Nothing more will be charged to it/)).toBeInTheDocument();
    expect(api.sent('DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    await waitFor(() => expect(api.sent('DELETE').map((c) => c.url)).toEqual(['/api/customer/saved-cards/7']));
  });

  it('checks the card form before anything is sent, and never sends a mistyped number', async () => {
    const api = fakeApi(() => ({ body: { ...WITH_CARD, cards: [], charges: [] } }));
    renderAt(<SavedCardPanel />);
    fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '4012 0000 0002 0007' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '12/30' } });
    fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Name on the card'), { target: { value: 'Kim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('This card number is not valid: check the digits')).toBeInTheDocument();
    expect(api.sent('POST')).toEqual([]);
  });
});
