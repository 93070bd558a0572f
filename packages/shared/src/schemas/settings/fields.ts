import { z } from 'zod';
import { LOGO_MAX_BYTES, MIN_PASSWORD_LENGTH, RATE_SHEET_MAX_BYTES } from '../../constants/limits';

/**
 * The courier admin Settings tabs and the staff profile.
 * Messages are the product's fixed words; those marked "ours" are our wording where none was fixed.
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
  // Ours: the rule is fixed, not the words.
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

/** Integer cents (the database) to the JMD amount a rate or fee form holds as a number. */
export const fromCents = (cents: number): number => cents / 100;

export const money = (required: string) =>
  z
    .number({ error: required })
    .min(0, SETTINGS_MESSAGES.feeMin)
    .max(100_000_000, 'Amount is too large')
    .refine((n) => hasAtMostDecimals(n, 2), SETTINGS_MESSAGES.moneyStep);

export const trimmed = (max: number, required?: string) => {
  const base = z.string().trim().max(max, `At most ${max} characters`);
  return required ? base.min(1, required) : base;
};

export const email = (required: string, invalid: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(254, invalid)
    .pipe(z.email({ error: invalid }))
    .transform((e) => e.toLowerCase());
