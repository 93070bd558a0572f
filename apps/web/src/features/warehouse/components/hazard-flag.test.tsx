import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PackageDto } from '@courier/shared/schemas/packages';
import { WAREHOUSE_MESSAGES } from '@courier/shared/schemas/warehouse';
import { fakeApi, renderWithApi, signedInWithFakeApi } from '@/test/fake-api';
import { HazardFlag } from './hazard-flag';

const PARCEL = {
  id: 5,
  packageNumber: 'PKG-000005',
  hazardLevel: null,
  hazardCategory: null,
  hazardOutcome: null,
} as unknown as PackageDto;

signedInWithFakeApi();

describe('HazardFlag', () => {
  it('flags what was chosen, leaving what is undecided out', async () => {
    const api = fakeApi(({ body }) => ({ body: { ...PARCEL, ...(body as object) } }));
    renderWithApi(<HazardFlag pkg={PARCEL} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('What it is'), 'Lithium batteries');
    await user.click(screen.getByRole('button', { name: 'Flag parcel' }));
    expect(await screen.findByText(WAREHOUSE_MESSAGES.hazardFlagged)).toBeInTheDocument();
    expect(api.sent('POST')).toEqual([
      { url: '/api/packages/5/hazard', method: 'POST', body: { level: 'hazardous', category: 'lithium_batteries' } },
    ]);
  });

  it('offers no sea passage for a prohibited parcel, and clears a flag', async () => {
    const flagged = { ...PARCEL, hazardLevel: 'prohibited', hazardCategory: 'flammable', hazardOutcome: 'dispose' } as PackageDto;
    const api = fakeApi(() => ({ body: { ...PARCEL } }));
    renderWithApi(<HazardFlag pkg={flagged} />);
    expect(screen.getByLabelText('What happens')).toHaveValue('dispose');
    expect(screen.queryByRole('option', { name: 'Ship by sea' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear flag' }));
    await waitFor(() => expect(api.sent('POST')).toHaveLength(1));
    expect(api.sent('POST')[0]?.body).toEqual({ level: null });
  });
});
