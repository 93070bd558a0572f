import { z } from 'zod';
import { idSchema } from './common';

export const NOTIFICATION_TYPES = ['new_ticket', 'new_pre_alert', 'new_delivery_request', 'manifest_arrived', 'announcement'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** `staff`: every staff-side user of the courier; `admins`: its courier admins only. */
export const NOTIFICATION_AUDIENCES = ['staff', 'admins'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  new_ticket: 'New ticket',
  new_pre_alert: 'New pre-alert',
  new_delivery_request: 'New delivery request',
  manifest_arrived: 'Manifest arrived',
  announcement: 'Announcement',
};

export const NOTIFICATION_MESSAGES = {
  titleRequired: 'Please enter a title',
  bodyRequired: 'Please enter a message',
  couriersRequired: 'Please choose at least one courier',
  sent: 'Announcement sent',
  markedRead: 'All notifications marked as read',
} as const;

export const notificationSchema = z.object({
  id: z.number().int(),
  courierId: z.number().int().nullable(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.enum(['true', 'false']).optional(),
});
export const notificationFeedSchema = z.object({
  data: z.array(notificationSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationFeed = z.infer<typeof notificationFeedSchema>;

export const announcementSchema = z
  .strictObject({
    title: z.string().trim().min(1, NOTIFICATION_MESSAGES.titleRequired).max(200),
    body: z.string().trim().min(1, NOTIFICATION_MESSAGES.bodyRequired).max(5000),
    target: z.enum(['all', 'chosen']),
    courierIds: z.array(idSchema).max(1000).default([]),
  })
  .refine((v) => v.target === 'all' || v.courierIds.length > 0, { message: NOTIFICATION_MESSAGES.couriersRequired, path: ['courierIds'] });
export type AnnouncementInput = z.input<typeof announcementSchema>;

export const announcementItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  courier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export const announcementListSchema = z.object({ data: z.array(announcementItemSchema) });
