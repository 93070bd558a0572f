import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSURANCE_MESSAGES, type PackageCover } from '@courier/shared/schemas/insurance';
import { renderWithApi, stubApi } from '@/test/fake-api';
import { PackageCoverPanel } from './package-cover-panel';

const cover = (over: Partial<PackageCover>): PackageCover => ({
  packageStatus: 'ready_for_pickup',
  heldFrom: null,
  insuranceOffered: true,
  insured: true,
  canChange: false,
  premiumCents: 600_00,
  insuranceRule: '2% of the declared value, at least JMD 600.00',
  claims: [],
  storage: null,
  ...over,
});

function show(over: Partial<PackageCover>) {
  stubApi({ 'GET /customer/packages/5/cover': cover(over) });
  renderWithApi(<PackageCoverPanel packageId={5} customer canEdit={false} />);
}

const claimButton = () => screen.queryByRole('button', { name: /^Open a claim/ });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PackageCoverPanel: a claim is offered only when the API would take it', () => {
  it('at the Miami warehouse offers a claim for a lost parcel only, and says when damage can be claimed', async () => {
    show({ packageStatus: 'received' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open a claim (lost)' }));
    expect(screen.queryByRole('button', { name: 'Open a claim (damaged or lost)' })).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Open a claim' });
    const reason = within(form).getByLabelText('What happened');
    expect(
      within(reason)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Lost']);
    expect(reason).toHaveValue('lost');
  });

  it('in transit, names when a damage claim opens', async () => {
    show({ packageStatus: 'in_transit' });
    expect(await screen.findByRole('button', { name: 'Open a claim (lost)' })).toBeInTheDocument();
    expect(screen.getByText(`${INSURANCE_MESSAGES.notArrived}.`)).toBeInTheDocument();
  });

  it.each([
    ['arrived at customs', { packageStatus: 'at_customs' }],
    ['ready at the branch', { packageStatus: 'ready_for_pickup' }],
    ['collected', { packageStatus: 'delivered' }],
    ['held after it arrived', { packageStatus: 'on_hold', heldFrom: 'at_customs' }],
  ] as const)('%s offers damaged or lost', async (_where, over) => {
    show(over);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open a claim (damaged or lost)' }));
    const reason = within(screen.getByRole('form', { name: 'Open a claim' })).getByLabelText('What happened');
    expect(
      within(reason)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Damaged', 'Lost']);
    expect(screen.queryByText(`${INSURANCE_MESSAGES.notArrived}.`)).not.toBeInTheDocument();
  });

  it('held before it left Miami offers lost only', async () => {
    show({ packageStatus: 'on_hold', heldFrom: 'received' });
    expect(await screen.findByRole('button', { name: 'Open a claim (lost)' })).toBeInTheDocument();
  });

  it('offers no claim on an uninsured parcel', async () => {
    show({ insured: false });
    await screen.findByLabelText(/^Insure for its declared value/);
    expect(claimButton()).not.toBeInTheDocument();
  });

  it('offers none while a claim is open', async () => {
    const open = {
      id: 1,
      claimNo: 'CLM-000001',
      packageId: 5,
      packageNumber: 'PKG-1',
      customerName: 'Cy',
      reason: 'lost' as const,
      description: 'Never came',
      insuredValueUsdCents: 60_00,
      status: 'open' as const,
      approvedUsdCents: null,
      decisionReason: null,
      payout: null,
      payoutCents: null,
      photos: [],
      decidedAt: null,
      createdAt: '2026-11-29T12:00:00.000Z',
    };
    show({ claims: [open] });
    await waitFor(() => expect(screen.getByText(/Claim CLM-000001/)).toBeInTheDocument());
    expect(claimButton()).not.toBeInTheDocument();
  });
});
