import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELEASE_MESSAGES } from '@courier/shared/domain/release';
import { BILLING_MESSAGES } from '@courier/shared/schemas/billing';
import { DELIVERY_MESSAGES, type DeliveryRequestDto } from '@courier/shared/schemas/deliveries';
import { renderAt, staffSession, stubApi, stubCanvas } from '@/test/fake-api';
import DeliverPage from './deliver-page';

const session = staffSession(['delivery_requests_edit', 'release_override']);
vi.mock('@/lib/session', () => ({ useSession: () => session, useOptionalSession: () => session }));

const request = {
  id: 5,
  customerName: 'Ann Brown',
  mailboxNumber: 'JXP-10001',
  address: '1 Hope Road, Kingston',
  locationName: 'Kingston',
  phone: '876-555-0101',
  notes: null,
  packages: [{ id: 41, packageNumber: 'PKG-000041', trackingNumber: '1Z', status: 'out_for_delivery' }],
  status: 'out_for_delivery',
  amountDueCents: 150_000,
  cashOnDelivery: true,
  recipientName: null,
} as unknown as DeliveryRequestDto;

beforeEach(stubCanvas);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sign = () => {
  const pad = screen.getByRole('img', { name: 'Signature box' });
  fireEvent.pointerDown(pad, { clientX: 10, clientY: 10 });
  fireEvent.pointerMove(pad, { clientX: 40, clientY: 20 });
  fireEvent.pointerUp(pad);
};

describe('DeliverPage proof of delivery', () => {
  it('shows every missing piece in our words and sends nothing; then delivers with the cash collected', async () => {
    const api = stubApi({
      'GET /delivery-requests/5': request,
      'POST /delivery-requests/5/deliver': (body: unknown) => ({
        ...request,
        status: 'delivered',
        recipientName: (body as { recipientName: string }).recipientName,
      }),
    });
    const user = userEvent.setup();
    renderAt(<DeliverPage />, '/staff/deliver/5', '/staff/deliver/:id');

    const cash = await screen.findByLabelText('Cash collected (JMD)');
    expect(cash).toHaveValue('1500.00');
    await user.clear(cash);
    await user.type(cash, '1500.555');
    await user.click(screen.getByLabelText(RELEASE_MESSAGES.overrideLabel));
    await user.click(screen.getByRole('button', { name: 'Sign to complete delivery' }));
    expect(await screen.findByText(DELIVERY_MESSAGES.recipientRequired)).toBeInTheDocument();
    expect(screen.getByText(DELIVERY_MESSAGES.signatureRequired)).toBeInTheDocument();
    expect(screen.getByText(BILLING_MESSAGES.moneyStep)).toBeInTheDocument();
    expect(screen.getByText(RELEASE_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(api.changes()).toEqual([]);

    await user.type(screen.getByLabelText("Recipient's name"), ' Ann Brown ');
    sign();
    await user.clear(cash);
    await user.type(cash, '1,500');
    await user.type(screen.getByLabelText(RELEASE_MESSAGES.reasonLabel), 'Paid at the door');
    await user.click(screen.getByRole('button', { name: 'Complete delivery' }));
    expect(await screen.findByRole('status')).toHaveTextContent(DELIVERY_MESSAGES.delivered);
    expect(api.changes()).toEqual([
      {
        method: 'POST',
        path: '/delivery-requests/5/deliver',
        body: {
          recipientName: 'Ann Brown',
          signature: 'data:image/png;base64,iVBORw0KGgo=',
          allowUnpaid: true,
          overrideReason: 'Paid at the door',
          collectedCents: 150_000,
        },
      },
    ]);
  });

  it('asks a driver without a branch for the till the cash goes to, then sends it', async () => {
    const atBranch = session.user.branch;
    (session.user as { branch: unknown }).branch = null;
    try {
      const api = stubApi({
        'GET /delivery-requests/5': request,
        'GET /branches/options': [{ id: 3, name: 'Montego Bay', active: true }],
        'POST /delivery-requests/5/deliver': { ...request, status: 'delivered', recipientName: 'Ann Brown' },
      });
      const user = userEvent.setup();
      renderAt(<DeliverPage />, '/staff/deliver/5', '/staff/deliver/:id');
      await user.type(await screen.findByLabelText("Recipient's name"), 'Ann Brown');
      sign();
      await user.click(screen.getByRole('button', { name: 'Complete delivery' }));
      expect(await screen.findByText(BILLING_MESSAGES.tillRequired)).toBeInTheDocument();
      expect(api.changes()).toEqual([]);

      await user.selectOptions(
        screen.getByLabelText('Branch (till) the cash goes to'),
        await screen.findByRole('option', { name: 'Montego Bay' }),
      );
      await user.click(screen.getByRole('button', { name: 'Complete delivery' }));
      await waitFor(() => expect(api.changes()).toHaveLength(1));
      expect(api.changes()[0]?.body).toMatchObject({ collectedCents: 150_000, branchId: 3 });
    } finally {
      (session.user as { branch: unknown }).branch = atBranch;
    }
  });

  it('sends no cash when the zone does not take it at the door', async () => {
    const api = stubApi({
      'GET /delivery-requests/5': { ...request, cashOnDelivery: false },
      'POST /delivery-requests/5/deliver': { ...request, status: 'delivered', recipientName: 'Ann Brown' },
    });
    const user = userEvent.setup();
    renderAt(<DeliverPage />, '/staff/deliver/5', '/staff/deliver/:id');
    await user.type(await screen.findByLabelText("Recipient's name"), 'Ann Brown');
    expect(screen.queryByLabelText('Cash collected (JMD)')).toBeNull();
    sign();
    await user.click(screen.getByRole('button', { name: 'Complete delivery' }));
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]?.body).toEqual({ recipientName: 'Ann Brown', signature: 'data:image/png;base64,iVBORw0KGgo=' });
  });
});
