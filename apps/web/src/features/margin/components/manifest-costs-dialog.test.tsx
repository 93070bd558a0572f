import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManifestCosts } from '@courier/shared/schemas/margin';
import { renderAt, stubApi } from '@/test/fake-api';
import { ManifestCostsDialog } from './manifest-costs-dialog';

const saved: ManifestCosts = {
  manifestId: 7,
  manifestNumber: 'MAN-000007',
  type: 'AIR',
  departureDate: '2026-10-05',
  lines: [
    {
      id: 1,
      kind: 'handling',
      description: null,
      amountCents: 100_001,
      currency: 'JMD',
      exchangeRate: null,
      jmdCents: 100_001,
      incurredOn: '2026-10-05',
    },
  ],
  defaultExchangeRate: '157.25',
  costCents: 100_001,
  revenueCents: 855_000,
  marginCents: 754_999,
  billableLb: 10,
  parcels: [
    {
      packageId: 1,
      packageNumber: 'PKG-000001',
      customer: 'Kim Brown',
      mailboxNumber: 'JXP-10001',
      billableLb: 4,
      costCents: 40_001,
      revenueCents: 500_000,
    },
    {
      packageId: 2,
      packageNumber: 'PKG-000002',
      customer: 'Ann Lee',
      mailboxNumber: 'JXP-10002',
      billableLb: 6,
      costCents: 60_000,
      revenueCents: 355_000,
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ManifestCostsDialog', () => {
  it('adds a USD cost at the rate of its day, shows it in JMD as typed, and saves the lines together', async () => {
    let current = saved;
    const api = stubApi({
      'GET /manifests/7/costs': () => current,
      'PUT /manifests/7/costs': () => {
        current = { ...saved, costCents: 414_501, marginCents: 440_499 };
        return current;
      },
    });
    const user = userEvent.setup();
    renderAt(<ManifestCostsDialog id={7} onClose={() => undefined} canEdit />);
    const dialog = await screen.findByRole('dialog', { name: 'Costs of MAN-000007' }, { timeout: 10_000 });
    expect(within(dialog).getByTestId('flight-margin')).toHaveTextContent('JMD 7,549.99');
    const shares = within(dialog).getByTestId('parcel-shares');
    expect(shares).toHaveTextContent('PKG-000001');
    expect(shares).toHaveTextContent('400.01');

    await user.click(within(dialog).getByRole('button', { name: 'Add a cost' }));
    const line = within(dialog).getByRole('group', { name: 'Cost line 2' });
    // A new line starts as USD freight at the courier's rate, on the flight's day.
    expect(within(line).getByLabelText('Rate (JMD per USD)')).toHaveValue('157.25');
    expect(within(line).getByLabelText('Day')).toHaveValue('2026-10-05');
    await user.type(within(line).getByLabelText('Amount'), '20');
    expect(within(dialog).getByTestId('line-jmd-2')).toHaveTextContent('JMD 3,145.00');
    expect(within(dialog).getByText(/^Total/)).toHaveTextContent('Total JMD 4,145.01');

    // A USD cost without its rate is refused here, before anything is sent.
    await user.clear(within(line).getByLabelText('Rate (JMD per USD)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save costs' }));
    expect(await within(line).findByText(/exchange rate of the day/)).toBeInTheDocument();
    expect(api.changes()).toEqual([]);

    await user.type(within(line).getByLabelText('Rate (JMD per USD)'), '157.25');
    await user.type(within(line).getByLabelText('Note (optional)'), 'MAWB 176-12345675');
    await user.click(within(dialog).getByRole('button', { name: 'Save costs' }));
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]).toEqual({
      method: 'PUT',
      path: '/manifests/7/costs',
      body: {
        lines: [
          { kind: 'handling', amountCents: 100_001, currency: 'JMD', incurredOn: '2026-10-05' },
          {
            kind: 'freight',
            description: 'MAWB 176-12345675',
            amountCents: 2000,
            currency: 'USD',
            exchangeRate: '157.25',
            incurredOn: '2026-10-05',
          },
        ],
      },
    });
    await waitFor(() => expect(within(dialog).getByTestId('flight-margin')).toHaveTextContent('JMD 4,404.99'));
  }, 60_000);

  it('shows the saved lines without a form to someone who may only read them', async () => {
    stubApi({ 'GET /manifests/7/costs': saved });
    renderAt(<ManifestCostsDialog id={7} onClose={() => undefined} canEdit={false} />);
    const dialog = await screen.findByRole('dialog', { name: 'Costs of MAN-000007' }, { timeout: 10_000 });
    expect(within(dialog).getByRole('table', { name: 'Cost lines' })).toHaveTextContent("Agent's handling");
    expect(within(dialog).queryByRole('button', { name: 'Save costs' })).toBeNull();
  });
});
