import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carrierTrackings } from '../../db/schema/carrier-tracking';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { preAlerts } from '../../db/schema/pre-alerts';
import { courierZoneColumn } from '../../lib/courier-zone';
import { notify } from '../notifications/index';
import { receivedSql } from './carrier-tracking-queries.service';

/**
 * Delivered to the warehouse but not received: once the courier's next day has ended after the
 * day the carrier delivered it (both days on the courier's own clock), the courier's warehouse
 * staff are told, once per parcel. A parcel received, or a pre-alert cancelled, is never alerted.
 * Runs in the job's transaction (`db` is its `tx`).
 */
export async function alertUnreceivedDeliveries(db: Db, now = new Date()): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const zone = courierZoneColumn;
  const due = await db
    .select({
      id: carrierTrackings.id,
      courierId: carrierTrackings.courierId,
      trackingNumber: carrierTrackings.trackingNumber,
      test: carrierTrackings.test,
      merchant: preAlerts.merchant,
      mailboxNumber: customers.mailboxNumber,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
    })
    .from(carrierTrackings)
    .innerJoin(preAlerts, and(eq(preAlerts.id, carrierTrackings.preAlertId), eq(preAlerts.courierId, carrierTrackings.courierId)))
    .innerJoin(customers, eq(customers.id, preAlerts.customerId))
    .innerJoin(couriers, eq(couriers.id, carrierTrackings.courierId))
    .where(
      and(
        isNotNull(carrierTrackings.deliveredAt),
        isNull(carrierTrackings.alertedAt),
        eq(preAlerts.status, 'pending'),
        sql`not ${receivedSql}`,
        sql`(${at} at time zone ${zone})::date >= (${carrierTrackings.deliveredAt} at time zone ${zone})::date + 2`,
      ),
    )
    .orderBy(carrierTrackings.id)
    .limit(500)
    .for('update', { of: carrierTrackings, skipLocked: true });
  if (due.length === 0) return 0;
  await db
    .update(carrierTrackings)
    .set({ alertedAt: now })
    .where(
      inArray(
        carrierTrackings.id,
        due.map((d) => d.id),
      ),
    );
  for (const d of due) {
    await notify(db, {
      courierId: d.courierId,
      type: 'carrier_delivered_not_received',
      title: `${d.test ? 'TEST · ' : ''}Delivered to the warehouse, not received: ${d.trackingNumber}`,
      body: `${d.customerName} (${d.mailboxNumber}) · ${d.merchant}. The carrier delivered it to our Miami address over a day ago; find it and scan it in.`,
      target: { kind: 'carrier_tracking', ref: d.trackingNumber },
    });
  }
  return due.length;
}
