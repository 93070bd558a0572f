import { z } from 'zod';
import { customerLoginResponseSchema, customerProfileSchema, staffLoginResponseSchema, staffProfileSchema } from './auth';
import { idSchema } from './common';

/** Two-step sign-in: an authenticator app (TOTP, RFC 6238) and one-time recovery codes. */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  invalidCode: 'That code is not right. Check your authenticator app and try again.',
  challengeExpired: 'This sign-in has expired. Please sign in again.',
  alreadyEnabled: 'Two-step sign-in is already on',
  notEnabled: 'Two-step sign-in is not on',
  setupFirst: 'Start the set-up again: the code could not be checked against it',
  passwordWrong: 'Your password is not right',
  impersonated: 'Two-step sign-in cannot be changed while signed in as someone else',
  requiredByCourier: 'Your courier requires two-step sign-in for staff: it cannot be turned off',
  notYours: 'This person is not in your courier',
  enabled: 'Two-step sign-in is on',
  disabled: 'Two-step sign-in is off',
  reset: 'Two-step sign-in was reset: the person signs in with their password alone, and sets it up again if required',
  policySaved: 'Security settings saved',
} as const;

/** How many recovery codes are issued at once. */
export const RECOVERY_CODE_COUNT = 10;

const codeField = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeRequired)
  .max(40, TWO_FACTOR_MESSAGES.invalidCode);
const challengeField = z.string({ error: TWO_FACTOR_MESSAGES.challengeExpired }).min(1, TWO_FACTOR_MESSAGES.challengeExpired).max(4000);

/** The answer of a correct password when a second step is due: `verify` asks for a code, `enrol` for setting it up first. */
export const twoFactorChallengeSchema = z.object({
  twoFactor: z.enum(['verify', 'enrol']),
  challenge: z.string(),
  message: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const twoFactorVerifySchema = z.strictObject({ challenge: challengeField, code: codeField });
export const twoFactorChallengeSetupSchema = z.strictObject({ challenge: challengeField });
export const twoFactorCodeSchema = z.strictObject({ code: codeField });
export const twoFactorPasswordSchema = z.strictObject({
  password: z.string({ error: TWO_FACTOR_MESSAGES.passwordWrong }).min(1, TWO_FACTOR_MESSAGES.passwordWrong).max(200),
});
export const twoFactorResetSchema = z.strictObject({ kind: z.enum(['user', 'customer']), id: idSchema });

export const twoFactorSetupResponseSchema = z.object({
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The courier requires it for its staff (never for customers). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()), message: z.string() });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

export const staffTwoFactorSessionSchema = z.object({
  token: z.string(),
  user: staffProfileSchema,
  message: z.string(),
  /** Only when the sign-in set two-step sign-in up: shown once. */
  recoveryCodes: z.array(z.string()).optional(),
});
export type StaffTwoFactorSession = z.infer<typeof staffTwoFactorSessionSchema>;
export const customerTwoFactorSessionSchema = z.object({ token: z.string(), customer: customerProfileSchema, message: z.string() });

export const twoFactorPolicySchema = z.strictObject({ requireStaffTwoFactor: z.boolean() });
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicySchema>;

/** A sign-in's answer: the session, or the second step's challenge. */
export const staffSignInResponseSchema = z.union([staffLoginResponseSchema, twoFactorChallengeSchema]);
export type StaffSignInResponse = z.infer<typeof staffSignInResponseSchema>;
export const customerSignInResponseSchema = z.union([customerLoginResponseSchema, twoFactorChallengeSchema]);
export type CustomerSignInResponse = z.infer<typeof customerSignInResponseSchema>;
