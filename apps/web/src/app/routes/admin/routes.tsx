import type { RouteObject } from 'react-router';
import { screensInLayout } from '../../route-error';
import { RequireAuth } from '../../route-guard';
import { orgPages } from '../organisation-pages';

/**
 * The courier admin portal. Pages inside the layout go in `pages`, one line each;
 * the other areas (scan, packages, delivery requests and locations, unknown packages, invoices,
 * payments, reports, support tickets, batch emails, notifications, settings) add theirs.
 */
const pages: RouteObject[] = [
  { index: true, ...orgPages.dashboard },
  { path: 'dashboard', ...orgPages.dashboard },
  { path: 'branches', ...orgPages.branches },
  { path: 'branches/:id', ...orgPages.branch },
  { path: 'staff', ...orgPages.staff },
  { path: 'staff/:id', ...orgPages.staffMember },
  { path: 'roles', ...orgPages.roles },
  { path: 'roles/:id', ...orgPages.role },
  { path: 'customers', ...orgPages.customers },
  { path: 'customers/import', ...orgPages.customerImport },
  { path: 'customers/:id', ...orgPages.customer },
  { path: 'business-customers', ...orgPages.businessCustomers },
  { path: 'business-customers/:id', ...orgPages.businessCustomer },
  { path: 'support-tickets', lazy: async () => ({ Component: (await import('../tickets/staff-support-tickets-page')).default }) },
  { path: 'support-tickets/:id', lazy: async () => ({ Component: (await import('../tickets/support-ticket-page')).default }) },
  { path: 'inbox', lazy: async () => ({ Component: (await import('./inbox-page')).InboxPage }) },
  { path: 'batch-emails', lazy: async () => ({ Component: (await import('../communications/batch-emails-page')).default }) },
  { path: 'notifications', lazy: async () => ({ Component: (await import('../communications/notifications-page')).default }) },
  { path: 'staff/timesheets', lazy: async () => ({ Component: (await import('../communications/timesheets-page')).default }) },
  { path: 'invoices', lazy: async () => ({ Component: (await import('../billing/invoices-page')).default }) },
  { path: 'payments', lazy: async () => ({ Component: (await import('../billing/payments-page')).default }) },
  { path: 'reports', lazy: async () => ({ Component: (await import('../billing/reports-page')).default }) },
  { path: 'audit-log', lazy: async () => ({ Component: (await import('../audit/audit-log-page')).default }) },
  { path: 'settings', lazy: async () => ({ Component: (await import('./settings-page')).default }) },
  { path: 'integrations', lazy: async () => ({ Component: (await import('./integrations-page')).default }) },
  { path: 'referrals', lazy: async () => ({ Component: (await import('./referrals-page')).default }) },
  { path: 'scan', lazy: async () => ({ Component: (await import('../packages/scan-page')).default }) },
  { path: 'packages', lazy: async () => ({ Component: (await import('../packages/packages-page')).default }) },
  { path: 'unknown-packages', lazy: async () => ({ Component: (await import('../packages/unknown-packages-page')).default }) },
  { path: 'consolidations', lazy: async () => ({ Component: (await import('../forwarding/consolidations-page')).default }) },
  { path: 'shop-requests', lazy: async () => ({ Component: (await import('../forwarding/shop-requests-page')).default }) },
  { path: 'insurance-claims', lazy: async () => ({ Component: (await import('../packages/insurance-claims-page')).default }) },
  { path: 'return-requests', lazy: async () => ({ Component: (await import('../packages/return-requests-page')).default }) },
  { path: 'carrier-tracking', lazy: async () => ({ Component: (await import('../packages/carrier-tracking-page')).default }) },
  { path: 'package-import', lazy: async () => ({ Component: (await import('../packages/package-import-page')).default }) },
  { path: 'delivery-requests', lazy: async () => ({ Component: (await import('../packages/delivery-requests-page')).default }) },
  { path: 'delivery-locations', lazy: async () => ({ Component: (await import('../packages/delivery-locations-page')).default }) },
  // The floor: the same screens as staff, under the staff paths; /admin/manifests as well.
  { path: 'maniefest', lazy: async () => ({ Component: (await import('../packages/manifests-page')).default }) },
  { path: 'manifests', lazy: async () => ({ Component: (await import('../packages/manifests-page')).default }) },
  { path: 'reconciliation', lazy: async () => ({ Component: (await import('../packages/reconciliation-page')).default }) },
  { path: 'transfers', lazy: async () => ({ Component: (await import('../packages/transfers-page')).default }) },
  { path: 'uncollected', lazy: async () => ({ Component: (await import('../packages/uncollected-page')).default }) },
];

/**
 * Courier admin pages outside the layout: 'sign-signature' and 'sign-signature/:invoiceNumber'
 * (relative to /admin). The signature area adds them here; `/courier/admin/sign-signature` goes in
 * `courierAdminAliasRoutes` below.
 */
const outsideLayout: RouteObject[] = [
  { path: 'sign-signature', lazy: async () => ({ Component: (await import('../billing/sign-signature-page')).default }) },
  { path: 'sign-signature/:invoiceNumber', lazy: async () => ({ Component: (await import('../billing/sign-signature-page')).default }) },
  { path: 'deliver/:id', lazy: async () => ({ Component: (await import('../packages/deliver-page')).default }) },
];

export const adminRoutes: RouteObject[] = [
  {
    path: '/admin',
    element: <RequireAuth allow={['courier_admin']} />,
    children: [
      { lazy: async () => ({ Component: (await import('./admin-layout')).AdminLayout }), children: screensInLayout(pages) },
      ...outsideLayout,
    ],
  },
];

/** `/courier/admin/sign-signature[/{invoiceNumber}]`, added by the signature area. */
export const courierAdminAliasRoutes: RouteObject[] = [
  {
    path: '/courier/admin',
    element: <RequireAuth allow={['courier_admin']} />,
    children: outsideLayout,
  },
];
