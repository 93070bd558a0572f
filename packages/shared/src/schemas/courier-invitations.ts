import { z } from 'zod';
import { EMAIL_PATTERN } from './auth-form';
import { PLATFORM_MESSAGES, courierCodeField } from './platform';

/** Courier invitations: the super admin invites, the invitee sets the courier up. */
export const INVITATION_MESSAGES = {
  invitationSent: 'Invitation sent',
  invitationRevoked: 'Invitation revoked',
  invitationGone: 'This invitation has expired or was already used',
  invitationNotFound: 'Invitation not found',
  alreadyClosed: 'This invitation is no longer pending',
  courierSetUp: 'Your courier is ready',
} as const;

/** A link is valid this many days. */
export const INVITATION_TTL_DAYS = 7;

export const INVITATION_STATUSES = ['pending', 'used', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  pending: 'Pending',
  used: 'Used',
  expired: 'Expired',
  revoked: 'Revoked',
};

const email = z
  .string({ error: PLATFORM_MESSAGES.emailInvalid })
  .trim()
  .max(254)
  .regex(EMAIL_PATTERN, PLATFORM_MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());

/** POST /platform/courier-invitations */
export const courierInvitationInputSchema = z.strictObject({ email });
export type CourierInvitationInput = z.input<typeof courierInvitationInputSchema>;

/** One row of GET /platform/courier-invitations. */
export const courierInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
  createdAt: z.string(),
  usedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  courier: z.object({ id: z.number().int(), name: z.string(), code: z.string() }).nullable(),
});
export type CourierInvitation = z.infer<typeof courierInvitationSchema>;

/** GET /courier-invitations/{token} (public): what the accept page shows. */
export const courierInvitationViewSchema = z.object({ email: z.string(), expiresAt: z.string() });
export type CourierInvitationView = z.infer<typeof courierInvitationViewSchema>;

export const invitationTokenParamSchema = z.object({ token: z.string().min(1).max(200) });

/** POST /courier-invitations/{token}/accept (public): the courier and its first courier admin. */
export const courierInvitationAcceptSchema = z.strictObject({
  courierName: z.string().trim().min(1, PLATFORM_MESSAGES.courierNameRequired).max(120),
  courierCode: courierCodeField,
  firstName: z.string().trim().min(1, PLATFORM_MESSAGES.adminFirstNameRequired).max(80),
  lastName: z.string().trim().min(1, PLATFORM_MESSAGES.adminLastNameRequired).max(80),
  password: z.string().min(8, PLATFORM_MESSAGES.passwordTooShort).max(200),
});
export type CourierInvitationAcceptInput = z.input<typeof courierInvitationAcceptSchema>;

/** The accept form: the same fields and the password typed twice. */
export const courierInvitationAcceptFormSchema = courierInvitationAcceptSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type CourierInvitationAcceptFormInput = z.input<typeof courierInvitationAcceptFormSchema>;

// ---------------------------------------------------------------------------------------------
// The set-up checklist of a new courier (GET /settings/setup-checklist)

export const SETUP_ITEMS = ['logo', 'addresses', 'branches', 'rates', 'fees', 'fee_book', 'smtp', 'bank'] as const;
export type SetupItem = (typeof SETUP_ITEMS)[number];

export const setupChecklistSchema = z.object({
  items: z.array(z.object({ key: z.enum(SETUP_ITEMS), done: z.boolean() })),
  /** Every item is done: the dashboard hides the card. */
  complete: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
