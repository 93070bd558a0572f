import type { RouteObject } from 'react-router';
import { screensInLayout } from '../../route-error';
import { RequireAuth } from '../../route-guard';
import { orgPages } from '../organisation-pages';

/**
 * The super admin portal. Pages inside the layout go in `pages`, one line each;
 * the other areas (packages, notifications, invoices, payments, reports, manifests) add theirs.
 */
const pages: RouteObject[] = [
  { index: true, ...orgPages.dashboard },
  { path: 'dashboard', ...orgPages.dashboard },
  { path: 'couriers', lazy: async () => ({ Component: (await import('@/app/routes/superadmin/couriers-page')).CouriersPage }) },
  {
    path: 'couriers/:id',
    lazy: async () => ({ Component: (await import('@/app/routes/superadmin/courier-detail-page')).CourierDetailPage }),
  },
  {
    path: 'couriers/:id/customers',
    lazy: async () => ({ Component: (await import('@/app/routes/superadmin/courier-customers-page')).CourierCustomersPage }),
  },
  { path: 'branches', ...orgPages.branches },
  { path: 'branches/:id', ...orgPages.branch },
  { path: 'staff', ...orgPages.staff },
  { path: 'staff/:id', ...orgPages.staffMember },
  { path: 'roles', ...orgPages.roles },
  { path: 'roles/:id', ...orgPages.role },
  { path: 'packages', lazy: async () => ({ Component: (await import('../packages/packages-page')).default }) },
  { path: 'manifests', lazy: async () => ({ Component: (await import('../packages/manifests-page')).default }) },
  { path: 'notifications', lazy: async () => ({ Component: (await import('../communications/announcements-page')).default }) },
  { path: 'support-tickets', lazy: async () => ({ Component: (await import('../tickets/staff-support-tickets-page')).default }) },
  { path: 'invoices', lazy: async () => ({ Component: (await import('../billing/invoices-page')).default }) },
  { path: 'payments', lazy: async () => ({ Component: (await import('../billing/payments-page')).default }) },
  { path: 'reports', lazy: async () => ({ Component: (await import('../billing/reports-page')).default }) },
  { path: 'audit-log', lazy: async () => ({ Component: (await import('../audit/audit-log-page')).default }) },
  { path: 'settings', lazy: async () => ({ Component: (await import('./settings-page')).default }) },
];

export const superadminRoutes: RouteObject[] = [
  {
    path: '/superadmin',
    element: <RequireAuth allow={['super_admin']} />,
    children: [
      { lazy: async () => ({ Component: (await import('./superadmin-layout')).SuperAdminLayout }), children: screensInLayout(pages) },
    ],
  },
];
