import { z } from 'zod';
import { isValidTimeZone } from '../domain/datetime';
import { LOGO_MAX_BYTES, MIN_PASSWORD_LENGTH, RATE_SHEET_MAX_BYTES } from '../constants/limits';

/**
 * The courier admin Settings tabs and the staff profile.
 * Messages are the spec's words; where the spec is silent the wording is ours and says so.
 */
/** The longest GCT registration number accepted (TAJ numbers are 9 digits; room for dashes and a prefix). */
export const GCT_REG_NO_MAX = 40;

/** The paper the courier's documents are laid out on; Letter unless the courier chooses A4. */
export const PAPER_SIZES = ['letter', 'a4'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];
export const PAPER_SIZE_LABELS: Record<PaperSize, string> = { letter: 'Letter', a4: 'A4' };

export const SETTINGS_MESSAGES = {
  courierIdMissing: 'Courier ID not found. Please reload the page or contact support.',
  timeZoneInvalid: 'Choose a time zone from the list (e.g. America/Jamaica)',
  // Ours (branded documents).
  gctRegistrationNumberTooLong: `The GCT registration number must be at most ${GCT_REG_NO_MAX} characters`,
  paperSizeInvalid: 'Choose A4 or Letter',
  // Toasts: failure / success.
  shippingAddressesFailed: 'Failed to update shipping addresses',
  shippingAddressesSaved: 'Shipping addresses updated!',
  logoFailed: 'Failed to upload logo. Please try again.',
  logoSaved: 'Logo updated successfully!',
  companyFailed: 'Failed to update company settings',
  companySaved: 'Company settings updated successfully!',
  additionalFeesFailed: 'Failed to update additional fees',
  additionalFeesSaved: 'Additional fees updated successfully!',
  bankDetailsFailed: 'Failed to update bank details',
  bankDetailsSaved: 'Bank details updated!',
  emailConfigFailed: 'Failed to save email configuration',
  emailConfigSaved: 'Email configuration saved successfully',
  testEmailFailed: 'Failed to send test email',
  testEmailSent: 'Test email sent successfully',
  rateSheetFailed: 'Failed to upload rate sheet. Please try again.',
  rateSheetSaved: 'Rate sheet updated successfully!',
  profileFailed: 'Failed to update profile',
  profileSaved: 'Profile updated successfully!',
  passwordFailed: 'Failed to update password',
  passwordSaved: 'Password updated successfully!',
  currentPasswordIncorrect: 'Current password is incorrect',
  // Validation.
  currentPasswordRequired: 'Please enter your current password',
  newPasswordRequired: 'Please enter a new password',
  newPasswordTooShort: `New password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  passwordsDoNotMatch: 'New passwords do not match',
  passwordMustDiffer: 'New password must be different from current password',
  logoNotImage: 'Please select an image file',
  logoTooLarge: 'File size must be less than 5MB',
  rateSheetWrongType: 'Please select a PDF, Excel, or Word file',
  rateSheetTooLarge: 'File size must be less than 10MB',
  fileRequired: 'Please select a file',
  testEmailRequired: 'Please enter an email address',
  testEmailInvalid: 'Please enter a valid email address',
  deleteShippingRate: 'Are you sure you want to delete this shipping rate?',
  deleteProcessingFee: 'Are you sure you want to delete this processing fee?',
  // Ours: the spec names the rule, not the words.
  weightRequired: 'Weight is required',
  costRequired: 'Cost is required',
  weightRangeNeedsTo: "Weight range must use 'to' between weights, e.g. '1lb to 10lbs'",
  weightRangeOrder: 'The first weight must not be greater than the second',
  feeRequired: 'Fee is required',
  gctRange: 'GCT must be a percentage from 0 to 100',
  gctStep: 'GCT takes at most one decimal place',
  feeMin: 'Fees must be 0 or more',
  moneyStep: 'Use at most two decimal places',
  smtpHostRequired: 'SMTP host is required',
  smtpPortRequired: 'SMTP port is required',
  smtpPortRange: 'SMTP port must be between 1 and 65535',
  smtpConnectFailed: 'Could not connect to the SMTP server',
  smtpUserRequired: 'SMTP user is required',
  smtpPasswordRequired: 'SMTP password is required',
  fromEmailRequired: 'From email is required',
  fromEmailInvalid: 'From email must be a valid email address',
  fromNameRequired: 'From name is required',
  emailConfigMissing: 'Save the email configuration before sending a test email',
  nameRequired: 'Courier name is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailInUse: 'This email is already in use',
} as const;

/** Accepted uploads, checked again on the server by the file's content. */
export const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const LOGO_ACCEPT = '.jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif';
export const RATE_SHEET_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export const RATE_SHEET_EXTENSIONS = ['pdf', 'xlsx', 'xls', 'doc', 'docx'] as const;
export const RATE_SHEET_ACCEPT = '.pdf,.xlsx,.xls,.doc,.docx';
export { LOGO_MAX_BYTES, RATE_SHEET_MAX_BYTES };

/** The browser's first check of a chosen logo; the server checks the bytes again. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/') || !(LOGO_TYPES as readonly string[]).includes(file.type)) return SETTINGS_MESSAGES.logoNotImage;
  if (file.size > LOGO_MAX_BYTES) return SETTINGS_MESSAGES.logoTooLarge;
  return null;
}

export function rateSheetFileProblem(file: { name: string; type: string; size: number } | null | undefined): string | null {
  if (!file) return SETTINGS_MESSAGES.fileRequired;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = (RATE_SHEET_TYPES as readonly string[]).includes(file.type);
  const extOk = (RATE_SHEET_EXTENSIONS as readonly string[]).includes(ext);
  // Browsers leave `type` empty for some Office files; the extension then decides here.
  if (!(typeOk || (file.type === '' && extOk)) || !extOk) return SETTINGS_MESSAGES.rateSheetWrongType;
  if (file.size > RATE_SHEET_MAX_BYTES) return SETTINGS_MESSAGES.rateSheetTooLarge;
  return null;
}

/** Has at most `places` decimals, tolerant of binary floating point (0.1 + 0.2). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** JMD amount as a number (the spec's `cost`/`fee`) <-> integer cents (the database). */
export const toCents = (jmd: number): number => Math.round(jmd * 100);
export const fromCents = (cents: number): number => cents / 100;

const money = (required: string) =>
  z
    .number({ error: required })
    .min(0, SETTINGS_MESSAGES.feeMin)
    .max(100_000_000, 'Amount is too large')
    .refine((n) => hasAtMostDecimals(n, 2), SETTINGS_MESSAGES.moneyStep);

const trimmed = (max: number, required?: string) => {
  const base = z.string().trim().max(max, `At most ${max} characters`);
  return required ? base.min(1, required) : base;
};

const email = (required: string, invalid: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(254, invalid)
    .pipe(z.email({ error: invalid }))
    .transform((e) => e.toLowerCase());

// ---------------------------------------------------------------------------------------------
// Courier (Company Settings, Bank Transfer Details)

export const courierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  logo_url: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  shipping_address_air: z.string().nullable(),
  shipping_address_sea: z.string().nullable(),
  bank_details: z.string().nullable(),
  rate_sheet_url: z.string().nullable(),
  /** IANA time zone every date and time of the courier is shown in. */
  time_zone: z.string(),
  /** Printed on the letterhead as "GCT Reg. No."; null when not registered. */
  gct_registration_number: z.string().nullable(),
  paper_size: z.enum(PAPER_SIZES),
});
export type Courier = z.infer<typeof courierSchema>;
/**
 * The courier as people without the settings right read it (customers, staff): what their pages
 * show of it, never its bank details, US addresses or contact person.
 */
export const courierBriefSchema = courierSchema.pick({
  id: true,
  name: true,
  code: true,
  logo_url: true,
  rate_sheet_url: true,
  time_zone: true,
  gct_registration_number: true,
  paper_size: true,
});
export type CourierBrief = z.infer<typeof courierBriefSchema>;

/** PUT /couriers/{id}: the spec sends `name`; the form also edits the contact person. */
export const updateCourierSchema = z.strictObject({
  name: trimmed(120, SETTINGS_MESSAGES.nameRequired),
  first_name: trimmed(80, SETTINGS_MESSAGES.firstNameRequired),
  last_name: trimmed(80, SETTINGS_MESSAGES.lastNameRequired),
  email: email(SETTINGS_MESSAGES.emailRequired, SETTINGS_MESSAGES.emailInvalid),
  /** Left out, the courier keeps its time zone. */
  time_zone: z.string().trim().refine(isValidTimeZone, SETTINGS_MESSAGES.timeZoneInvalid).optional(),
  /** Left out, unchanged; empty, cleared. */
  gct_registration_number: z.string().trim().max(GCT_REG_NO_MAX, SETTINGS_MESSAGES.gctRegistrationNumberTooLong).optional(),
  /** Left out, unchanged. */
  paper_size: z.enum(PAPER_SIZES, { error: SETTINGS_MESSAGES.paperSizeInvalid }).optional(),
});
export type UpdateCourierInput = z.input<typeof updateCourierSchema>;
export type UpdateCourierOutput = z.output<typeof updateCourierSchema>;

export const shippingAddressesSchema = z.strictObject({
  shipping_address_air: trimmed(1000),
  shipping_address_sea: trimmed(1000),
});
export type ShippingAddressesInput = z.input<typeof shippingAddressesSchema>;

export const bankDetailsSchema = z.strictObject({ bank_details: trimmed(4000) });
export type BankDetailsInput = z.input<typeof bankDetailsSchema>;

export const logoResponseSchema = z.object({ success: z.literal(true), logo_url: z.string() });
export const bankDetailsResponseSchema = z.object({ success: z.literal(true), courier: z.object({ bank_details: z.string().nullable() }) });
/** GET /settings/bank-details: `details` as the spec names it, and its lines for display. */
export const bankDetailsReadSchema = z.object({ details: z.string().nullable(), lines: z.array(z.string()) });

// ---------------------------------------------------------------------------------------------
// Shipping rates (cost is JMD as a number in the API, cents in the database)

export const RATE_STATUSES = ['active', 'inactive'] as const;
export type RateStatus = (typeof RATE_STATUSES)[number];

export const shippingRateSchema = z.object({
  id: z.number().int(),
  weight: z.string(),
  cost: z.number(),
  status: z.enum(RATE_STATUSES),
  createdAt: z.string(),
});
export type ShippingRate = z.infer<typeof shippingRateSchema>;

export const shippingRateInputSchema = z.strictObject({
  weight: trimmed(40, SETTINGS_MESSAGES.weightRequired),
  cost: money(SETTINGS_MESSAGES.costRequired),
  status: z.enum(RATE_STATUSES).default('active'),
});
export type ShippingRateInput = z.input<typeof shippingRateInputSchema>;

// ---------------------------------------------------------------------------------------------
// Additional fees ('Manage Shipping Fees')

export const additionalFeesInputSchema = z.strictObject({
  gct: z
    .number({ error: SETTINGS_MESSAGES.gctRange })
    .min(0, SETTINGS_MESSAGES.gctRange)
    .max(100, SETTINGS_MESSAGES.gctRange)
    .refine((n) => hasAtMostDecimals(n, 1), SETTINGS_MESSAGES.gctStep),
  unknownFee: money(SETTINGS_MESSAGES.feeMin),
  uncollectedFee: money(SETTINGS_MESSAGES.feeMin),
  switchingFee: money(SETTINGS_MESSAGES.feeMin),
});
export type AdditionalFeesInput = z.input<typeof additionalFeesInputSchema>;

export const ADDITIONAL_FEE_NAMES = {
  gct: 'GCT',
  unknownFee: 'Unknown Fee',
  uncollectedFee: 'Uncollected Fee',
  switchingFee: 'Switching Fee',
} as const;

/** Fees in JMD (GCT in percent); `configured` is false until the courier first saves them. */
export const additionalFeesSchema = z.object({
  gct: z.number(),
  unknownFee: z.number(),
  uncollectedFee: z.number(),
  switchingFee: z.number(),
  configured: z.boolean(),
  fees: z.array(z.object({ name: z.string(), value: z.number() })),
});
export type AdditionalFees = z.infer<typeof additionalFeesSchema>;

// ---------------------------------------------------------------------------------------------
// Processing fees

const WEIGHT = String.raw`(\d+(?:\.\d+)?|\.\d+)\s*(?:lbs?|pounds?)?\.?`;
const WEIGHT_RANGE = new RegExp(String.raw`^\s*${WEIGHT}\s+to\s+${WEIGHT}\s*$`, 'i');

/** '1lb to 10lbs' -> { min: 1, max: 10 }; null when it does not read as two weights joined by 'to'. */
export function parseWeightRange(text: string): { min: number; max: number } | null {
  const match = WEIGHT_RANGE.exec(text);
  if (!match?.[1] || !match[2]) return null;
  return { min: Number(match[1]), max: Number(match[2]) };
}

export const processingFeeSchema = z.object({
  id: z.number().int(),
  weightRange: z.string(),
  minWeight: z.number(),
  maxWeight: z.number(),
  fee: z.number(),
  createdAt: z.string(),
});
export type ProcessingFee = z.infer<typeof processingFeeSchema>;

export const processingFeeInputSchema = z.strictObject({
  weightRange: z
    .string({ error: SETTINGS_MESSAGES.weightRangeNeedsTo })
    .trim()
    .max(60, SETTINGS_MESSAGES.weightRangeNeedsTo)
    .refine((s) => parseWeightRange(s) !== null, SETTINGS_MESSAGES.weightRangeNeedsTo)
    .refine((s) => {
      const r = parseWeightRange(s);
      return r === null || r.min <= r.max;
    }, SETTINGS_MESSAGES.weightRangeOrder),
  fee: money(SETTINGS_MESSAGES.feeRequired),
});
export type ProcessingFeeInput = z.input<typeof processingFeeInputSchema>;

// ---------------------------------------------------------------------------------------------
// Email configuration

export const EMAIL_STATUSES = ['active', 'inactive'] as const;

/** The stored configuration as the browser sees it: the password never leaves the server. */
export const emailConfigSchema = z.object({
  smtp_host: z.string(),
  smtp_port: z.number().int(),
  smtp_user: z.string(),
  smtp_password_set: z.boolean(),
  from_email: z.string(),
  from_name: z.string(),
  status: z.enum(EMAIL_STATUSES),
  updated_at: z.string(),
});
export type EmailConfig = z.infer<typeof emailConfigSchema>;
export const emailConfigResponseSchema = z.object({ success: z.literal(true), data: emailConfigSchema.nullable() });

/**
 * The ports a courier's SMTP server may use: the submission and relay ports only, so the
 * server cannot be pointed at any other service. The platform may add ports (SMTP_ALLOWED_PORTS).
 */
export const SMTP_PORTS = [25, 465, 587, 2525] as const;

/** "SMTP port must be 25, 465, 587 or 2525" (ours: the spec is silent). */
export function smtpPortNotAllowedMessage(ports: readonly number[]): string {
  const list = [...new Set(ports)].sort((a, b) => a - b);
  const last = list.pop();
  return `SMTP port must be ${list.length > 0 ? `${list.join(', ')} or ${last}` : String(last)}`;
}

/**
 * POST settings/couriers/{id}/email-config. Every field is required; the password may
 * be left empty only when one is stored already, which keeps it (the server checks that part).
 * `extraPorts` are the platform's additions to SMTP_PORTS; 'server' leaves the allow-list to the
 * server (the web form: only the server knows the platform's additions, and answers per field).
 */
export function emailConfigInputSchemaWith(extraPorts: readonly number[] | 'server' = []) {
  const ports: readonly number[] | null = extraPorts === 'server' ? null : [...SMTP_PORTS, ...extraPorts];
  return z.strictObject({
    smtp_host: trimmed(253, SETTINGS_MESSAGES.smtpHostRequired),
    smtp_port: z
      .number({ error: SETTINGS_MESSAGES.smtpPortRequired })
      .int(SETTINGS_MESSAGES.smtpPortRange)
      .min(1, SETTINGS_MESSAGES.smtpPortRange)
      .max(65535, SETTINGS_MESSAGES.smtpPortRange)
      .refine((port) => ports === null || ports.includes(port), ports ? smtpPortNotAllowedMessage(ports) : undefined),
    smtp_user: trimmed(254, SETTINGS_MESSAGES.smtpUserRequired),
    smtp_password: z.string().max(500).optional().default(''),
    from_email: email(SETTINGS_MESSAGES.fromEmailRequired, SETTINGS_MESSAGES.fromEmailInvalid),
    from_name: trimmed(120, SETTINGS_MESSAGES.fromNameRequired),
    status: z.enum(EMAIL_STATUSES).default('active'),
  });
}
export const emailConfigInputSchema = emailConfigInputSchemaWith();
export type EmailConfigInput = z.input<typeof emailConfigInputSchema>;

/** The test address: non-empty, then a simple address shape. */
export const testEmailSchema = z.strictObject({
  test_email: z
    .string({ error: SETTINGS_MESSAGES.testEmailRequired })
    .trim()
    .min(1, SETTINGS_MESSAGES.testEmailRequired)
    .max(254, SETTINGS_MESSAGES.testEmailInvalid)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, SETTINGS_MESSAGES.testEmailInvalid),
});
export type TestEmailInput = z.input<typeof testEmailSchema>;

// ---------------------------------------------------------------------------------------------
// Rate sheet

export const rateSheetSchema = z.object({ rate_sheet_url: z.string().nullable() });
export const rateSheetUploadResponseSchema = z.object({ success: z.literal(true), rate_sheet_url: z.string() });

// ---------------------------------------------------------------------------------------------
// Passwords and the staff profile

const newPassword = z
  .string({ error: SETTINGS_MESSAGES.newPasswordRequired })
  .min(1, SETTINGS_MESSAGES.newPasswordRequired)
  .min(MIN_PASSWORD_LENGTH, SETTINGS_MESSAGES.newPasswordTooShort)
  .max(200, 'Password is too long');
const currentPassword = z
  .string({ error: SETTINGS_MESSAGES.currentPasswordRequired })
  .min(1, SETTINGS_MESSAGES.currentPasswordRequired)
  .max(200);

/** PUT /users/change-password (admin Password tab). */
export const changePasswordSchema = z
  .strictObject({ current_password: currentPassword, new_password: newPassword })
  .refine((v) => v.new_password !== v.current_password, {
    message: SETTINGS_MESSAGES.passwordMustDiffer,
    path: ['new_password'],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The admin Password form: every message, in the spec's order. */
export const changePasswordFormSchema = z
  .object({ current_password: currentPassword, new_password: newPassword, confirm_password: z.string() })
  .refine((v) => v.confirm_password === v.new_password, { message: SETTINGS_MESSAGES.passwordsDoNotMatch, path: ['confirm_password'] })
  .refine((v) => v.new_password !== v.current_password, { message: SETTINGS_MESSAGES.passwordMustDiffer, path: ['new_password'] });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** PUT /users/{id}/password (staff profile). */
export const userPasswordSchema = z.strictObject({ currentPassword, newPassword });
export type UserPasswordInput = z.input<typeof userPasswordSchema>;

/** The staff profile form: the spec names the mismatch check; the rest mirrors the server. */
export const userPasswordFormSchema = z
  .object({ currentPassword, newPassword, confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, { message: SETTINGS_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
export type UserPasswordForm = z.infer<typeof userPasswordFormSchema>;

/** PUT /users/{id}: the signed-in person's own name and e-mail. */
export const updateProfileSchema = z.strictObject({
  firstName: trimmed(80, SETTINGS_MESSAGES.firstNameRequired),
  lastName: trimmed(80, SETTINGS_MESSAGES.lastNameRequired),
  email: email(SETTINGS_MESSAGES.emailRequired, SETTINGS_MESSAGES.emailInvalid),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const profileSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;
