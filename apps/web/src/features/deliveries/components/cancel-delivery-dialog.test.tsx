import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryRequestDto } from '@courier/shared/schemas/deliveries';
import { renderAt, stubApi } from '@/test/fake-api';
import { CancelDeliveryDialog } from './cancel-delivery-dialog';

const request = {
  id: 9,
  customerName: 'Ann Brown',
  mailboxNumber: 'JXP-10001',
  status: 'requested',
  packages: [{ id: 41, packageNumber: 'PKG-000041' }],
} as DeliveryRequestDto;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CancelDeliveryDialog', () => {
  it('sends nothing when the request is kept', async () => {
    const api = stubApi({ 'POST /delivery-requests/9/status': { ...request, status: 'cancelled' } });
    const onClose = vi.fn();
    renderAt(<CancelDeliveryDialog request={request} onClose={onClose} />);
    expect(screen.getByRole('dialog')).toHaveTextContent('Cancel the delivery of PKG-000041 for Ann Brown (JXP-10001)?');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Keep the request' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(api.changes()).toEqual([]);
  });

  it('cancels with the trimmed reason once confirmed', async () => {
    const api = stubApi({ 'POST /delivery-requests/9/status': { ...request, status: 'cancelled' } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAt(<CancelDeliveryDialog request={request} onClose={onClose} />);
    await user.type(screen.getByLabelText('Reason for the customer (optional)'), '  Road closed  ');
    await user.click(screen.getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(api.changes()).toEqual([
      { method: 'POST', path: '/delivery-requests/9/status', body: { status: 'cancelled', reason: 'Road closed' } },
    ]);
  });

  it('cancels without a reason', async () => {
    const api = stubApi({ 'POST /delivery-requests/9/status': { ...request, status: 'cancelled' } });
    const onClose = vi.fn();
    renderAt(<CancelDeliveryDialog request={request} onClose={onClose} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(api.changes()).toEqual([{ method: 'POST', path: '/delivery-requests/9/status', body: { status: 'cancelled' } }]);
  });
});
