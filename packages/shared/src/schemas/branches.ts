import { z } from 'zod';
import { PARISHES } from '../constants/parishes';
import { idSchema, rowTimeZoneSchema } from './common';

export const BRANCH_MESSAGES = {
  nameRequired: 'Branch name is required',
  parishInvalid: 'Choose a parish',
  notFound: 'Branch not found',
  inUse: 'This branch still has staff or customers. Move them or deactivate the branch instead.',
  created: 'Branch created',
  updated: 'Branch updated',
  deleted: 'Branch deleted',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** A branch as the courier admin edits it (name, code, address, parish, phone, hours, active). */
export const branchInputSchema = z.strictObject({
  name: z.string({ error: BRANCH_MESSAGES.nameRequired }).trim().min(1, BRANCH_MESSAGES.nameRequired).max(120),
  code: optionalText(12),
  address: optionalText(300),
  parish: z
    .union([z.enum(PARISHES, { error: BRANCH_MESSAGES.parishInvalid }), z.literal('')])
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  phone: optionalText(40),
  hours: optionalText(200),
  active: z.boolean().optional(),
  /** Only the super admin names the courier; everyone else works in their own. */
  courierId: idSchema.optional(),
});
export type BranchInput = z.input<typeof branchInputSchema>;

export const branchSchema = z.object({
  id: z.number().int(),
  courierId: z.number().int(),
  courierName: z.string(),
  timeZone: rowTimeZoneSchema,
  name: z.string(),
  code: z.string().nullable(),
  address: z.string().nullable(),
  parish: z.string().nullable(),
  phone: z.string().nullable(),
  hours: z.string().nullable(),
  active: z.boolean(),
  staffCount: z.number().int(),
  customerCount: z.number().int(),
  createdAt: z.string(),
});
export type Branch = z.infer<typeof branchSchema>;

/** A short list for pickers (staff form, customer form). */
export const branchOptionSchema = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });
export type BranchOption = z.infer<typeof branchOptionSchema>;
