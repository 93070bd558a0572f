import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CustomsRateView } from '@courier/shared/schemas/fees';
import { fakeApi, renderWithApi, signedInWithFakeApi } from '@/test/fake-api';
import { CustomsRatesCard } from './customs-rates-card';

const ELECTRONICS: CustomsRateView = {
  id: 4,
  part: 'import_duty',
  tariffClass: 'electronics',
  percent: 10,
  amount: 0,
  threshold: 0,
  effectiveFrom: '2024-04-01',
  source: 'CARICOM Common External Tariff',
  inForce: true,
};

signedInWithFakeApi();

describe('CustomsRatesCard', () => {
  it('changes a rate as a new dated version that names its source, and asks for the source first', async () => {
    const api = fakeApi(() => ({ status: 201, body: { id: 9 } }));
    renderWithApi(<CustomsRatesCard rates={[ELECTRONICS]} reviewedAt="2026-11-01T00:00:00Z" today="2026-11-28" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change Import duty · Electronics' }));
    const percent = screen.getByLabelText('Percent of CIF');
    expect(percent).toHaveValue('10');
    expect(screen.getByLabelText(/^In force from/)).toHaveValue('2026-11-28');
    await user.clear(percent);
    await user.type(percent, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save new rate' }));
    expect(await screen.findByText(/Please name the published source of this rate/)).toBeInTheDocument();
    expect(api.sent('POST')).toEqual([]);

    await user.type(screen.getByLabelText(/^Source/), 'Jamaica Gazette, 1 Dec 2026');
    await user.click(screen.getByRole('button', { name: 'Save new rate' }));
    await waitFor(() => expect(api.sent('POST')).toHaveLength(1));
    expect(api.sent('POST')[0]).toMatchObject({
      url: '/api/settings/customs-rates',
      body: {
        part: 'import_duty',
        tariffClass: 'electronics',
        percent: 12.5,
        amount: 0,
        threshold: 0,
        effectiveFrom: '2026-11-28',
        source: 'Jamaica Gazette, 1 Dec 2026',
      },
    });
  });
});
