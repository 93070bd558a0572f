import { type SQL, and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  CARRIER_TAG_LABELS,
  CARRIER_TRACKING_MESSAGES,
  type CarrierTracking,
  type CarrierTrackingListQuery,
} from '@courier/shared/schemas/carrier-tracking';
import type { Db } from '../../db/client';
import { carrierTrackingEvents, carrierTrackings } from '../../db/schema/carrier-tracking';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { packages } from '../../db/schema/packages';
import { preAlerts } from '../../db/schema/pre-alerts';
import { courierListCondition } from '../../lib/courier-scope';
import { courierZoneColumn } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/** Received: a package (not voided) came in for the pre-alert, or the pre-alert says so. */
export const receivedSql = sql<boolean>`(${preAlerts.status} = 'received' or exists (
  select 1 from ${packages} where ${packages.courierId} = ${carrierTrackings.courierId}
    and ${packages.preAlertId} = ${carrierTrackings.preAlertId} and ${packages.voidedAt} is null))`;

function select(db: Db) {
  return db
    .select({
      t: carrierTrackings,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      mailboxNumber: customers.mailboxNumber,
      merchant: preAlerts.merchant,
      timeZone: courierZoneColumn,
      received: receivedSql,
    })
    .from(carrierTrackings)
    .innerJoin(preAlerts, and(eq(preAlerts.id, carrierTrackings.preAlertId), eq(preAlerts.courierId, carrierTrackings.courierId)))
    .innerJoin(customers, eq(customers.id, preAlerts.customerId))
    .innerJoin(couriers, eq(couriers.id, carrierTrackings.courierId));
}
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

async function withEvents(db: Db, rows: Row[]): Promise<CarrierTracking[]> {
  const ids = rows.map((r) => r.t.id);
  const events =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(carrierTrackingEvents)
          .where(inArray(carrierTrackingEvents.trackingId, ids))
          .orderBy(desc(carrierTrackingEvents.occurredAt), asc(carrierTrackingEvents.id));
  return rows.map((r) => ({
    id: r.t.id,
    preAlertId: r.t.preAlertId,
    trackingNumber: r.t.trackingNumber,
    tag: r.t.tag,
    label: CARRIER_TAG_LABELS[r.t.tag],
    test: r.t.test,
    registered: r.t.registeredAt !== null,
    deliveredAt: r.t.deliveredAt?.toISOString() ?? null,
    alertedAt: r.t.alertedAt?.toISOString() ?? null,
    received: Boolean(r.received),
    customerName: r.customerName ?? '',
    mailboxNumber: r.mailboxNumber,
    merchant: r.merchant,
    timeZone: r.timeZone,
    events: events
      .filter((e) => e.trackingId === r.t.id)
      .map((e) => ({
        id: e.id,
        tag: e.tag,
        label: CARRIER_TAG_LABELS[e.tag],
        message: e.message,
        location: e.location,
        occurredAt: e.occurredAt.toISOString(),
      })),
  }));
}

/** The carrier's way of one of the customer's own pre-alerts (404 for anyone else's). */
export async function customerPreAlertTracking(db: Db, user: AuthUser, preAlertId: number): Promise<CarrierTracking> {
  if (user.kind !== 'customer' || user.courierId === null)
    throw new AppError('forbidden', 'You do not have permission to perform this action');
  const rows = await select(db)
    .where(
      and(eq(carrierTrackings.preAlertId, preAlertId), eq(carrierTrackings.courierId, user.courierId), eq(preAlerts.customerId, user.id)),
    )
    .limit(1);
  const [found] = await withEvents(db, rows);
  if (!found) throw new AppError('not_found', CARRIER_TRACKING_MESSAGES.notFound);
  return found;
}

/** Staff: the courier's followed pre-alerts, newest first; `waiting`: delivered to us and not received. */
export async function listCarrierTrackings(
  db: Db,
  user: AuthUser,
  query: CarrierTrackingListQuery,
): Promise<{ data: CarrierTracking[]; total: number; page: number; limit: number }> {
  const conditions: Array<SQL | undefined> = [courierListCondition(user, carrierTrackings.courierId)];
  if (query.show === 'waiting')
    conditions.push(isNotNull(carrierTrackings.deliveredAt), sql`not ${receivedSql}`, eq(preAlerts.status, 'pending'));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(sql`${carrierTrackings.deliveredAt} desc nulls last`, desc(carrierTrackings.updatedAt), desc(carrierTrackings.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: count() })
      .from(carrierTrackings)
      .innerJoin(preAlerts, and(eq(preAlerts.id, carrierTrackings.preAlertId), eq(preAlerts.courierId, carrierTrackings.courierId)))
      .where(where),
  ]);
  return { data: await withEvents(db, rows), total: total?.n ?? 0, page: query.page, limit: query.limit };
}
