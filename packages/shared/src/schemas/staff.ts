import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants/limits';
import { EMAIL_PATTERN } from './auth';
import { ID_OUT_OF_RANGE, idSchema, MAX_ID, rowTimeZoneSchema } from './common';

export const STAFF_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  emailTaken: 'An account with this email already exists',
  passwordTooShort: 'Password must be at least 8 characters long',
  roleRequired: 'Choose a role',
  branchRequired: 'Choose a branch',
  notFound: 'Staff member not found',
  roleNotFound: 'Choose a role of this courier',
  branchNotFound: 'Choose a branch of this courier',
  cannotChangeSelf: 'You cannot deactivate your own account',
  created: 'Staff member created',
  updated: 'Staff member updated',
  deactivated: 'Staff member deactivated',
  activated: 'Staff member activated',
  passwordReset: 'Password reset',
} as const;

/** Staff-side account kinds a courier manages; only the super admin creates courier admins. */
/** `agent`: the courier's US agent, with no permission role or branch (its own imports and the manifests). */
export const MANAGED_STAFF_ROLES = ['courier_admin', 'branch_manager', 'staff', 'agent'] as const;
export type ManagedStaffRole = (typeof MANAGED_STAFF_ROLES)[number];

const name = (message: string) => z.string({ error: message }).trim().min(1, message).max(80);
const email = z
  .string({ error: STAFF_MESSAGES.emailRequired })
  .trim()
  .min(1, STAFF_MESSAGES.emailRequired)
  .max(254)
  .regex(EMAIL_PATTERN, STAFF_MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());
const password = z.string().min(MIN_PASSWORD_LENGTH, STAFF_MESSAGES.passwordTooShort).max(200, 'At most 200 characters');
const phone = z
  .string()
  .trim()
  .max(40)
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const staffFields = {
  firstName: name(STAFF_MESSAGES.firstNameRequired),
  lastName: name(STAFF_MESSAGES.lastNameRequired),
  email,
  phone,
  role: z.enum(MANAGED_STAFF_ROLES, { error: STAFF_MESSAGES.roleRequired }),
  /** The permission set; required for branch managers and staff, unused for courier admins. */
  roleId: z.number({ error: STAFF_MESSAGES.roleRequired }).int().positive().max(MAX_ID, ID_OUT_OF_RANGE).nullable().optional(),
  branchId: z.number({ error: STAFF_MESSAGES.branchRequired }).int().positive().max(MAX_ID, ID_OUT_OF_RANGE).nullable().optional(),
};

function needsRoleAndBranch(v: { role: ManagedStaffRole; roleId?: number | null; branchId?: number | null }, ctx: z.RefinementCtx) {
  if (v.role === 'courier_admin' || v.role === 'agent') return;
  if (!v.roleId) ctx.addIssue({ code: 'custom', path: ['roleId'], message: STAFF_MESSAGES.roleRequired });
  if (!v.branchId) ctx.addIssue({ code: 'custom', path: ['branchId'], message: STAFF_MESSAGES.branchRequired });
}

export const staffCreateSchema = z
  .strictObject({ ...staffFields, password, courierId: idSchema.optional() })
  .superRefine(needsRoleAndBranch);
export type StaffCreateInput = z.input<typeof staffCreateSchema>;

export const staffUpdateSchema = z.strictObject(staffFields).superRefine(needsRoleAndBranch);
export type StaffUpdateInput = z.input<typeof staffUpdateSchema>;

export const staffStatusSchema = z.strictObject({ active: z.boolean() });
export const staffPasswordResetSchema = z.strictObject({ password });

export const staffMemberSchema = z.object({
  id: z.number().int(),
  courierId: z.number().int().nullable(),
  courierName: z.string().nullable(),
  timeZone: rowTimeZoneSchema,
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  active: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
