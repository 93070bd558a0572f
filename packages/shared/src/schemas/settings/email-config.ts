import { z } from 'zod';
import { SETTINGS_MESSAGES, email, trimmed } from './fields';

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

/** "SMTP port must be 25, 465, 587 or 2525" (ours). */
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
