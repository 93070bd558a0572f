import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { fakeApi, renderWithApi, signedInWithFakeApi } from '@/test/fake-api';
import { WarehouseSettingsCard } from './warehouse-settings-card';

const SAVED = {
  heavyWeightLb: 70,
  requireInvoice: false,
  volumetricAir: true,
  airDivisorIn3PerLb: 139,
  volumetricSea: false,
  seaLbPerFt3: 10.4,
  customsDays: 2,
};

function serve() {
  const api = fakeApi(({ body }) => ({ body: body ?? SAVED }));
  return { puts: () => api.sent('PUT').map((c) => c.body) };
}

const renderCard = (canEdit = true) => renderWithApi(<WarehouseSettingsCard canEdit={canEdit} />);

signedInWithFakeApi();

describe('WarehouseSettingsCard', () => {
  it('shows each mode its own switch and figure, as saved', async () => {
    serve();
    renderCard();
    await waitFor(() => expect(screen.getByLabelText('AIR divisor (cubic inches per pound)')).toHaveValue(139));
    expect(screen.getByLabelText('AIR: bill volumetric weight')).toBeChecked();
    expect(screen.getByLabelText('SEA: bill volumetric weight')).not.toBeChecked();
    expect(screen.getByLabelText('SEA pounds per cubic foot')).toHaveValue(10.4);
    expect(screen.getByLabelText('Customs days')).toHaveValue(2);
  });

  it('refuses a divisor out of range under its own field, and sends nothing', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderCard();
    const divisor = await screen.findByLabelText('AIR divisor (cubic inches per pound)');
    await waitFor(() => expect(divisor).toHaveValue(139));
    await user.clear(divisor);
    await user.type(divisor, '20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PACKAGE_MESSAGES.divisorRange)).toBeInTheDocument();
    expect(divisor).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('SEA pounds per cubic foot')).not.toHaveAttribute('aria-invalid');
    expect(api.puts()).toEqual([]);
  });

  it('sends every setting, the figures as numbers', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderCard();
    const sea = await screen.findByLabelText('SEA pounds per cubic foot');
    await waitFor(() => expect(sea).toHaveValue(10.4));
    await user.click(screen.getByLabelText('SEA: bill volumetric weight'));
    await user.clear(sea);
    await user.type(sea, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Warehouse settings saved')).toBeInTheDocument();
    expect(api.puts()).toEqual([{ ...SAVED, volumetricSea: true, seaLbPerFt3: 12.5 }]);
  });

  it('is read-only without the right to edit', async () => {
    serve();
    renderCard(false);
    await waitFor(() => expect(screen.getByLabelText('SEA pounds per cubic foot')).toBeDisabled());
    expect(screen.getByLabelText('AIR: bill volumetric weight')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
