import { z } from 'zod';

/**
 * A dashboard is a list of figures and charts; each area contributes its own (the organisation:
 * customers, staff, branches; packages, invoices, tickets add theirs), shown in that order.
 */
export const dashboardCardSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
  format: z.enum(['count', 'money']),
  /** Where a click on the figure goes, relative to the portal (e.g. 'customers'). */
  href: z.string().optional(),
});
export type DashboardCard = z.infer<typeof dashboardCardSchema>;

export const dashboardChartSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['bar', 'pie']),
  data: z.array(z.object({ name: z.string(), value: z.number() })),
});
export type DashboardChart = z.infer<typeof dashboardChartSchema>;

export const dashboardSchema = z.object({
  cards: z.array(dashboardCardSchema),
  charts: z.array(dashboardChartSchema),
  /** Only for customers: their mailbox and the courier's US addresses with it. */
  mailbox: z
    .object({
      number: z.string(),
      addresses: z.array(z.object({ mode: z.enum(['AIR', 'SEA']), lines: z.array(z.string()) })),
    })
    .nullable(),
  /** Only for customers: their membership tier (by lifetime delivered packages) and the next one. */
  membership: z
    .object({
      tier: z.object({ name: z.string(), packageCount: z.number().int(), discountPercent: z.number() }).nullable(),
      deliveredCount: z.number().int(),
      nextTier: z.object({ name: z.string(), packageCount: z.number().int(), discountPercent: z.number() }).nullable(),
    })
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
