import { describe, expect, it } from 'vitest';
import { dashboardForRole, homeForRole, isLoginPath, loginPathFor, redirectAfterSignIn, staffLandingPath } from './redirects';

describe('loginPathFor (route guard, by path prefix)', () => {
  it.each([
    ['/superadmin/dashboard', '/superadmin/login'],
    ['/superadmin', '/superadmin/login'],
    ['/admin/settings', '/admin/login'],
    ['/admin', '/admin/login'],
    ['/staff/scan', '/staff/login'],
    ['/customer/invoices/INV-000001', '/login'],
    ['/administrator', '/login'],
    ['/staffing', '/login'],
    ['/', '/login'],
  ])('%s -> %s', (path, expected) => expect(loginPathFor(path)).toBe(expected));
});

describe('homeForRole (wrong role goes home)', () => {
  it.each([
    ['super_admin', '/superadmin'],
    ['courier_admin', '/admin'],
    ['branch_manager', '/staff'],
    ['staff', '/staff'],
    ['customer', '/'],
    ['admin', '/login'],
    [undefined, '/login'],
  ])('%s -> %s', (role, expected) => expect(homeForRole(role)).toBe(expected));
});

describe('redirect after sign-in', () => {
  it.each([
    ['super_admin', '/superadmin/dashboard'],
    ['courier_admin', '/admin/dashboard'],
    ['customer', '/customer/dashboard'],
    ['staff', '/customer/dashboard'],
    ['admin', '/customer/dashboard'],
  ])('by role %s -> %s', (role, expected) => expect(dashboardForRole(role)).toBe(expected));

  it('prefers the stored path', () =>
    expect(redirectAfterSignIn('/customer/invoices?page=2', 'customer')).toBe('/customer/invoices?page=2'));
  it('ignores a stored login page', () => expect(redirectAfterSignIn('/admin/login', 'courier_admin')).toBe('/admin/dashboard'));
  it('ignores an off-site path', () => expect(redirectAfterSignIn('//evil.example/x', 'customer')).toBe('/customer/dashboard'));
  it('falls back with nothing stored', () => expect(redirectAfterSignIn(null, 'super_admin')).toBe('/superadmin/dashboard'));
});

describe('isLoginPath', () => {
  it.each(['/login', '/admin/login', '/staff/login', '/superadmin/login', '/admin/login?token=x'])('%s is a login page', (p) =>
    expect(isLoginPath(p)).toBe(true),
  );
  it.each(['/register', '/admin', '/reset-password'])('%s is not', (p) => expect(isLoginPath(p)).toBe(false));
});

describe('staffLandingPath (no "You do not have permission" dashboard)', () => {
  const staff = (permissions: string[]) => ({ role: 'staff', permissions });
  it.each([
    [['dashboard_view', 'packages_scan'], '/staff/dashboard'],
    [['packages_scan', 'packages_view'], '/staff/scan'],
    [['manifests_view', 'invoices_view'], '/staff/maniefest'],
    [['packages_uncollected'], '/staff/uncollected'],
    [[], '/staff/settings'],
  ])('%j -> %s', (permissions, expected) => expect(staffLandingPath(staff(permissions))).toBe(expected));
  it('sends the US agent, who holds no permission, to its files', () => {
    expect(staffLandingPath({ role: { name: 'agent', permissions: [] } })).toBe('/staff/package-import');
    expect(homeForRole('agent')).toBe('/staff');
  });
  it('reads the permissions of the role too', () => {
    expect(staffLandingPath({ role: { name: 'branch_manager', permissions: [{ name: 'payments_view' }] } })).toBe('/staff/payments');
  });
});
