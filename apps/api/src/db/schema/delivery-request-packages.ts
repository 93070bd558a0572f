import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';
import { deliveryRequests } from './delivery-requests';
import { packages } from './packages';

/** The packages of a delivery request. */
export const deliveryRequestPackages = pgTable(
  'delivery_request_packages',
  {
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    deliveryRequestId: integer()
      .notNull()
      .references(() => deliveryRequests.id),
    packageId: integer()
      .notNull()
      .references(() => packages.id),
  },
  (t) => [primaryKey({ columns: [t.deliveryRequestId, t.packageId] }), index().on(t.courierId, t.packageId)],
);
