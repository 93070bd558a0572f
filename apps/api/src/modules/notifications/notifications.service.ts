import { type SQL, and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { hasPermission } from '@courier/shared/domain/permissions';
import { API_MESSAGES } from '@courier/shared/messages';
import type {
  AppNotification,
  NotificationFeed,
  NotificationPortal,
  NotificationTargetKind,
  NotificationType,
  announcementItemSchema,
  announcementSchema,
} from '@courier/shared/schemas/notifications';
import { notificationPath } from '@courier/shared/schemas/notifications';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { notificationReads } from '../../db/schema/notification-reads';
import { notifications } from '../../db/schema/notifications';
import { courierZoneColumn } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/** Which notification types a staff-side person sees follows what they may open. */
const TYPE_PERMISSION: Partial<Record<NotificationType, string>> = {
  new_ticket: 'tickets_view',
  new_pre_alert: 'packages_view',
  new_delivery_request: 'delivery_requests_view',
  manifest_arrived: 'manifests_view',
  // Those who decide a claim, quote a purchase, repack, or photograph at the station.
  new_insurance_claim: 'packages_edit',
  new_shop_request: 'invoices_create',
  new_consolidation: 'packages_scan',
  new_photo_request: 'packages_scan',
  // Those who send a parcel back or discard it and record what was done.
  new_return_request: 'packages_edit',
  // Those who scan parcels in at the warehouse.
  carrier_delivered_not_received: 'packages_scan',
};

type Reader = AuthUser & { courierId: number };

function reader(user: AuthUser): Reader {
  if (user.courierId === null || user.role === 'super_admin') throw new AppError('forbidden', API_MESSAGES.forbidden);
  return user as Reader;
}

/** The portal whose pages the reader's links open. */
function portalOf(user: Reader): NotificationPortal {
  if (user.kind === 'customer') return 'customer';
  return user.role === 'courier_admin' || user.role === 'admin' ? 'admin' : 'staff';
}

function visibleTo(user: Reader): SQL {
  // A customer sees only the rows addressed to them, at their own courier.
  const condition =
    user.kind === 'customer'
      ? and(eq(notifications.courierId, user.courierId), eq(notifications.customerId, user.id), eq(notifications.audience, 'customer'))
      : and(
          or(eq(notifications.courierId, user.courierId), isNull(notifications.courierId)),
          user.role === 'courier_admin' || user.role === 'admin'
            ? inArray(notifications.audience, ['staff', 'admins'])
            : eq(notifications.audience, 'staff'),
          inArray(notifications.type, [
            'announcement' as NotificationType,
            ...(Object.entries(TYPE_PERMISSION) as Array<[NotificationType, string]>)
              .filter(([, permission]) => hasPermission(user, permission))
              .map(([type]) => type),
          ]),
        );
  if (!condition) throw new Error('unreachable');
  return condition;
}

/** Whether the reader has read the row: staff per person, the addressed customer on the row itself. */
function readBy(user: Reader): SQL<boolean> {
  if (user.kind === 'customer') return sql<boolean>`(${notifications.readAt} is not null)`;
  return sql<boolean>`exists (select 1 from ${notificationReads} where ${notificationReads.userId} = ${user.id} and ${notificationReads.notificationId} = ${notifications.id})`;
}

function linkFor(
  portal: NotificationPortal,
  row: { targetKind: NotificationTargetKind | null; targetRef: string | null; link: string | null },
) {
  if (row.targetKind && row.targetRef !== null) return notificationPath(portal, { kind: row.targetKind, ref: row.targetRef });
  return row.link ? `/${portal}/${row.link}` : null;
}

export async function notificationFeed(
  db: Db,
  user: AuthUser,
  query: { page: number; limit: number; unread?: 'true' | 'false' },
): Promise<NotificationFeed> {
  const who = reader(user);
  const visible = visibleTo(who);
  const read = readBy(who);
  const where = query.unread === 'true' ? and(visible, sql`not ${read}`) : visible;
  const [rows, [total], unreadCount] = await Promise.all([
    db
      .select({
        id: notifications.id,
        courierId: notifications.courierId,
        type: notifications.type,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        targetKind: notifications.targetKind,
        targetRef: notifications.targetRef,
        read,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(notifications).where(where),
    unreadNotificationCount(db, who),
  ]);
  const portal = portalOf(who);
  const data: AppNotification[] = rows.map(({ targetKind, targetRef, link, ...r }) => ({
    ...r,
    link: linkFor(portal, { targetKind, targetRef, link }),
    read: Boolean(r.read),
    createdAt: r.createdAt.toISOString(),
  }));
  return { data, total: total?.n ?? 0, page: query.page, limit: query.limit, unreadCount };
}

/** The sidebar badge and the bell: how many of the reader's notifications they have not read. */
export async function unreadNotificationCount(db: Db, user: AuthUser): Promise<number> {
  const who = reader(user);
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(visibleTo(who), sql`not ${readBy(who)}`));
  return row?.n ?? 0;
}

export async function markNotificationRead(db: Db, user: AuthUser, id: number): Promise<void> {
  const who = reader(user);
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), visibleTo(who)));
  if (!row) throw new AppError('not_found', 'Notification not found');
  if (who.kind === 'customer') {
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, row.id), isNull(notifications.readAt)));
    return;
  }
  await db.insert(notificationReads).values({ userId: who.id, notificationId: row.id }).onConflictDoNothing();
}

export async function markAllNotificationsRead(db: Db, user: AuthUser): Promise<number> {
  const who = reader(user);
  if (who.kind === 'customer') {
    const updated = await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(visibleTo(who), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return updated.length;
  }
  const unread = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(visibleTo(who), sql`not ${readBy(who)}`));
  if (unread.length === 0) return 0;
  await db
    .insert(notificationReads)
    .values(unread.map((n) => ({ userId: who.id, notificationId: n.id })))
    .onConflictDoNothing();
  return unread.length;
}

/** The super admin's announcement: one platform-wide row, or one row per chosen courier. */
export async function sendAnnouncement(db: Db, user: AuthUser, input: z.output<typeof announcementSchema>): Promise<number> {
  if (user.role !== 'super_admin') throw new AppError('forbidden', API_MESSAGES.forbidden);
  if (input.target === 'all') {
    await db
      .insert(notifications)
      .values({ courierId: null, type: 'announcement', title: input.title, body: input.body, createdBy: user.id });
    return 1;
  }
  const ids = [...new Set(input.courierIds)];
  const found = await db.select({ id: couriers.id }).from(couriers).where(inArray(couriers.id, ids));
  if (found.length !== ids.length) throw new AppError('not_found', 'Courier not found');
  await db
    .insert(notifications)
    .values(
      ids.map((courierId) => ({ courierId, type: 'announcement' as const, title: input.title, body: input.body, createdBy: user.id })),
    );
  return ids.length;
}

export async function listAnnouncements(db: Db, user: AuthUser): Promise<Array<z.infer<typeof announcementItemSchema>>> {
  if (user.role !== 'super_admin') throw new AppError('forbidden', API_MESSAGES.forbidden);
  const rows = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      courierId: couriers.id,
      courierName: couriers.name,
      timeZone: courierZoneColumn,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .leftJoin(couriers, eq(couriers.id, notifications.courierId))
    .where(eq(notifications.type, 'announcement'))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: r.body,
    courier: r.courierId !== null && r.courierName !== null ? { id: r.courierId, name: r.courierName } : null,
    timeZone: r.timeZone,
    createdAt: r.createdAt.toISOString(),
  }));
}
