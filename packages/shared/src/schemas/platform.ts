import { z } from 'zod';
import { EMAIL_PATTERN } from './auth';

export const PLATFORM_MESSAGES = {
  courierNameRequired: 'Courier name is required',
  codeInvalid: 'Code must be 2 to 8 letters or digits',
  codeTaken: 'Another courier already uses this code',
  emailInvalid: 'Invalid email format',
  emailTaken: 'An account with this email already exists',
  passwordTooShort: 'Password must be at least 8 characters long',
  adminFirstNameRequired: 'First name is required',
  adminLastNameRequired: 'Last name is required',
  courierNotFound: 'Courier not found',
  courierCreated: 'Courier created',
  courierUpdated: 'Courier updated',
  courierSuspended: 'Courier suspended',
  courierActivated: 'Courier activated',
  apiKeyRotated: 'API key rotated. Links and sites using the old key stop working.',
  settingsSaved: 'Platform settings saved',
  brandNameRequired: 'Brand name is required',
  exchangeRateInvalid: 'Exchange rate must be a whole number from 1 to 10000',
  smtpHostRequired: 'SMTP host is required',
  smtpPortInvalid: 'SMTP port must be between 1 and 65535',
  smtpFromEmailInvalid: 'From email must be a valid email address',
  smtpFromNameRequired: 'From name is required',
  smtpInsecureAllowed: 'This courier may now send e-mail without TLS',
  smtpTlsRequired: 'This courier must now send e-mail over TLS',
  paymentTestModeOn: 'Test mode is on: this courier’s card payments go to the test gateway and say TEST',
  paymentTestModeOff: 'Test mode is off: this courier’s card payments are live',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
const email = z
  .string()
  .trim()
  .max(254)
  .regex(EMAIL_PATTERN, PLATFORM_MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());
export const courierCodeField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{2,8}$/, PLATFORM_MESSAGES.codeInvalid)
  .transform((v) => v.toUpperCase());

const courierFields = {
  name: z.string().trim().min(1, PLATFORM_MESSAGES.courierNameRequired).max(120),
  code: courierCodeField,
  email: z
    .union([email, z.literal('').transform(() => null)])
    .nullable()
    .optional(),
  phone: optionalText(40),
  contactFirstName: optionalText(80),
  contactLastName: optionalText(80),
};

/** A new courier with its first courier admin (the person who will run it). */
export const courierCreateSchema = z.strictObject({
  ...courierFields,
  admin: z.strictObject({
    firstName: z.string().trim().min(1, PLATFORM_MESSAGES.adminFirstNameRequired).max(80),
    lastName: z.string().trim().min(1, PLATFORM_MESSAGES.adminLastNameRequired).max(80),
    email,
    password: z.string().min(8, PLATFORM_MESSAGES.passwordTooShort).max(200),
  }),
});
export type CourierCreateInput = z.input<typeof courierCreateSchema>;

export const courierUpdateSchema = z.strictObject(courierFields);
export type CourierUpdateInput = z.input<typeof courierUpdateSchema>;

export const courierStatusSchema = z.strictObject({ status: z.enum(['active', 'suspended']) });

export const courierSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  status: z.enum(['active', 'suspended']),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  logoUrl: z.string().nullable(),
  customerCount: z.number().int(),
  staffCount: z.number().int(),
  /** The courier's time zone: its dates are shown in it, also to the super admin. */
  timeZone: z.string(),
  /** Card payments go to the test gateway: nothing is charged and every payment says TEST. */
  paymentTestMode: z.boolean(),
  createdAt: z.string(),
});
export type CourierSummary = z.infer<typeof courierSummarySchema>;

export const courierDetailSchema = courierSummarySchema.extend({
  apiKey: z.string(),
  contactFirstName: z.string().nullable(),
  contactLastName: z.string().nullable(),
  branchCount: z.number().int(),
  roleCount: z.number().int(),
  businessCustomerCount: z.number().int(),
  admins: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string(), active: z.boolean() })),
  /** The super admin lets this courier's SMTP run without TLS and certificate checks. */
  allowInsecureSmtp: z.boolean(),
});
export type CourierDetail = z.infer<typeof courierDetailSchema>;

/** PATCH /platform/couriers/{id}/smtp-security (super admin only). */
export const courierSmtpSecuritySchema = z.strictObject({ allowInsecureSmtp: z.boolean() });

/** PATCH /platform/couriers/{id}/payment-test-mode (super admin only). */
export const courierPaymentTestModeSchema = z.strictObject({ paymentTestMode: z.boolean() });

export const courierOptionSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type CourierOption = z.infer<typeof courierOptionSchema>;

/** The platform's own settings (super admin): default brand, fallback SMTP, default exchange rate. */
export const platformSmtpInputSchema = z.strictObject({
  host: z.string().trim().min(1, PLATFORM_MESSAGES.smtpHostRequired).max(200),
  port: z.number().int().min(1, PLATFORM_MESSAGES.smtpPortInvalid).max(65535, PLATFORM_MESSAGES.smtpPortInvalid),
  secure: z.boolean(),
  user: optionalText(200),
  /** Left empty on an edit: keep the stored password. */
  password: z.string().max(200).optional(),
  fromEmail: z.string().trim().regex(EMAIL_PATTERN, PLATFORM_MESSAGES.smtpFromEmailInvalid),
  fromName: z.string().trim().min(1, PLATFORM_MESSAGES.smtpFromNameRequired).max(120),
});

export const platformSettingsInputSchema = z.strictObject({
  brandName: z.string().trim().min(1, PLATFORM_MESSAGES.brandNameRequired).max(120),
  brandLogoUrl: optionalText(500),
  defaultExchangeRate: z
    .number({ error: PLATFORM_MESSAGES.exchangeRateInvalid })
    .int(PLATFORM_MESSAGES.exchangeRateInvalid)
    .min(1, PLATFORM_MESSAGES.exchangeRateInvalid)
    .max(10_000, PLATFORM_MESSAGES.exchangeRateInvalid),
  /** null removes the platform SMTP (the server's environment settings apply again). */
  smtp: platformSmtpInputSchema.nullable(),
});
export type PlatformSettingsInput = z.input<typeof platformSettingsInputSchema>;

export const platformSettingsSchema = z.object({
  brandName: z.string(),
  brandLogoUrl: z.string().nullable(),
  defaultExchangeRate: z.number().int(),
  smtp: z
    .object({
      host: z.string(),
      port: z.number().int(),
      secure: z.boolean(),
      user: z.string().nullable(),
      hasPassword: z.boolean(),
      fromEmail: z.string(),
      fromName: z.string(),
    })
    .nullable(),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

/**
 * The SMTP server of the server's environment (SMTP_HOST, SMTP_PORT, MAIL_FROM...), which sends
 * for couriers without their own SMTP while the platform has none set here. Never its password.
 */
export const environmentSmtpSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  user: z.string().nullable(),
  hasPassword: z.boolean(),
  from: z.string(),
});
export type EnvironmentSmtp = z.infer<typeof environmentSmtpSchema>;

/** GET/PUT /platform/settings: the settings, and the environment's SMTP (null when SMTP_HOST is unset). */
export const platformSettingsViewSchema = platformSettingsSchema.extend({ environmentSmtp: environmentSmtpSchema.nullable() });
export type PlatformSettingsView = z.infer<typeof platformSettingsViewSchema>;

export const DEFAULT_BRAND_NAME = 'Courier Portal';
export const DEFAULT_EXCHANGE_RATE = 150;
