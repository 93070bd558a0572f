import { z } from 'zod';
import { DEFAULT_COUNTRY, MIN_PASSWORD_LENGTH } from '../constants/limits';
import { PARISHES } from '../constants/parishes';
import { ROLES } from '../constants/roles';
import { ACCOUNT_TYPES, AUTH_MESSAGES, EMAIL_PATTERN, TITLES } from './auth-form';
import { ID_OUT_OF_RANGE, idSchema, MAX_ID } from './common';

// The messages, the form constants and the payload builder live in ./auth-form (no zod there, so
// the web app's sign-in pages can show them before loading zod); this module keeps every name.
export {
  ACCOUNT_TYPES,
  AUTH_MESSAGES,
  EMAIL_PATTERN,
  REGISTRATION_STEP_LABELS,
  TITLES,
  registrationPayload,
} from './auth-form';
export type { AccountType, RegistrationFormValues } from './auth-form';

/** Messages the server answers with (ours). */
export const AUTH_API_MESSAGES = {
  agentNoRole: 'A US agent has no role or branch: it sees its imports and manifests only',
  invalidCredentials: 'Invalid email or password',
  signInDelayed: 'Too many failed sign-in attempts on this account. Please wait a moment and try again.',
  accountInactive: 'This account is deactivated. Please contact your courier.',
  courierNotFound: 'Courier not found',
  courierSuspended: 'This courier account is suspended',
  wrongLogin: 'This account cannot sign in here. Please use the sign-in page for your role.',
  emailTaken: 'An account with this email already exists',
  /** Self-registration with an e-mail that has an account here: nothing said about the account, its owner is mailed. */
  registrationCheckEmail: 'We could not create an account with this e-mail. Check your inbox: we have sent it what to do next.',
  branchNotFound: 'Choose a branch of this courier',
  courierMismatch: 'The courier does not match the api key',
  loginSuccess: 'Login successful',
  registered: 'Registration successful',
  loggedOut: 'Logged out',
  resetRequested: 'If an account exists for this email, a password reset link has been sent.',
  resetDone: 'Your password has been reset. Please login with your new password.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please request a new password reset.',
  impersonationTargetInvalid: 'Only courier administrators can be impersonated',
  userNotFound: 'User not found',
  currentPasswordIncorrect: 'Current password is incorrect',
  newPasswordSame: 'New password must be different from current password',
  passwordChanged: 'Password updated successfully!',
  profileUpdated: 'Profile updated successfully!',
} as const;

const requiredText = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);

/** A required, well-formed e-mail, trimmed and lowercased. */
export const emailField = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  // An empty e-mail is "required", not also "invalid".
  .min(1, { error: AUTH_MESSAGES.emailRequired, abort: true })
  .max(254)
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());

const passwordRequired = z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(200);
export const newPasswordField = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, { error: AUTH_MESSAGES.passwordRequired, abort: true })
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(200);

// ---------- Sign-in and reset request ----------

/** Remember me: the session lasts REMEMBER_ME_TTL_DAYS instead of TOKEN_TTL_HOURS. */
const rememberField = z.boolean({ error: 'Remember me must be true or false' }).optional();

export const loginSchema = z.strictObject({ email: emailField, password: passwordRequired, remember: rememberField });
export type LoginInput = z.input<typeof loginSchema>;

export const customerLoginSchema = z.strictObject({
  email: emailField,
  password: passwordRequired,
  api_key: z.string().trim().min(1).max(200).optional(),
  remember: rememberField,
});
export type CustomerLoginInput = z.input<typeof customerLoginSchema>;

/** The reset request: the customer login page adds its api_key so the right courier's account is found. */
export const passwordResetRequestSchema = z.strictObject({
  email: emailField,
  api_key: z.string().trim().min(1).max(200).optional(),
});
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

export const resetPasswordFormSchema = z
  .object({
    newPassword: z.string().min(1, AUTH_MESSAGES.passwordRequired).min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.resetPasswordTooShort).max(200),
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsDoNotMatch });
  });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

