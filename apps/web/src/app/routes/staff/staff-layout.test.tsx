import { describe, expect, it } from 'vitest';
import { STAFF_SIDEBAR } from '@courier/shared/constants/permissions';
import type { SessionUser } from '@/lib/session';
import { customerHeaderLines } from '../customer/customer-layout';
import { staffNav } from './staff-layout';

function staffUser(permissions: string[], role: 'staff' | 'branch_manager' | 'super_admin' = 'staff'): SessionUser {
  return {
    id: 1,
    kind: 'user',
    firstName: 'Tanisha',
    lastName: 'Brown',
    first_name: 'Tanisha',
    last_name: 'Brown',
    email: 't@example.test',
    username: null,
    avatarUrl: null,
    phone: null,
    role: { name: role, permissions },
    permissions: [],
    courier: null,
    branch: null,
    impersonated: false,
    timeZone: 'America/Jamaica',
  };
}

describe('staff sidebar', () => {
  it('shows an item only with its permission, in the fixed sidebar order', () => {
    // The forwarding services follow the fixed list, each under the permissions its API asks.
    expect(staffNav(staffUser(['customers_view', 'dashboard_view'])).map((i) => i.label)).toEqual([
      'Dashboard',
      'Customers',
      'Shop For Me',
    ]);
    expect(staffNav(staffUser(['packages_scan'])).map((i) => i.label)).toEqual(['Scan', 'Consolidations', 'Transfers']);
    expect(staffNav(staffUser([]))).toEqual([]);
  });
  it('spells the manifest route and label as fixed (Maniefest), and signature outside the layout', () => {
    const all = staffNav(staffUser(STAFF_SIDEBAR.map((i) => i.permission)));
    expect(all.map((i) => i.label)).toEqual([
      'Dashboard',
      'Scan',
      'Packages',
      'Customers',
      'Business Customers',
      'Staff',
      'Reports',
      'Packages Delivery Request',
      'Unknown Packages',
      'Maniefest',
      'Reconciliation',
      'Invoices',
      'Payments',
      'Uncollected',
      'Support Tickets',
      'Signature',
      'Settings',
      'Consolidations',
      'Transfers',
      'Shop For Me',
      'On the way',
    ]);
    expect(all.find((i) => i.label === 'Maniefest')?.to).toBe('/staff/maniefest');
    expect(all.find((i) => i.label === 'Signature')?.to).toBe('/staff/sign-signature');
  });
});

describe('customer header', () => {
  it('names the account type, then business and courier when present', () => {
    expect(
      customerHeaderLines({
        firstName: 'Kim',
        lastName: 'Lee',
        accountType: 'business',
        businessName: 'Lee Imports',
        courier: { name: 'JXP' },
      }),
    ).toEqual(['Kim Lee', 'Business Account', 'Lee Imports', 'JXP']);
    expect(
      customerHeaderLines({ firstName: 'Kim', lastName: 'Lee', accountType: 'individual', businessName: null, courier: null }),
    ).toEqual(['Kim Lee', 'Individual Account']);
  });
});
