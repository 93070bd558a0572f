import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WAREHOUSE_MESSAGES } from '@courier/shared/schemas/warehouse';
import { fakeApi, renderWithApi, signedInWithFakeApi } from '@/test/fake-api';
import { LabelPrintersCard, ShelvesCard } from './warehouse-setup';

const SHELF = { id: 7, code: 'A-01', isHold: false, branchId: 1, branchName: 'Kingston', parcelCount: 3 };
const PRINTER = { id: 9, name: 'Front desk', host: '192.168.1.50', port: 9100, branchId: 1, branchName: 'Kingston' };

function serve({ deleteError }: { deleteError?: string } = {}) {
  const api = fakeApi(({ url, method, body }) => {
    if (method === 'POST') return { body: { ...SHELF, id: 8, ...(body as object) } };
    if (method === 'DELETE') return deleteError ? { status: 409, body: { message: deleteError } } : { body: null };
    if (url === '/api/shelves') return { body: [SHELF] };
    if (url === '/api/label-printers') return { body: [PRINTER] };
    return { body: [{ id: 1, name: 'Kingston' }] };
  });
  return { deletes: () => api.sent('DELETE').map((c) => c.url), posts: () => api.sent('POST').map((c) => [c.url, c.body]) };
}

const renderCards = (canEdit = true) =>
  renderWithApi(
    <>
      <ShelvesCard canEdit={canEdit} />
      <LabelPrintersCard canEdit={canEdit} />
    </>,
  );

signedInWithFakeApi();

describe('the warehouse set-up cards', () => {
  it('ask before removing a shelf: Cancel removes nothing, Remove removes it', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderCards();
    const shelves = await screen.findByRole('list', { name: 'Shelves' });
    await user.click(within(shelves).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove shelf A-01?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.deletes()).toEqual([]);
    await user.click(within(shelves).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.deletes()).toEqual(['/api/shelves/7']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('ask before removing a printer, and say why it was not removed', async () => {
    const api = serve({ deleteError: 'The printer is in use' });
    const user = userEvent.setup();
    renderCards();
    const printers = await screen.findByRole('list', { name: 'Label printers' });
    await user.click(within(printers).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove printer Front desk?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The printer is in use')).toBeInTheDocument();
    expect(api.deletes()).toEqual(['/api/label-printers/9']);
  });

  it('add a shelf to the chosen branch, then keep the branch for the next one', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderCards();
    const add = await screen.findByRole('form', { name: 'Add a shelf' });
    await user.type(within(add).getByLabelText('Shelf code'), 'B-02');
    await user.click(within(add).getByRole('button', { name: 'Add shelf' }));
    expect(await within(add).findByText(WAREHOUSE_MESSAGES.branchRequired)).toBeInTheDocument();
    expect(api.posts()).toEqual([]);
    await waitFor(() => expect(within(add).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(within(add).getByLabelText('Branch'), 'Kingston');
    await user.click(within(add).getByLabelText('Hold shelf'));
    await user.click(within(add).getByRole('button', { name: 'Add shelf' }));
    expect(await screen.findByText('Shelf B-02 added')).toBeInTheDocument();
    expect(api.posts()).toEqual([['/api/shelves', { branchId: 1, code: 'B-02', isHold: true }]]);
    await waitFor(() => expect(within(add).getByLabelText('Shelf code')).toHaveValue(''));
    expect(within(add).getByLabelText('Branch')).toHaveValue('1');
  });

  it('offer no Remove and no add form to a reader', async () => {
    serve();
    renderCards(false);
    await screen.findByRole('list', { name: 'Shelves' });
    await screen.findByRole('list', { name: 'Label printers' });
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add a shelf' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add a label printer' })).toBeNull();
  });
});
