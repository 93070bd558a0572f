import type { RouteObject } from 'react-router';
import { screensInLayout } from '../../route-error';
import { RequireAuth } from '../../route-guard';
import { orgPages } from '../organisation-pages';

/**
 * The staff portal of branch managers and staff. Pages inside the layout go in
 * `pages`, one line each; the other areas (scan, packages, delivery requests, unknown packages,
 * maniefest, reconciliation, invoices, payments, reports, uncollected, support tickets, settings)
 * add theirs. The API enforces each page's permission; the sidebar only hides.
 */
const pages: RouteObject[] = [
  // Without dashboard_view the home is the first permitted screen.
  { index: true, lazy: async () => ({ Component: (await import('./staff-home')).default }) },
  { path: 'dashboard', lazy: async () => ({ Component: (await import('./staff-home')).default }) },
  { path: 'staff', ...orgPages.staff },
  { path: 'staff/:id', ...orgPages.staffMember },
  { path: 'customers', ...orgPages.customers },
  { path: 'customers/import', ...orgPages.customerImport },
  { path: 'customers/:id', ...orgPages.customer },
  { path: 'business-customers', ...orgPages.businessCustomers },
  { path: 'business-customers/:id', ...orgPages.businessCustomer },
  { path: 'support-tickets', lazy: async () => ({ Component: (await import('../tickets/staff-support-tickets-page')).default }) },
  { path: 'support-tickets/:id', lazy: async () => ({ Component: (await import('../tickets/support-ticket-page')).default }) },
  { path: 'invoices', lazy: async () => ({ Component: (await import('../billing/invoices-page')).default }) },
  { path: 'payments', lazy: async () => ({ Component: (await import('../billing/payments-page')).default }) },
  { path: 'reports', lazy: async () => ({ Component: (await import('../billing/reports-page')).default }) },
  { path: 'settings', lazy: async () => ({ Component: (await import('./settings-page')).default }) },
  { path: 'scan', lazy: async () => ({ Component: (await import('../packages/scan-page')).default }) },
  { path: 'packages', lazy: async () => ({ Component: (await import('../packages/packages-page')).default }) },
  { path: 'unknown-packages', lazy: async () => ({ Component: (await import('../packages/unknown-packages-page')).default }) },
  { path: 'consolidations', lazy: async () => ({ Component: (await import('../forwarding/consolidations-page')).default }) },
  { path: 'shop-requests', lazy: async () => ({ Component: (await import('../forwarding/shop-requests-page')).default }) },
  { path: 'insurance-claims', lazy: async () => ({ Component: (await import('../packages/insurance-claims-page')).default }) },
  { path: 'return-requests', lazy: async () => ({ Component: (await import('../packages/return-requests-page')).default }) },
  { path: 'carrier-tracking', lazy: async () => ({ Component: (await import('../packages/carrier-tracking-page')).default }) },
  { path: 'delivery-requests', lazy: async () => ({ Component: (await import('../packages/delivery-requests-page')).default }) },
  { path: 'package-import', lazy: async () => ({ Component: (await import('../packages/package-import-page')).default }) },
  { path: 'maniefest', lazy: async () => ({ Component: (await import('../packages/manifests-page')).default }) },
  { path: 'reconciliation', lazy: async () => ({ Component: (await import('../packages/reconciliation-page')).default }) },
  { path: 'transfers', lazy: async () => ({ Component: (await import('../packages/transfers-page')).default }) },
  { path: 'uncollected', lazy: async () => ({ Component: (await import('../packages/uncollected-page')).default }) },
];

/** Staff pages outside the layout (relative to /staff): 'sign-signature' (the counter) and 'deliver/:id' (the driver's phone). */
const outsideLayout: RouteObject[] = [
  { path: 'sign-signature', lazy: async () => ({ Component: (await import('../billing/sign-signature-page')).default }) },
  { path: 'deliver/:id', lazy: async () => ({ Component: (await import('../packages/deliver-page')).default }) },
];

export const staffRoutes: RouteObject[] = [
  {
    path: '/staff',
    element: <RequireAuth allow={['branch_manager', 'staff', 'agent']} />,
    children: [
      { lazy: async () => ({ Component: (await import('./staff-layout')).StaffLayout }), children: screensInLayout(pages) },
      ...outsideLayout,
    ],
  },
];
