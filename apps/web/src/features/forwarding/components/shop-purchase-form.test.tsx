import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SERVICE_MESSAGES, type ShopRequestDto } from '@courier/shared/schemas/services';
import { fakeApi, renderWithApi, signedInWithFakeApi } from '@/test/fake-api';
import { ShopPurchaseForm } from './shop-staff-forms';

const REQUEST = { id: 7, requestNo: 'SFM-000007' } as ShopRequestDto;

signedInWithFakeApi();

describe('ShopPurchaseForm', () => {
  it('sends each order with the item cost typed for it, and asks for it when there are two orders', async () => {
    const api = fakeApi(() => ({ body: REQUEST }));
    renderWithApi(<ShopPurchaseForm request={REQUEST} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add order' }));
    const [first, second] = screen.getAllByRole('group');
    if (!first || !second) throw new Error('two orders expected');
    const fill = (box: HTMLElement, label: string, value: string) => user.type(within(box).getByLabelText(label), value);
    for (const [box, n] of [
      [first, 'A'],
      [second, 'B'],
    ] as const) {
      await fill(box, 'Merchant order number', `${n}-1`);
      await fill(box, 'Merchant', `Shop ${n}`);
      await fill(box, 'Tracking number', `1Z${n}`);
    }
    await fill(first, 'Item cost (US$)', '89.99');
    await user.click(screen.getByRole('button', { name: 'Record purchase' }));
    expect(await screen.findByText(SERVICE_MESSAGES.orderCostRequired)).toBeInTheDocument();
    expect(api.sent('POST')).toEqual([]);

    await fill(second, 'Item cost (US$)', '25.47');
    await user.click(screen.getByRole('button', { name: 'Record purchase' }));
    await waitFor(() => expect(api.sent('POST')).toHaveLength(1));
    const sent = api.sent('POST')[0]?.body as { orders: Array<{ trackingNumber: string; itemCostUsdCents: number }> };
    expect(sent.orders.map((o) => [o.trackingNumber, o.itemCostUsdCents])).toEqual([
      ['1ZA', 8_999],
      ['1ZB', 2_547],
    ]);
  });
});
