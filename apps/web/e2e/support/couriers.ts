import type { APIRequestContext } from '@playwright/test';
import { expect } from './test';
import { DEMO } from './auth';

export async function superAdminHeaders(request: APIRequestContext) {
  const res = await request.post('/api/auth/super-admin/login', {
    data: DEMO.super_admin,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { Authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

/**
 * A courier of its own with one branch (Ocho Rios, St. Ann), made through the API as a new courier
 * is: its code and names are unique per run (one shared database). `admin` signs in to its portal.
 */
export async function createSecondCourier(request: APIRequestContext) {
  const headers = await superAdminHeaders(request);
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  const admin = { email: `admin-${stamp.toLowerCase()}@islandship.test`, password: 'IslandAdmin#2026' };
  const created = await request.post('/api/platform/couriers', {
    headers,
    data: {
      name: `Island Ship Express ${stamp}`,
      code: `IS${stamp}`,
      email: `desk-${stamp.toLowerCase()}@islandship.test`,
      phone: '(876) 555-0199',
      admin: { firstName: 'Isla', lastName: 'Reid', ...admin },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const courier = (await created.json()) as { id: number; apiKey: string; name: string };
  const branch = await request.post('/api/branches', {
    headers,
    data: { courierId: courier.id, name: 'Ocho Rios', address: '7 Main Street, Ocho Rios', parish: 'St. Ann', phone: '(876) 555-0100' },
  });
  expect(branch.ok(), await branch.text()).toBe(true);
  return { ...courier, admin };
}
