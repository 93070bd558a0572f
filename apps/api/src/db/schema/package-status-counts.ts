import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * How many packages each courier has in each status, as signed changes: triggers on `packages`
 * (migration 0071) add one row per courier and status a statement changed, in that statement's
 * transaction; the packages module folds a courier's rows into one per status now and then.
 * A count is the sum of its rows. Rows are only ever added by the triggers, never updated in
 * place, so concurrent receives and status changes never wait on one another (decision 060).
 */
export const packageStatusCounts = pgTable(
  'package_status_counts',
  {
    courierId: integer().notNull(),
    status: text().notNull(),
    n: integer().notNull(),
  },
  (t) => [index().on(t.courierId, t.status)],
);
