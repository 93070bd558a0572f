import type { RouteObject } from 'react-router';

/**
 * The organisation's pages (dashboard, branches, staff, roles, customers), shared by the super
 * admin, courier admin and staff portals; each portal picks the ones its route map lists.
 */
const org = () => import('@/features/dashboard/components/dashboard-page');
export const orgPages = {
  dashboard: { lazy: async () => ({ Component: (await org()).DashboardPage }) },
  branches: { lazy: async () => ({ Component: (await import('@/features/branches/components/branches-page')).BranchesPage }) },
  branch: { lazy: async () => ({ Component: (await import('@/features/branches/components/branch-detail-page')).BranchDetailPage }) },
  staff: { lazy: async () => ({ Component: (await import('@/features/staff/components/staff-page')).StaffPage }) },
  staffMember: {
    lazy: async () => ({ Component: (await import('@/features/staff/components/staff-detail-page')).StaffDetailPage }),
  },
  roles: { lazy: async () => ({ Component: (await import('@/features/roles/components/roles-page')).RolesPage }) },
  role: { lazy: async () => ({ Component: (await import('@/features/roles/components/role-detail-page')).RoleDetailPage }) },
  customers: { lazy: async () => ({ Component: (await import('@/features/customers/components/customers-page')).CustomersRoute }) },
  customer: {
    lazy: async () => ({ Component: (await import('@/features/customers/components/customer-detail-page')).CustomerDetailRoute }),
  },
  businessCustomers: {
    lazy: async () => ({ Component: (await import('@/features/customers/components/customers-page')).BusinessCustomersRoute }),
  },
  businessCustomer: {
    lazy: async () => ({
      Component: (await import('@/features/customers/components/customer-detail-page')).BusinessCustomerDetailRoute,
    }),
  },
} satisfies Record<string, RouteObject>;
