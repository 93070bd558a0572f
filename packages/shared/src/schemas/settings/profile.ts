import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../../constants/limits';
import { SETTINGS_MESSAGES, email, trimmed } from './fields';

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

/** The admin Password form: every message, in the fixed order. */
export const changePasswordFormSchema = z
  .object({ current_password: currentPassword, new_password: newPassword, confirm_password: z.string() })
  .refine((v) => v.confirm_password === v.new_password, { message: SETTINGS_MESSAGES.passwordsDoNotMatch, path: ['confirm_password'] })
  .refine((v) => v.new_password !== v.current_password, { message: SETTINGS_MESSAGES.passwordMustDiffer, path: ['new_password'] });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** PUT /users/{id}/password (staff profile). */
export const userPasswordSchema = z.strictObject({ currentPassword, newPassword });
export type UserPasswordInput = z.input<typeof userPasswordSchema>;

/** The staff profile form: the passwords must match; the rest mirrors the server. */
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
