import { z } from 'zod';

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
