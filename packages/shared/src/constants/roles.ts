/** The roles `admin` exists only for the general registration call and the navbar. */
export const ROLES = ['super_admin', 'courier_admin', 'branch_manager', 'staff', 'customer', 'admin', 'agent'] as const;
export type Role = (typeof ROLES)[number];

/** Roles held by staff-side accounts (the `users` table); customers live in their own table. */
/** `agent`: the courier's US warehouse agent: its imports, their error reports and the manifests, nothing else. */
export const STAFF_SIDE_ROLES = ['super_admin', 'courier_admin', 'branch_manager', 'staff', 'admin', 'agent'] as const;
export type StaffSideRole = (typeof STAFF_SIDE_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  super_admin: 'Super Administrator',
  courier_admin: 'Courier Administrator',
  branch_manager: 'Branch Manager',
  staff: 'Staff',
  customer: 'Customer',
  admin: 'Administrator',
  agent: 'US Agent',
};

/** Value of the token's `type` claim. */
/** `handoff`: a one-minute, single-use code that opens a signed-in session in a tab of its own. */
export const TOKEN_TYPES = ['access', 'impersonation', 'handoff', 'two_factor'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];
