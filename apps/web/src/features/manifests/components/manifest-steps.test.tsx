import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEPARTURE_IN_FUTURE_CODE, type ManifestDetail } from '@courier/shared/schemas/manifests';
import { fakeApi, renderAt, reply, stubApi } from '@/test/fake-api';
import { tokenStore } from '@/lib/storage';
import { ManifestSteps } from './manifest-steps';

const manifest = {
  id: 3,
  manifestNumber: 'MAN-000003',
  status: 'closed',
  pieces: 2,
  mawbOrBl: null,
  flightOrVessel: null,
  departureDate: '2099-01-01',
  arrivalDate: null,
} as unknown as ManifestDetail;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ManifestSteps: shipping before the departure date', () => {
  it('refuses a note over 500 characters in our words, then ships with the note, moving the date', async () => {
    let ships = 0;
    const api = stubApi({
      'POST /manifests/3/ship': () =>
        ++ships === 1
          ? reply(409, { message: 'MAN-000003 departs on Jan 1, 2099: move it', code: DEPARTURE_IN_FUTURE_CODE })
          : { ...manifest, status: 'shipped' },
    });
    const user = userEvent.setup();
    renderAt(<ManifestSteps m={manifest} canEdit />, '/staff/manifests/3');

    await user.click(screen.getByRole('button', { name: 'Ship' }));
    await user.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship before the departure date?' });
    expect(dialog).toHaveTextContent('MAN-000003 departs on Jan 1, 2099: move it');

    const note = screen.getByLabelText('Why it ships early (kept with the change)');
    // The field stops at 500 characters; a pasted-in longer note is still refused by the schema.
    fireEvent.change(note, { target: { value: 'x'.repeat(501) } });
    await user.click(screen.getByRole('button', { name: 'Move the date to today and ship' }));
    expect(await screen.findByText('The note must be at most 500 characters')).toBeInTheDocument();
    expect(api.changes()).toHaveLength(1);

    await user.clear(note);
    await user.type(note, 'Earlier flight');
    await user.click(screen.getByRole('button', { name: 'Move the date to today and ship' }));
    await waitFor(() => expect(api.changes()).toHaveLength(2));
    expect(api.changes()[1]).toEqual({
      method: 'POST',
      path: '/manifests/3/ship',
      body: { moveDepartureToToday: true, note: 'Earlier flight' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ship before the departure date?' })).toBeNull());
  });
});

describe('ManifestSteps: shipping a large manifest', () => {
  it('shows how far the ship has got while it runs, and takes it away when done', async () => {
    tokenStore.set('header.payload.signature');
    let shipped: (() => void) | undefined;
    const done = new Promise<void>((resolve) => {
      shipped = resolve;
    });
    fakeApi(async () => {
      await done;
      return { body: { ...manifest, pieces: 1200, status: 'shipped' } };
    });
    const user = userEvent.setup();
    renderAt(<ManifestSteps m={{ ...manifest, pieces: 1200, departureDate: '2000-01-01' }} canEdit />, '/staff/manifests/3');
    await user.click(screen.getByRole('button', { name: 'Ship' }));
    await user.click(await screen.findByRole('button', { name: 'Ship' }));
    expect(await screen.findByRole('progressbar', { name: 'Shipping 1,200 packages on MAN-000003' })).toBeInTheDocument();
    shipped?.();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});
