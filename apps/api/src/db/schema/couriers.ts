import { boolean, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
  /** The courier's accent colour (#rrggbb) for its portals and storefront; null keeps the default. */
  accentColor: text(),
  contactFirstName: text(),
  contactLastName: text(),
  email: text(),
  phone: text(),
  shippingAddressAir: text(),
  shippingAddressSea: text(),
  bankDetails: text(),
  rateSheetUrl: text(),
  /** JMD per USD used for customs duty; 150 until the courier sets it. */
  exchangeRate: integer().notNull().default(150),
  /** Set by the super admin only: this courier's SMTP may run without TLS and certificate checks. */
  smtpAllowInsecure: boolean().notNull().default(false),
  /**
   * Card payments go to the test gateway (the simulator): nothing is charged and every payment says
   * TEST. Set by the super admin only; a new courier never starts in it.
   */
  paymentTestMode: boolean().notNull().default(false),
  /**
   * The test clock: days this courier's clock runs ahead of real time, read only while it is in
   * test mode (lib/courier-clock.ts); moved forward from its settings, back to 0 when test mode ends.
   */
  testClockDays: integer().notNull().default(0),
  /** Warehouse: a received weight above this (lb) is confirmed before it is saved. */
  heavyWeightLb: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull().default(150),
  /** Warehouse: a package received without a pre-alert is held until its merchant invoice is uploaded. */
  requireInvoice: boolean().notNull().default(false),
  /** Billing: AIR parcels are billed the greater of actual and volumetric weight (cubic inches / divisor). */
  volumetricAir: boolean().notNull().default(false),
  airDivisorIn3PerLb: numeric({ precision: 8, scale: 2, mode: 'number' }).notNull().default(139),
  /** Billing: SEA parcels are billed the greater of actual and volumetric weight (cubic feet x lb per cubic foot). */
  volumetricSea: boolean().notNull().default(false),
  seaLbPerFt3: numeric({ precision: 8, scale: 2, mode: 'number' }).notNull().default(10),
  /** Days a package takes to clear customs after its flight or vessel lands: the arrival estimate adds them. */
  customsDays: integer().notNull().default(2),
  /** When an admin marked the fee book (fees, taxes, customs rates) reviewed: the set-up checklist's step. */
  feesReviewedAt: timestamp({ withTimezone: true }),
  /** IANA time zone every date and time of this courier is shown in (receipts, invoices, e-mails, screens). */
  timeZone: text().notNull().default('America/Jamaica'),
  /** Printed as "GCT Reg. No." on the letterhead of invoices, receipts, labels and manifests. */
  gctRegistrationNumber: text(),
  /** The paper the courier's invoices, receipts and manifests are laid out on. */
  paperSize: text({ enum: ['letter', 'a4'] })
    .notNull()
    .default('letter'),
  /** Staff, branch managers and admins of this courier must sign in with two steps (an authenticator app). */
  requireStaffTwoFactor: boolean().notNull().default(false),
  /** Account credit (JMD cents) for the referrer when a referred customer's first invoice is fully paid; 0 = none. */
  referrerRewardCents: integer().notNull().default(0),
  /** Account credit (JMD cents) for the referred customer at that moment; 0 = none. */
  referredRewardCents: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
