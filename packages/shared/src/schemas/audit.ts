import { z } from 'zod';
import { calendarDateSchema, courierListQuerySchema, rowTimeZoneSchema } from './common';

/** The audit log as people read it: who, what, when, before -> after (Admin -> Audit log). */
export const AUDIT_MESSAGES = {
  dateRange: 'The start date must not be after the end date',
  useDate: 'Use a date like 2026-01-31',
} as const;

/** The kinds of change the log can be filtered by: an action's first word (`payment.recorded` -> payment). */
export const AUDIT_KIND_LABELS: Record<string, string> = {
  invoice: 'Invoices',
  payment: 'Payments',
  refund: 'Refunds',
  cash_up: 'Cash-up',
  collection: 'Collection',
  delivery: 'Delivery',
  courier: 'Company settings',
  shipping_rate: 'Shipping rates',
  processing_fee: 'Processing fees',
  additional_fees: 'Additional fees',
  email_config: 'E-mail settings',
  role: 'Roles and permissions',
  staff: 'Staff',
  branch: 'Branches',
  customer: 'Customers',
  user: 'Accounts',
  impersonation: 'Impersonation',
  platform: 'Platform settings',
};

export const auditListQuerySchema = courierListQuerySchema
  .extend({ from: calendarDateSchema(AUDIT_MESSAGES.useDate).optional(), to: calendarDateSchema(AUDIT_MESSAGES.useDate).optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: AUDIT_MESSAGES.dateRange, path: ['from'] });
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  courierId: z.number().int().nullable(),
  courierName: z.string().nullable(),
  /** The courier's time zone (the default for platform rows), which the time is shown in. */
  timeZone: rowTimeZoneSchema,
  actorType: z.enum(['user', 'customer', 'system']),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string(),
  kind: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** What it was, when the row says (settings, corrections); null otherwise. */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** What it became, or what was done. */
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The people who appear in a courier's log, for the "person" filter. */
export const auditActorSchema = z.object({
  actorType: z.enum(['user', 'customer', 'system']),
  actorId: z.number().int().nullable(),
  name: z.string(),
});
