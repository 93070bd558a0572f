import type { NotificationAudience, NotificationType } from '@courier/shared/schemas/notifications';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';

export interface NotifyInput {
  /** null: a platform announcement to every courier. */
  courierId: number | null;
  type: NotificationType;
  title: string;
  body?: string;
  /** In-app path below the reader's portal, e.g. `support-tickets?ticket=TKT-000001`. */
  link?: string | null;
  audience?: NotificationAudience;
  createdBy?: number | null;
}

/**
 * Puts an entry in the in-app feed of a courier's staff and admins. Other areas call this (new
 * pre-alert, new delivery request, manifest arrived); pass the transaction when there is one so
 * the notification exists exactly when the thing it announces does.
 */
export async function notify(db: Db, input: NotifyInput): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({
      courierId: input.courierId,
      type: input.type,
      title: input.title,
      body: input.body ?? '',
      link: input.link ?? null,
      audience: input.audience ?? 'staff',
      createdBy: input.createdBy ?? null,
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error('Notification insert returned nothing');
  return row.id;
}
