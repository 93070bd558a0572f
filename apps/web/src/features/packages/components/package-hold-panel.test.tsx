import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PACKAGE_MESSAGES, type PackageDto } from '@courier/shared/schemas/packages';
import { fakeApi, renderWithApi, signedInWithFakeApi, slowly, submitTwice } from '@/test/fake-api';
import { PackageHoldPanel } from './package-hold-panel';

const HELD = { id: 9, status: 'on_hold', holdReason: 'Waiting for the merchant invoice', hasInvoice: false } as PackageDto;

signedInWithFakeApi();

describe('PackageHoldPanel', () => {
  it('asks why before releasing, and sends nothing without a note', async () => {
    const api = fakeApi(() => ({ body: { ...HELD, status: 'received' } }));
    renderWithApi(<PackageHoldPanel pkg={HELD} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Note for releasing the hold'), '   ');
    await user.click(screen.getByRole('button', { name: 'Release hold' }));
    expect(await screen.findByText(PACKAGE_MESSAGES.releaseNoteRequired)).toBeInTheDocument();
    expect(api.sent('POST')).toEqual([]);
  });

  it('releases with the trimmed note, once however often it is submitted', async () => {
    const api = fakeApi(async () => {
      await slowly();
      return { body: { ...HELD, status: 'received' } };
    });
    renderWithApi(<PackageHoldPanel pkg={HELD} />);
    const note = screen.getByLabelText('Note for releasing the hold');
    await userEvent.setup().type(note, ' Invoice seen by phone ');
    submitTwice(note);
    await waitFor(() => expect(api.sent('POST')).toHaveLength(1));
    expect(api.sent('POST')[0]).toMatchObject({ url: '/api/packages/9/release', body: { note: 'Invoice seen by phone' } });
    expect(await screen.findByText(PACKAGE_MESSAGES.released)).toBeInTheDocument();
  });
});