export const resetPasswordSchema = z.strictObject({
  token: z.string().min(1, AUTH_MESSAGES.invalidOrExpiredToken).max(200),
  newPassword: z.string().min(1, AUTH_MESSAGES.passwordRequired).min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.resetPasswordTooShort).max(200),
});

export const impersonationExchangeSchema = z.strictObject({ token: z.string().min(1, AUTH_MESSAGES.impersonationInvalid).max(4000) });

// ---------- Registration ----------

const accountTypeField = z.enum(ACCOUNT_TYPES);
const titleField = z.union([z.enum(TITLES), z.literal(''), z.null()]).optional();
const parishField = z
  .string({ error: AUTH_MESSAGES.parishRequired })
  .refine((v) => (PARISHES as readonly string[]).includes(v), AUTH_MESSAGES.parishRequired);

function requireBusinessName(v: { accountType?: string; businessName?: string | null }, ctx: z.RefinementCtx) {
  if (v.accountType === 'business' && !v.businessName?.trim()) {
    ctx.addIssue({ code: 'custom', path: ['businessName'], message: AUTH_MESSAGES.businessNameRequired });
  }
}
function requireTitle(v: { accountType?: string; title?: string | null }, ctx: z.RefinementCtx) {
  if (v.accountType === 'individual' && !v.title) {
    ctx.addIssue({ code: 'custom', path: ['title'], message: AUTH_MESSAGES.titleRequired });
  }
}
function requireMatch(v: { password?: string; confirmPassword?: string }, ctx: z.RefinementCtx) {
  if (v.password !== v.confirmPassword)
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsDoNotMatch });
}

/** One schema per wizard step, each with the rules for that step. */
export const registrationStepSchemas = [
  z.object({ accountType: accountTypeField, businessName: z.string().max(200).optional() }).superRefine(requireBusinessName),
  z
    .object({
      accountType: accountTypeField,
      title: titleField,
      firstName: requiredText(AUTH_MESSAGES.firstNameRequired, 100),
      lastName: requiredText(AUTH_MESSAGES.lastNameRequired, 100),
      trn: requiredText(AUTH_MESSAGES.trnRequired, 50),
    })
    .superRefine(requireTitle),
  z
    .object({
      email: emailField,
      phone: requiredText(AUTH_MESSAGES.phoneRequired, 50),
      password: newPasswordField,
      confirmPassword: z.string(),
    })
    .superRefine(requireMatch),
  z.object({
    address: requiredText(AUTH_MESSAGES.addressRequired, 300),
    parish: parishField,
    city: requiredText(AUTH_MESSAGES.cityRequired, 100),
    branchId: z.string({ error: AUTH_MESSAGES.branchRequired }).min(1, AUTH_MESSAGES.branchRequired),
  }),
] as const;

/** Who the customer is: the registration wizard's first fields, asked of walk-ins too. */
const customerIdentityFields = {
  accountType: accountTypeField,
  businessName: z.string().trim().max(200).nullable().optional(),
  title: titleField,
  firstName: requiredText(AUTH_MESSAGES.firstNameRequired, 100),
  lastName: requiredText(AUTH_MESSAGES.lastNameRequired, 100),
  email: emailField,
  phone: requiredText(AUTH_MESSAGES.phoneRequired, 50),
};

/** Where the customer is and which branch serves them. */
const customerAddressFields = {
  trn: requiredText(AUTH_MESSAGES.trnRequired, 50),
  address: requiredText(AUTH_MESSAGES.addressRequired, 300),
  parish: parishField,
  city: requiredText(AUTH_MESSAGES.cityRequired, 100),
  country: z.string().trim().min(1).max(100).default(DEFAULT_COUNTRY),
  branchId: z.number({ error: AUTH_MESSAGES.branchRequired }).int().positive(AUTH_MESSAGES.branchRequired).max(MAX_ID, ID_OUT_OF_RANGE),
};

