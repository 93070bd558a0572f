import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsolidationPreview } from '@courier/shared/schemas/services';
import { fakeApi, renderWithApi, signedInWithFakeApi } from '@/test/fake-api';
import { ConsolidationRequestForm, type WarehousePackage } from './consolidation-request-form';

const PACKAGES: WarehousePackage[] = [1, 2, 3, 4].map((id) => ({
  id,
  packageNumber: `PKG-00000${id}`,
  trackingNumber: `1Z${id}`,
  description: `Item ${id}`,
  weightLb: 1,
}));

/** Four parcels of USD 90: none owes customs alone, together they owe the whole entry. */
const CROSSING: ConsolidationPreview = {
  separately: {
    customsCents: 0,
    parcels: PACKAGES.map((p) => ({
      id: p.id,
      packageNumber: p.packageNumber,
      declaredValueUsdCents: 90_00,
      weightLb: 1,
      customsCents: 0,
      deMinimis: true,
    })),
  },
  together: { declaredValueUsdCents: 360_00, weightLb: 4, customsCents: 10_733_70, deMinimis: false },
  feeCents: 750_00,
  differenceCents: 11_483_70,
  deMinimisUsdCents: 100_00,
  crossesDeMinimis: true,
  missingValue: [],
};

function serve(preview: ConsolidationPreview) {
  return fakeApi((call) => (call.url.endsWith('/preview') ? { body: preview } : { status: 201, body: { id: 9, requestNo: 'CON-000009' } }));
}

const requests = (api: ReturnType<typeof serve>) => api.sent('POST').filter((c) => c.url === '/api/customer/consolidations');

signedInWithFakeApi();

describe('ConsolidationRequestForm', () => {
  it('warns that consolidating goes over the de minimis, and asks before requesting', async () => {
    const api = serve(CROSSING);
    renderWithApi(<ConsolidationRequestForm packages={PACKAGES} feeCents={750_00} />);
    const user = userEvent.setup();
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);

    const panel = await screen.findByTestId('consolidation-preview');
    expect(panel).toHaveTextContent('Separately: no customs (each under USD 100).');
    expect(panel).toHaveTextContent('Together: JMD 10,733.70 customs + JMD 750.00 fee.');
    expect(panel).toHaveTextContent('Consolidating costs JMD 11,483.70 more in customs and fees.');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Warning: together these packages are worth USD 360.00, over the USD 100 duty-free limit per parcel',
    );
    // Asked again as the choice grows: the last question is on all four.
    expect(
      api
        .sent('POST')
        .filter((c) => c.url.endsWith('/preview'))
        .at(-1)?.body,
    ).toEqual({ packageIds: [1, 2, 3, 4] });

    // Not asked until the customer accepts the customs.
    await user.click(screen.getByRole('button', { name: 'Request consolidation' }));
    expect(await screen.findByText(/Tick the box to confirm you accept the customs/)).toBeInTheDocument();
    expect(requests(api)).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: /I understand customs become due/ }));
    await user.click(screen.getByRole('button', { name: 'Request consolidation' }));
    await waitFor(() => expect(requests(api)).toHaveLength(1));
  });

  it('asks straight away when consolidating adds no customs', async () => {
    const api = serve({ ...CROSSING, together: { ...CROSSING.together, customsCents: 0, deMinimis: true }, crossesDeMinimis: false });
    renderWithApi(<ConsolidationRequestForm packages={PACKAGES.slice(0, 2)} feeCents={750_00} />);
    const user = userEvent.setup();
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    expect(await screen.findByTestId('consolidation-preview')).toHaveTextContent('Together: no customs + JMD 750.00 fee.');
    expect(screen.queryByRole('checkbox', { name: /I understand/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Request consolidation' }));
    await waitFor(() => expect(requests(api)).toHaveLength(1));
  });
});
