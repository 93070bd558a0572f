/**
 * Permission names follow `module_action`. The staff sidebar permissions come from
 * the staff sidebar; each module also has create, edit and delete (DOMAIN.md, roles and permissions).
 */
export const PERMISSION_MODULES = {
  dashboard: ['view'],
  packages: ['view', 'create', 'edit', 'delete', 'scan', 'unknown', 'uncollected', 'sign'],
  customers: ['view', 'create', 'edit', 'delete', 'business'],
  staff: ['view', 'create', 'edit', 'delete'],
  branches: ['view', 'create', 'edit', 'delete'],
  roles: ['view', 'create', 'edit', 'delete'],
  reports: ['view'],
  delivery_requests: ['view', 'create', 'edit', 'delete'],
  manifests: ['view', 'create', 'edit', 'delete'],
  invoices: ['view', 'create', 'edit', 'delete'],
  payments: ['view', 'create', 'edit', 'delete'],
  tickets: ['view', 'create', 'edit', 'delete'],
  settings: ['view', 'edit'],
  emails: ['view', 'create'],
  time_tracking: ['view', 'edit'],
  /** Let a package leave although its invoice is not paid, with a reason (the release rule). */
  release: ['override'],
  /** Add goodwill account credit to a customer, with a reason. */
  credit: ['grant'],
  /** A flight's costs and the margin reports (money the courier pays, apart from what it bills). */
  costs: ['view', 'edit'],
} as const;

type Modules = typeof PERMISSION_MODULES;
export type PermissionModule = keyof Modules;
export type Permission = {
  [M in PermissionModule]: `${M}_${Modules[M][number]}`;
}[PermissionModule];

export const ALL_PERMISSIONS: readonly Permission[] = Object.entries(PERMISSION_MODULES).flatMap(([module, actions]) =>
  actions.map((action) => `${module}_${action}` as Permission),
);

/** Labels for permissions whose `module action` name does not say enough on its own. */
export const PERMISSION_LABELS: Partial<Record<Permission, string>> = {
  release_override: 'Release unpaid packages (with a reason)',
  credit_grant: 'Add goodwill account credit (with a reason)',
  costs_view: 'See flight costs and margin',
  costs_edit: 'Record flight costs',
};

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

/** Staff sidebar: each item needs its permission. The order is fixed. */
export const STAFF_SIDEBAR = [
  { permission: 'dashboard_view', label: 'Dashboard', path: 'dashboard' },
  { permission: 'packages_scan', label: 'Scan', path: 'scan' },
  { permission: 'packages_view', label: 'Packages', path: 'packages' },
  { permission: 'customers_view', label: 'Customers', path: 'customers' },
  { permission: 'customers_business', label: 'Business Customers', path: 'business-customers' },
  { permission: 'staff_view', label: 'Staff', path: 'staff' },
  { permission: 'reports_view', label: 'Reports', path: 'reports' },
  { permission: 'delivery_requests_view', label: 'Packages Delivery Request', path: 'delivery-requests' },
  { permission: 'packages_unknown', label: 'Unknown Packages', path: 'unknown-packages' },
  { permission: 'manifests_view', label: 'Maniefest', path: 'maniefest' },
  // Not in the fixed list: reconciliation (where arrived packages are made ready) from the sidebar.
  { permission: 'manifests_view', label: 'Reconciliation', path: 'reconciliation' },
  { permission: 'invoices_view', label: 'Invoices', path: 'invoices' },
  { permission: 'payments_view', label: 'Payments', path: 'payments' },
  { permission: 'packages_uncollected', label: 'Uncollected', path: 'uncollected' },
  { permission: 'tickets_view', label: 'Support Tickets', path: 'support-tickets' },
  { permission: 'packages_sign', label: 'Signature', path: 'sign-signature' },
  { permission: 'settings_view', label: 'Settings', path: 'settings' },
] as const satisfies ReadonlyArray<{ permission: Permission; label: string; path: string }>;

/** Permissions of the seeded default roles of each courier. */
export const DEFAULT_BRANCH_MANAGER_PERMISSIONS: readonly Permission[] = ALL_PERMISSIONS.filter(
  (p) => !p.startsWith('roles_') && !p.startsWith('branches_') && p !== 'settings_edit',
);
export const DEFAULT_STAFF_PERMISSIONS: readonly Permission[] = [
  'dashboard_view',
  'packages_view',
  'packages_scan',
  'packages_create',
  'packages_edit',
  'packages_unknown',
  'packages_uncollected',
  'packages_sign',
  'customers_view',
  'delivery_requests_view',
  'manifests_view',
  'invoices_view',
  'payments_view',
  'payments_create',
  'tickets_view',
  'tickets_edit',
  'settings_view',
  'time_tracking_view',
];
