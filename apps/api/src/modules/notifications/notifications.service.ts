import { type SQL, and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { hasPermission } from '@courier/shared/domain/permissions';
import { API_MESSAGES } from '@courier/shared/messages';
import type {
  AppNotification,
  NotificationFeed,
  NotificationType,
  announcementItemSchema,
  announcementSchema,
} from '@courier/shared/schemas/notifications';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { notificationReads } from '../../db/schema/notification-reads';
import { notifications } from '../../db/schema/notifications';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/** Which notification types a person sees follows what they may open. */
const TYPE_PERMISSION: Record<Exclude<NotificationType, 'announcement'>, string> = {
  new_ticket: 'tickets_view',
  new_pre_alert: 'packages_view',
  new_delivery_request: 'delivery_requests_view',
  manifest_arrived: 'manifests_view',
};

function visibleTo(user: AuthUser): SQL {
  if (user.kind !== 'user' || user.courierId === null) throw new AppError('forbidden', API_MESSAGES.forbidden);
  const types: NotificationType[] = ['announcement'];
  for (const [type, permission] of Object.entries(TYPE_PERMISSION)) {
    if (hasPermission(user, permission)) types.push(type as NotificationType);
  }
  const isAdmin = user.role === 'courier_admin' || user.role === 'admin';
  const condition = and(
    or(eq(notifications.courierId, user.courierId), isNull(notifications.courierId)),
    isAdmin ? undefined : eq(notifications.audience, 'staff'),
    inArray(notifications.type, types),
  );
  if (!condition) throw new Error('unreachable');
  return condition;
}

function readBy(userId: number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${notificationReads} where ${notificationReads.userId} = ${userId} and ${notificationReads.notificationId} = ${notifications.id})`;
}

export async function notificationFeed(
  db: Db,
  user: AuthUser,
  query: { page: number; limit: number; unread?: 'true' | 'false' },
): Promise<NotificationFeed> {
  const visible = visibleTo(user);
  const read = readBy(user.id);
  const where = query.unread === 'true' ? and(visible, sql`not ${read}`) : visible;
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        courierId: notifications.courierId,
        type: notifications.type,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        read,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(notifications).where(where),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(visible, sql`not ${read}`)),
  ]);
  const data: AppNotification[] = rows.map((r) => ({ ...r, read: Boolean(r.read), createdAt: r.createdAt.toISOString() }));
  return { data, total: total?.n ?? 0, page: query.page, limit: query.limit, unreadCount: unread?.n ?? 0 };
}

export async function markNotificationRead(db: Db, user: AuthUser, id: number): Promise<void> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), visibleTo(user)));
  if (!row) throw new AppError('not_found', 'Notification not found');
  await db.insert(notificationReads).values({ userId: user.id, notificationId: row.id }).onConflictDoNothing();
}

export async function markAllNotificationsRead(db: Db, user: AuthUser): Promise<number> {
  const unread = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(visibleTo(user), sql`not ${readBy(user.id)}`));
  if (unread.length === 0) return 0;
  await db
    .insert(notificationReads)
    .values(unread.map((n) => ({ userId: user.id, notificationId: n.id })))
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
    createdAt: r.createdAt.toISOString(),
  }));
}
