import { z } from 'zod';
import { RELEASE_MESSAGES } from '../domain/release';

/**
 * The fields every release (counter collection, home delivery, status change to delivered) takes
 * to override the release rule: ask for it, and say why. The rule itself is in domain/release.
 */
export const releaseOverrideFields = {
  /** Release although the invoice is not paid (needs `release_override`). */
  allowUnpaid: z.boolean().optional(),
  overrideReason: z.string().trim().max(300, 'At most 300 characters').optional(),
};
export interface ReleaseOverrideInput {
  allowUnpaid?: boolean;
  overrideReason?: string;
}

/**
 * The override as a form holds it: once asked for, a reason is required; out goes nothing, or the
 * request with its reason trimmed.
 */
export const releaseOverrideFormSchema = z
  .object({ allowUnpaid: z.boolean().optional(), overrideReason: releaseOverrideFields.overrideReason })
  .superRefine((value, ctx) => {
    if (value.allowUnpaid && !value.overrideReason)
      ctx.addIssue({ code: 'custom', path: ['overrideReason'], message: RELEASE_MESSAGES.reasonRequired });
  })
  .transform((value): ReleaseOverrideInput => (value.allowUnpaid ? { allowUnpaid: true, overrideReason: value.overrideReason ?? '' } : {}));
