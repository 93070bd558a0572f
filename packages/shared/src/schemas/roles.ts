import { z } from 'zod';
import { isPermission } from '../constants/permissions';
import { idSchema, rowTimeZoneSchema } from './common';

export const ROLE_MESSAGES = {
  nameRequired: 'Role name is required',
  permissionsRequired: 'Choose at least one permission',
  unknownPermission: 'Unknown permission',
  notFound: 'Role not found',
  nameTaken: 'A role with this name already exists',
  inUse: 'This role is assigned to staff. Give them another role first.',
  created: 'Role created',
  updated: 'Role updated',
  deleted: 'Role deleted',
} as const;

export const roleInputSchema = z.strictObject({
  name: z.string({ error: ROLE_MESSAGES.nameRequired }).trim().min(1, ROLE_MESSAGES.nameRequired).max(80),
  description: z
    .string()
    .trim()
    .max(300)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  permissions: z
    .array(z.string().refine(isPermission, ROLE_MESSAGES.unknownPermission))
    .min(1, ROLE_MESSAGES.permissionsRequired)
    .transform((list) => [...new Set(list)]),
  courierId: idSchema.optional(),
});
export type RoleInput = z.input<typeof roleInputSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  courierId: z.number().int(),
  courierName: z.string(),
  timeZone: rowTimeZoneSchema,
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  staffCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoleRecord = z.infer<typeof roleSchema>;

export const roleOptionSchema = z.object({ id: z.number().int(), name: z.string() });
