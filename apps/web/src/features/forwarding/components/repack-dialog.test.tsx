import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsolidationDto } from '@courier/shared/schemas/services';
import { fakeApi, renderWithApi, signedInWithFakeApi } from '@/test/fake-api';
import { RepackDialog } from './consolidation-station';

const REQUEST = {
  id: 42,
  requestNo: 'CON-000042',
  status: 'requested',
  packages: [{ packageNumber: 'PKG-000001' }, { packageNumber: 'PKG-000002' }],
} as ConsolidationDto;

signedInWithFakeApi();

describe('the repack', () => {
  it('prints the new parcel’s label as soon as it is recorded, on the label printer', async () => {
    const api = fakeApi(({ url }) =>
      url.endsWith('/print-label')
        ? { body: { printed: true, message: 'Printed on Zebra', printerName: 'Zebra' } }
        : { body: { ...REQUEST, status: 'completed', newPackage: { id: 77, packageNumber: 'PKG-000077' } } },
    );
    renderWithApi(<RepackDialog request={REQUEST} onClose={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Weight (lb)'), '9');
    await user.type(screen.getByLabelText('Length (in)'), '14');
    await user.type(screen.getByLabelText('Width (in)'), '10');
    await user.type(screen.getByLabelText('Height (in)'), '8');
    await user.click(screen.getByRole('button', { name: 'Record new parcel' }));
    await waitFor(() =>
      expect(api.sent('POST').map((c) => c.url)).toEqual(['/api/consolidations/42/complete', '/api/packages/77/print-label']),
    );
    expect(await screen.findByText('PKG-000077: Printed on Zebra')).toBeInTheDocument();
  });
});
