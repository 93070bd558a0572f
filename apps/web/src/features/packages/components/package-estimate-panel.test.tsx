import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PackageEstimate } from '@courier/shared/schemas/package-estimate';
import { fakeApi, renderWithApi, signedInWithFakeApi } from '@/test/fake-api';
import { PackageEstimatePanel } from './package-estimate-panel';

const ESTIMATE: PackageEstimate = {
  invoiceNo: null,
  actualWeightLb: 2.6,
  volumetricWeightLb: 8.06,
  billableWeightLb: 9,
  weightBasis: 'volumetric',
  lines: [
    {
      kind: 'freight',
      description: 'Freight PKG-1 (9 lb, volumetric weight billed: actual 2.6 lb, volumetric 8.06 lb)',
      amountCents: 3_850_00,
    },
    { kind: 'gct', description: 'GCT 15%', amountCents: 577_50 },
  ],
  totalCents: 4_427_50,
};

signedInWithFakeApi();

describe('PackageEstimatePanel', () => {
  it("shows the customer the billable weight and the charges before the invoice, from the API's fee engine", async () => {
    const api = fakeApi(() => ({ body: ESTIMATE }));
    renderWithApi(<PackageEstimatePanel packageId={5} customer />);
    expect(await screen.findByTestId('billable-weight')).toHaveTextContent('9 lb (volumetric 8.06 lb, over the actual 2.60 lb)');
    expect(screen.getByText('JMD 3,850.00')).toBeInTheDocument();
    expect(screen.getByTestId('estimated-total')).toHaveTextContent('JMD 4,427.50');
    expect(api.sent('GET').map((c) => c.url)).toEqual(['/api/customer/packages/5/estimate']);
  });

  it('names the invoice once the parcel is invoiced, for staff too', async () => {
    const api = fakeApi(() => ({ body: { ...ESTIMATE, invoiceNo: 'INV-000042', lines: [], totalCents: 0 } }));
    renderWithApi(<PackageEstimatePanel packageId={5} customer={false} />);
    expect(await screen.findByText('On invoice INV-000042.')).toBeInTheDocument();
    expect(screen.queryByTestId('estimated-total')).toBeNull();
    expect(api.sent('GET').map((c) => c.url)).toEqual(['/api/packages/5/estimate']);
  });
});
