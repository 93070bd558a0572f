import { z } from 'zod';
import { PARISHES } from '../constants/parishes';
import { EMAIL_PATTERN } from './auth';
import { idSchema } from './common';

export const CUSTOMER_ADMIN_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  emailTaken: 'An account with this email already exists',
  businessNameRequired: 'Business name is required for business accounts',
  branchNotFound: 'Choose a branch of this courier',
  notFound: 'Customer not found',
  updated: 'Customer updated',
  deactivated: 'Customer deactivated',
  activated: 'Customer activated',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** What the courier's staff may change on a customer (the mailbox number never changes). */
export const customerUpdateSchema = z
  .strictObject({
    accountType: z.enum(['individual', 'business']),
    businessName: optionalText(200),
    title: optionalText(20),
    firstName: z.string().trim().min(1, CUSTOMER_ADMIN_MESSAGES.firstNameRequired).max(80),
    lastName: z.string().trim().min(1, CUSTOMER_ADMIN_MESSAGES.lastNameRequired).max(80),
    email: z
      .string()
      .trim()
      .min(1, CUSTOMER_ADMIN_MESSAGES.emailRequired)
      .max(254)
      .regex(EMAIL_PATTERN, CUSTOMER_ADMIN_MESSAGES.emailInvalid)
      .transform((v) => v.toLowerCase()),
    phone: optionalText(40),
    trn: optionalText(30),
    address: optionalText(300),
    parish: z
      .union([z.enum(PARISHES), z.literal('')])
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    city: optionalText(100),
    branchId: idSchema.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.accountType === 'business' && !v.businessName) {
      ctx.addIssue({ code: 'custom', path: ['businessName'], message: CUSTOMER_ADMIN_MESSAGES.businessNameRequired });
    }
  });
export type CustomerUpdateInput = z.input<typeof customerUpdateSchema>;

export const customerStatusSchema = z.strictObject({ active: z.boolean() });

export const customerRecordSchema = z.object({
  id: z.number().int(),
  courierId: z.number().int(),
  courierName: z.string(),
  mailboxNumber: z.string(),
  accountType: z.enum(['individual', 'business']),
  businessName: z.string().nullable(),
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  trn: z.string().nullable(),
  address: z.string().nullable(),
  parish: z.string().nullable(),
  city: z.string().nullable(),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  active: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;
