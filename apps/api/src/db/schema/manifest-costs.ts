import { bigint, date, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { COST_CURRENCIES, COST_KINDS } from '@courier/shared/schemas/margin';
import { couriers } from './couriers';
import { manifests } from './manifests';
import { users } from './users';

/**
 * One cost of a flight or vessel (MAWB/BL freight, the agent's handling, the broker, local
 * delivery), in its own currency with the exchange rate of its day, and in JMD cents at that rate.
 * Written by modules/margin only; spread over the manifest's parcels by billable weight when read.
 */
export const manifestCosts = pgTable(
  'manifest_costs',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    manifestId: integer()
      .notNull()
      .references(() => manifests.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    kind: text({ enum: COST_KINDS }).notNull(),
    description: text(),
    amountCents: integer().notNull(),
    currency: text({ enum: COST_CURRENCIES }).notNull(),
    /** JMD per USD on the cost's day (four decimals); null for a JMD cost. */
    exchangeRate: numeric({ precision: 10, scale: 4 }),
    /** The cost in JMD cents at its rate (a USD line of 10 million at 1,000 passes 2^31). */
    jmdCents: bigint({ mode: 'number' }).notNull(),
    incurredOn: date({ mode: 'string' }).notNull(),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.manifestId), index().on(t.courierId, t.incurredOn)],
);
