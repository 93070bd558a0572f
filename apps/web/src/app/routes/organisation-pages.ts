import type { RouteObject } from 'react-router';

/**
 * The organisation's pages (dashboard, branches, staff, roles, customers), shared by the super
 * admin, courier admin and staff portals; each portal picks the ones its route map lists.
 */
const org = () => import('@/app/routes/organisation/dashboard-page');
export const orgPages = {
  dashboard: { lazy: async () => ({ Component: (await org()).DashboardPage }) },
  branches: { lazy: async () => ({ Component: (await import('@/app/routes/organisation/branches-page')).BranchesPage }) },
  branch: { lazy: async () => ({ Component: (await import('@/app/routes/organisation/branch-detail-page')).BranchDetailPage }) },
  staff: { lazy: async () => ({ Component: (await import('@/app/routes/organisation/staff-page')).StaffPage }) },
  staffMember: {
    lazy: async () => ({ Component: (await import('@/app/routes/organisation/staff-detail-page')).StaffDetailPage }),
  },
  roles: { lazy: async () => ({ Component: (await import('@/app/routes/organisation/roles-page')).RolesPage }) },
  role: { lazy: async () => ({ Component: (await import('@/app/routes/organisation/role-detail-page')).RoleDetailPage }) },
  customers: { lazy: async () => ({ Component: (await import('@/app/routes/organisation/customers-page')).CustomersRoute }) },
  customerImport: {
    lazy: async () => ({ Component: (await import('@/app/routes/organisation/customer-import-page')).CustomerImportPage }),
  },
  customer: {
    lazy: async () => ({ Component: (await import('@/app/routes/organisation/customer-detail-page')).CustomerDetailRoute }),
  },
  businessCustomers: {
    lazy: async () => ({ Component: (await import('@/app/routes/organisation/customers-page')).BusinessCustomersRoute }),
  },
  businessCustomer: {
    lazy: async () => ({
      Component: (await import('@/app/routes/organisation/customer-detail-page')).BusinessCustomerDetailRoute,
    }),
  },
} satisfies Record<string, RouteObject>;
