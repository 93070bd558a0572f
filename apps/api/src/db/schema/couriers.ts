import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A courier company: the tenant. Every tenant-owned row elsewhere carries `courier_id`. */
export const couriers = pgTable('couriers', {
  id: serial().primaryKey(),
  name: text().notNull(),
  code: text().notNull().unique(),
  apiKey: text().notNull().unique(),
  status: text({ enum: ['active', 'suspended'] })
    .notNull()
    .default('active'),
  logoUrl: text(),
  contactFirstName: text(),
  contactLastName: text(),
  email: text(),
  phone: text(),
  shippingAddressAir: text(),
  shippingAddressSea: text(),
  bankDetails: text(),
  rateSheetUrl: text(),
  /** JMD per USD used for customs duty; part 1 §9 default. */
  exchangeRate: integer().notNull().default(150),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
