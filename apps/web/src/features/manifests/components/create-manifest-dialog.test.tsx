import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MAWB_IN_USE_CODE } from '@courier/shared/schemas/manifests';
import { renderWithApi, reply, signedInWithFakeApi, stubApi } from '@/test/fake-api';
import { CreateManifestDialog } from './create-manifest-dialog';

signedInWithFakeApi();

/** The API's refusal of a MAWB already on another manifest, in its words. */
const inUse = reply(409, {
  code: MAWB_IN_USE_CODE,
  message:
    'MAWB 176 12345678 is already on manifest MAN-000008. If the shipment is split over several manifests, confirm the split to use it again.',
});

describe('a new manifest with a MAWB already in use', () => {
  it('names the manifest that has it; Cancel keeps the form, confirming creates it as a split', async () => {
    const api = stubApi({
      'POST /manifests': (body: unknown) =>
        (body as { splitShipment?: boolean }).splitShipment ? { id: 9, manifestNumber: 'MAN-000009', status: 'open' } : inUse,
    });
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderWithApi(<CreateManifestDialog open onClose={() => {}} onCreated={onCreated} />);
    const form = screen.getByRole('dialog', { name: 'New manifest' });
    await user.type(within(form).getByLabelText('MAWB number'), '176 12345678');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const confirm = await screen.findByRole('dialog', { name: 'Split shipment?' });
    expect(confirm).toHaveTextContent('MAWB 176 12345678 is already on manifest MAN-000008.');
    expect(confirm).toHaveTextContent('confirm the split');
    // Cancel: back to the form as it was, nothing created.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Split shipment?' })).toBeNull());
    expect(within(form).getByLabelText('MAWB number')).toHaveValue('176 12345678');

    await user.click(within(form).getByRole('button', { name: 'Create' }));
    const again = await screen.findByRole('dialog', { name: 'Split shipment?' });
    await user.click(within(again).getByRole('button', { name: 'Confirm the split' }));
    expect(await screen.findByText('Manifest created: MAN-000009')).toBeInTheDocument();
    expect(onCreated).toHaveBeenCalledWith(9);
    // The same manifest each time; only the confirmed one says it is a split.
    const sent = api.changes().map((c) => c.body as { mawbOrBl: string; splitShipment?: boolean });
    expect(sent.map((b) => [b.mawbOrBl, b.splitShipment ?? false])).toEqual([
      ['176 12345678', false],
      ['176 12345678', false],
      ['176 12345678', true],
    ]);
  });
});
