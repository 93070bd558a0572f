import type { RouteObject } from 'react-router';
import { askEarly } from '@/lib/early-requests';
import { screensInLayout } from '../../route-error';
import { RequireAuth } from '../../route-guard';

/**
 * The customer portal, behind the customer route guard and inside its layout; each
 * area adds its pages to the inner list, one line each.
 */
export const customerRoutes: RouteObject[] = [
  {
    path: '/customer',
    element: <RequireAuth allow={['customer']} />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./customer-layout')).CustomerLayout }),
        children: screensInLayout([
          {
            index: true,
            lazy: async () => ({ Component: (await import('@/app/routes/organisation/dashboard-page')).DashboardPage }),
          },
          {
            path: 'dashboard',
            lazy: async () => {
              // The dashboard's data beside the page's chunks (lib/early-requests.ts; the page takes it over).
              askEarly('/dashboard');
              return { Component: (await import('@/app/routes/organisation/dashboard-page')).DashboardPage };
            },
          },
          { path: 'notifications', lazy: async () => ({ Component: (await import('../communications/notifications-page')).default }) },
          { path: 'profile', lazy: async () => ({ Component: (await import('./profile-page')).CustomerProfilePage }) },
          { path: 'invoices', lazy: async () => ({ Component: (await import('../billing/customer-invoices-page')).default }) },
          { path: 'invoices/:invoiceNo', lazy: async () => ({ Component: (await import('../billing/customer-invoice-page')).default }) },
          { path: 'payments', lazy: async () => ({ Component: (await import('../billing/payments-page')).default }) },
          { path: 'credit', lazy: async () => ({ Component: (await import('./credit-page')).default }) },
          { path: 'cards', lazy: async () => ({ Component: (await import('../billing/customer-cards-page')).default }) },
          { path: 'pay-ahead', lazy: async () => ({ Component: (await import('../billing/customer-pay-ahead-page')).default }) },
          { path: 'rate-sheet', lazy: async () => ({ Component: (await import('../billing/rate-sheet-page')).default }) },
          {
            path: 'support-tickets',
            lazy: async () => ({ Component: (await import('../tickets/customer-support-tickets-page')).default }),
          },
          { path: 'customs-calculator', lazy: async () => ({ Component: (await import('../billing/customs-calculator-page')).default }) },
          { path: 'packages', lazy: async () => ({ Component: (await import('../packages/customer-packages-page')).default }) },
          {
            path: 'consolidations',
            lazy: async () => ({ Component: (await import('../forwarding/customer-consolidations-page')).default }),
          },
          { path: 'shop-requests', lazy: async () => ({ Component: (await import('../forwarding/customer-shop-requests-page')).default }) },
          {
            path: 'shop-requests/:id',
            lazy: async () => ({ Component: (await import('../forwarding/customer-shop-request-page')).default }),
          },
          {
            path: 'delivery-requests',
            lazy: async () => ({ Component: (await import('../packages/customer-delivery-requests-page')).default }),
          },
        ]),
      },
    ],
  },
];
