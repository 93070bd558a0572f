import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ConsolidationDto, SERVICE_MESSAGES } from '@courier/shared/schemas/services';
import { fakeApi, renderWithApi, signedInWithFakeApi } from '@/test/fake-api';
import { CancelConsolidationDialog } from './cancel-consolidation-dialog';

const REQUEST = { id: 42 } as ConsolidationDto;

function serve() {
  const api = fakeApi(() => ({ body: { ...REQUEST, status: 'cancelled' } }));
  return { posts: () => api.sent('POST').map((c) => c.url) };
}

function renderDialog(scope: 'customer' | 'staff', confirmLabel: string, onClose = vi.fn()) {
  renderWithApi(<CancelConsolidationDialog request={REQUEST} scope={scope} confirmLabel={confirmLabel} onClose={onClose} />);
  return onClose;
}

signedInWithFakeApi();

describe('CancelConsolidationDialog', () => {
  it('asks its fixed question; Cancel closes without cancelling', async () => {
    const api = serve();
    const onClose = renderDialog('customer', 'Cancel consolidation');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel consolidation' });
    expect(dialog).toHaveTextContent(SERVICE_MESSAGES.cancelConfirm);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(api.posts()).toEqual([]);
  });

  it("cancels the customer's own request on the customer's route", async () => {
    const api = serve();
    const onClose = renderDialog('customer', 'Cancel consolidation');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel consolidation' }));
    expect(await screen.findByText(SERVICE_MESSAGES.cancelled)).toBeInTheDocument();
    expect(api.posts()).toEqual(['/api/customer/consolidations/42/cancel']);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("cancels for the customer on the staff's route", async () => {
    const api = serve();
    renderDialog('staff', 'Cancel request');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(api.posts()).toEqual(['/api/consolidations/42/cancel']));
  });
});
