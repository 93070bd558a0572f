import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_STAFF_PERMISSIONS } from '@courier/shared/constants/permissions';
import type { DeliveryRequestDto } from '@courier/shared/schemas/deliveries';
import { renderAt, staffSession, stubApi } from '@/test/fake-api';
import DeliveryRequestsPage from './delivery-requests-page';

// A driver with the plain Staff role (user 7 of the session).
const session = staffSession([...DEFAULT_STAFF_PERMISSIONS]);
vi.mock('@/lib/session', () => ({ useSession: () => session, useOptionalSession: () => session }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stop = (id: number, driverId: number, status = 'out_for_delivery') =>
  ({
    id,
    customerName: `Customer ${id}`,
    mailboxNumber: `JXP-1000${id}`,
    address: `${id} Hope Road`,
    locationName: null,
    packages: [{ id, packageNumber: `PKG-00000${id}` }],
    preferredDate: '2099-03-02',
    scheduledDate: '2099-03-02',
    driverId,
    driverName: driverId === 7 ? 'Test staff' : 'Someone else',
    stopOrder: null,
    phone: '876-555-0100',
    feeCents: 0,
    status,
    recipientName: null,
    hasPhoto: false,
  }) as unknown as DeliveryRequestDto;

describe('Delivery requests for a driver with the Staff role', () => {
  it('offers Deliver on their own stop out for delivery, and nothing on others', async () => {
    stubApi({ 'GET /delivery-requests': { data: [stop(1, 7), stop(2, 8), stop(3, 7, 'scheduled')], total: 3, page: 1, limit: 10 } });
    renderAt(<DeliveryRequestsPage />, '/staff/delivery-requests');
    const links = await screen.findAllByRole('link', { name: /Deliver/ });
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toMatch(/\/deliver\/1$/);
  });
});
