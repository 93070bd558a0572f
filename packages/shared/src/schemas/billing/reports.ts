import { z } from 'zod';
import { PAYMENT_METHODS } from '../../constants/billing';
import { calendarDateSchema, queryIdSchema } from '../common';
import { BILLING_MESSAGES } from './messages';

// Reports over a date range.

const isoDate = calendarDateSchema();
export const REPORT_GRANULARITIES = ['day', 'week', 'month'] as const;
export const reportQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    granularity: z.enum(REPORT_GRANULARITIES).default('day'),
    courierId: queryIdSchema.optional(),
  })
  .refine((q) => q.from <= q.to, { message: BILLING_MESSAGES.dateRange, path: ['from'] });
export type ReportQuery = z.input<typeof reportQuerySchema>;

export const REPORT_NAMES = [
  'revenue',
  'payments-by-method',
  'payments-by-branch',
  'packages-by-status',
  'packages-received',
  'ageing',
  'top-customers',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(REPORT_GRANULARITIES),
  totals: z.object({ invoicedCents: z.number().int(), collectedCents: z.number().int(), outstandingCents: z.number().int() }),
  revenue: z.array(z.object({ period: z.string(), invoicedCents: z.number().int(), collectedCents: z.number().int() })),
  /** One line per method; test-mode payments on lines of their own (`test`). */
  paymentsByMethod: z.array(
    z.object({ method: z.enum(PAYMENT_METHODS), test: z.boolean(), count: z.number().int(), amountCents: z.number().int() }),
  ),
  paymentsByBranch: z.array(z.object({ branch: z.string(), count: z.number().int(), amountCents: z.number().int() })),
  packagesByStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
  packagesReceived: z.array(z.object({ day: z.string(), count: z.number().int() })),
  ageing: z.array(z.object({ bucket: z.string(), count: z.number().int(), balanceCents: z.number().int() })),
  topCustomers: z.array(
    z.object({ customer: z.string(), mailboxNumber: z.string(), invoicedCents: z.number().int(), paidCents: z.number().int() }),
  ),
});
export type Report = z.infer<typeof reportSchema>;