/** The registration payload, as POST /customers/register takes it; the server re-checks every rule. */
export const customerRegisterSchema = z
  .strictObject({
    ...customerIdentityFields,
    password: newPasswordField,
    ...customerAddressFields,
    courierId: idSchema.optional(),
    couponCode: z.string().trim().max(100).nullable().optional(),
    referralCode: z.string().trim().max(100).nullable().optional(),
    api_key: z.string().trim().min(1).max(200).optional(),
  })
  .superRefine(requireBusinessName)
  .superRefine(requireTitle);
export type CustomerRegisterInput = z.input<typeof customerRegisterSchema>;

/**
 * A walk-in customer staff register at the warehouse: the wizard's rules, without a
 * password; the customer chooses theirs from the welcome e-mail's link.
 */
export const walkInCustomerSchema = z
  .strictObject({ ...customerIdentityFields, ...customerAddressFields })
  .superRefine(requireBusinessName)
  .superRefine(requireTitle);
export type WalkInCustomerInput = z.input<typeof walkInCustomerSchema>;

/** Staff-side registrations (general: role admin; staff: branch manager or staff). */
export const staffRegisterSchema = z.strictObject({
  firstName: requiredText(AUTH_MESSAGES.firstNameRequired, 100),
  lastName: requiredText(AUTH_MESSAGES.lastNameRequired, 100),
  email: emailField,
  password: newPasswordField,
  username: z.string().trim().min(1).max(100).optional(),
  phone: z.string().trim().max(50).optional(),
  /** Required for the super admin; a courier admin may only name their own courier. */
  courierId: idSchema.optional(),
  branchId: idSchema.nullable().optional(),
  /** `agent`: the courier's US agent, who holds no permissions: its routes admit the role itself. */
  role: z.enum(['branch_manager', 'staff', 'agent']).optional(),
  roleId: idSchema.nullable().optional(),
});
export type StaffRegisterInput = z.input<typeof staffRegisterSchema>;

// ---------- Profiles and responses ----------

export const courierBriefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  logo_url: z.string().nullable(),
  /** The courier's accent colour (#rrggbb), null for the default. */
  accent_color: z.string().nullable().optional(),
});
export type CourierBrief = z.infer<typeof courierBriefSchema>;
export const branchBriefSchema = z.object({ id: z.number().int(), name: z.string() });
export type BranchBrief = z.infer<typeof branchBriefSchema>;

/** GET /auth/profile: a staff-side account. */
export const staffProfileSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.object({ name: z.enum(ROLES), permissions: z.array(z.string()) }),
  permissions: z.array(z.string()),
  courier: courierBriefSchema.nullable(),
  branch: branchBriefSchema.nullable(),
  /** True when this session came from a super admin's impersonation token. */
  impersonated: z.boolean(),
  /**
   * The IANA zone every date and time of this session is shown in: the courier's setting; for the
   * super admin (no courier) the platform default, America/Jamaica.
   */
  timeZone: z.string(),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

/** GET /customers/profile. */
export const customerProfileSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  businessName: z.string().nullable(),
  title: z.string().nullable(),
  mailboxNumber: z.string(),
  phone: z.string().nullable(),
  trn: z.string().nullable(),
  address: z.string().nullable(),
  parish: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
  avatarUrl: z.string().nullable(),
  branch: branchBriefSchema.nullable(),
  courier: courierBriefSchema,
  /**
   * The IANA zone every date and time of this session is shown in: the courier's setting; for the
   * super admin (no courier) the platform default, America/Jamaica.
   */
  timeZone: z.string(),
  role: z.literal('customer'),
  createdAt: z.string(),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

