import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PackageDto } from '@courier/shared/schemas/packages';
import { renderAt, stubApi } from '@/test/fake-api';
import CustomerPackagesPage from './customer-packages-page';

const pkg = {
  id: 5,
  packageNumber: 'PKG-000005',
  trackingNumber: '1Z999AA10123456784',
  status: 'received',
  weightLb: 2,
  branchName: 'Kingston',
  receivedAt: '2026-11-20T15:00:00.000Z',
  estimatedArrival: null,
} as unknown as PackageDto;

const cover = (insured: boolean) => ({
  insuranceOffered: true,
  insured,
  canChange: true,
  insuranceRule: '1.5% of the declared value',
  premiumCents: 1_200_00,
  storage: null,
  claims: [],
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('My packages', () => {
  it('offers the insurance of each package in the list, without opening its timeline', async () => {
    const api = stubApi({
      'GET /customer/packages': { data: [pkg], total: 1, page: 1, limit: 25 },
      'GET /customer/pre-alerts': { data: [], total: 0, page: 1, limit: 25 },
      'GET /customer/insurance': { insureByDefault: false, offered: true },
      'GET /customer/packages/5/cover': cover(false),
      'PUT /customer/packages/5/insurance': cover(true),
    });
    renderAt(<CustomerPackagesPage />);
    const box = await screen.findByRole('checkbox', { name: 'Insure PKG-000005 for its declared value' }, { timeout: 5000 });
    expect(box).not.toBeChecked();
    await userEvent.setup().click(box);
    await waitFor(() =>
      expect(api.changes()).toEqual([{ method: 'PUT', path: '/customer/packages/5/insurance', body: { insured: true } }]),
    );
    await waitFor(() => expect(box).toBeChecked());
  });
});
