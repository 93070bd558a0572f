import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { DELIVERY_REQUEST_STATUSES } from '@courier/shared/constants/packages';
import { couriers } from './couriers';
import { customers } from './customers';
import { deliveryLocations } from './delivery-locations';
import { users } from './users';

/** A customer's request to have ready packages delivered; the fee goes to the invoice. */
export const deliveryRequests = pgTable(
  'delivery_requests',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    /** A delivery location, or else a free address. */
    locationId: integer().references(() => deliveryLocations.id),
    address: text(),
    preferredDate: date({ mode: 'string' }).notNull(),
    scheduledDate: date({ mode: 'string' }),
    phone: text().notNull(),
    notes: text(),
    /** The location's fee when requested, so later fee changes do not touch it. */
    feeCents: integer().notNull().default(0),
    status: text({ enum: DELIVERY_REQUEST_STATUSES }).notNull().default('requested'),
    /** The staff member who drives it, chosen when it is scheduled. */
    driverId: integer().references(() => users.id),
    /** Its place on the day's run sheet (1 = first stop); null = after the numbered ones. */
    stopOrder: integer(),
    dispatchedAt: timestamp({ withTimezone: true }),
    /** The proof taken on the driver's phone: who received it, their signature, optionally a photo. */
    deliveredAt: timestamp({ withTimezone: true }),
    recipientName: text(),
    signaturePngBase64: text(),
    /** A file in the private `delivery-proofs` upload folder. */
    photoName: text(),
    updatedBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.courierId, t.status, t.createdAt),
    index().on(t.courierId, t.customerId, t.createdAt),
    index().on(t.courierId, t.scheduledDate),
  ],
);