export const staffLoginResponseSchema = z.object({ token: z.string(), user: staffProfileSchema, message: z.string() });
export type StaffLoginResponse = z.infer<typeof staffLoginResponseSchema>;
export const customerLoginResponseSchema = z.object({ token: z.string(), customer: customerProfileSchema, message: z.string() });
export type CustomerLoginResponse = z.infer<typeof customerLoginResponseSchema>;
export const messageResponseSchema = z.object({ message: z.string() });

/**
 * Open in its own tab: a signed-in frame whose browser refuses it storage asks for a one-minute,
 * single-use code, and the new tab exchanges it (from the URL's fragment) for a session of its own.
 */
export const handoffIssueResponseSchema = z.object({ code: z.string(), expiresAt: z.string() });
export const handoffRedeemSchema = z.strictObject({ code: z.string().min(1, AUTH_MESSAGES.handoffInvalid).max(4000) });
export const handoffRedeemResponseSchema = z.object({ token: z.string() });

/**
 * Whether the signed-in customer's courier lets these origins frame its portal; `api_key`, the
 * tenant the framed page was opened for, must be that same courier.
 */
export const framePermissionQuerySchema = z.strictObject({ origins: z.string().max(2000), api_key: z.string().max(200).optional() });
export const framePermissionResponseSchema = z.object({ allowed: z.boolean() });

export const impersonationIssueResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  /** The admin login that exchanges the token. */
  url: z.string(),
});

/** GET /couriers/validate/{api_key}. */
export const courierValidationResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.number().int(), name: z.string(), logo_url: z.string().nullable() }),
});
export type CourierValidation = z.infer<typeof courierValidationResponseSchema>['data'];

/** GET /branches/public/{courierId}. */
export const publicBranchesResponseSchema = z.object({ success: z.literal(true), data: z.array(branchBriefSchema) });

// ---------- Customer profile page ----------

export const customerProfileUpdateSchema = z.strictObject({
  firstName: requiredText(AUTH_MESSAGES.firstNameRequired, 100),
  lastName: requiredText(AUTH_MESSAGES.lastNameRequired, 100),
  phone: requiredText(AUTH_MESSAGES.phoneRequired, 50),
  trn: requiredText(AUTH_MESSAGES.trnRequired, 50),
  businessName: z.string().trim().max(200).nullable().optional(),
  address: requiredText(AUTH_MESSAGES.addressRequired, 300),
  parish: parishField,
  city: requiredText(AUTH_MESSAGES.cityRequired, 100),
  branchId: z.number({ error: AUTH_MESSAGES.branchRequired }).int().positive(AUTH_MESSAGES.branchRequired).max(MAX_ID, ID_OUT_OF_RANGE),
});
export type CustomerProfileUpdate = z.input<typeof customerProfileUpdateSchema>;

/** Change password (the wording admin change-password rules). */
export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: 'Please enter your current password',
  newRequired: 'Please enter a new password',
  newTooShort: 'New password must be at least 8 characters long',
  mismatch: 'New passwords do not match',
  same: 'New password must be different from current password',
  failed: 'Failed to update password',
} as const;

export const changePasswordSchema = z
  .strictObject({
    currentPassword: z.string().min(1, CHANGE_PASSWORD_MESSAGES.currentRequired).max(200),
    newPassword: z
      .string()
      .min(1, CHANGE_PASSWORD_MESSAGES.newRequired)
      .min(MIN_PASSWORD_LENGTH, CHANGE_PASSWORD_MESSAGES.newTooShort)
      .max(200),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword && v.newPassword === v.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: CHANGE_PASSWORD_MESSAGES.same });
    }
  });

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, CHANGE_PASSWORD_MESSAGES.currentRequired),
    newPassword: z.string().min(1, CHANGE_PASSWORD_MESSAGES.newRequired).min(MIN_PASSWORD_LENGTH, CHANGE_PASSWORD_MESSAGES.newTooShort),
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: CHANGE_PASSWORD_MESSAGES.mismatch });
    if (v.newPassword && v.newPassword === v.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: CHANGE_PASSWORD_MESSAGES.same });
    }
  });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;
