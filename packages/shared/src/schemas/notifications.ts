import { z } from 'zod';
import { idSchema, rowTimeZoneSchema } from './common';

export const NOTIFICATION_TYPES = [
  'new_ticket',
  'new_pre_alert',
  'new_delivery_request',
  'manifest_arrived',
  // Staff queues: something a customer asked for that someone must act on.
  'new_insurance_claim',
  'new_shop_request',
  'new_consolidation',
  'new_photo_request',
  'new_return_request',
  // The carrier delivered a pre-alerted parcel to the warehouse a day ago and nobody scanned it in.
  'carrier_delivered_not_received',
  'announcement',
  'import_problem',
  // A customer's own feed.
  'ticket_answered',
  'invoice_issued',
  'payment_received',
  'delivery_scheduled',
  'package_update',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/**
 * `staff`: every staff-side user of the courier; `admins`: its courier admins only; `customer`:
 * the one customer the row names.
 */
export const NOTIFICATION_AUDIENCES = ['staff', 'admins', 'customer'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

/** What a notification is about; its page is worked out per portal when the feed is read. */
/** `packages`: several packages of one notice (a flight's), its ref the manifest number or empty. */
export const NOTIFICATION_TARGET_KINDS = [
  'package',
  'packages',
  'invoice',
  'payment',
  'ticket',
  'delivery_request',
  'manifest',
  'package_import',
  'insurance_claim',
  'shop_request',
  'consolidation',
  'carrier_tracking',
] as const;
export type NotificationTargetKind = (typeof NOTIFICATION_TARGET_KINDS)[number];
/** `ref` is the number people see (PKG-, INV-, TKT-, receipt) or, for requests and manifests, the id. */
export interface NotificationTarget {
  kind: NotificationTargetKind;
  ref: string;
}
export type NotificationPortal = 'admin' | 'staff' | 'customer';

/** The page a notification opens in the reader's portal (absolute path). */
export function notificationPath(portal: NotificationPortal, target: NotificationTarget): string {
  const ref = encodeURIComponent(target.ref);
  if (portal === 'customer') {
    const page: Record<NotificationTargetKind, string> = {
      package: `packages?search=${ref}`,
      packages: 'packages',
      invoice: `invoices/${ref}`,
      payment: 'payments',
      ticket: `support-tickets?ticket=${ref}`,
      delivery_request: 'delivery-requests',
      manifest: 'packages',
      package_import: 'packages',
      insurance_claim: 'packages',
      shop_request: `shop-requests/${ref}`,
      consolidation: 'consolidations',
      carrier_tracking: 'packages',
    };
    return `/customer/${page[target.kind]}`;
  }
  const page: Record<NotificationTargetKind, string> = {
    package: `packages?search=${ref}`,
    packages: 'packages',
    invoice: `invoices?invoice=${ref}`,
    payment: 'payments',
    ticket: `support-tickets?ticket=${ref}`,
    delivery_request: 'delivery-requests',
    manifest: `reconciliation?manifest=${ref}`,
    package_import: `package-import?import=${ref}`,
    insurance_claim: `insurance-claims?claim=${ref}`,
    shop_request: 'shop-requests',
    consolidation: 'consolidations',
    carrier_tracking: `carrier-tracking?search=${ref}`,
  };
  return `/${portal}/${page[target.kind]}`;
}

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  new_ticket: 'New ticket',
  new_pre_alert: 'New pre-alert',
  new_delivery_request: 'New delivery request',
  manifest_arrived: 'Manifest arrived',
  new_insurance_claim: 'New insurance claim',
  new_shop_request: 'New Shop For Me request',
  new_consolidation: 'New consolidation request',
  new_photo_request: 'New photo request',
  new_return_request: 'New return or discard request',
  carrier_delivered_not_received: 'Delivered to the warehouse, not received',
  announcement: 'Announcement',
  import_problem: 'Import problem',
  ticket_answered: 'Ticket answered',
  invoice_issued: 'Invoice issued',
  payment_received: 'Payment received',
  delivery_scheduled: 'Delivery scheduled',
  package_update: 'Package update',
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
  /** The page of the thing it is about, in the reader's own portal (absolute path). */
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
  timeZone: rowTimeZoneSchema,
  createdAt: z.string(),
});
export const announcementListSchema = z.object({ data: z.array(announcementItemSchema) });
export type AnnouncementList = z.infer<typeof announcementListSchema>;

/** The customer e-mails a customer may switch off; welcome, password and security mail always go. */
export const OPTIONAL_EMAIL_KINDS = ['ticket_answered', 'invoice_issued', 'payment_received', 'delivery_scheduled'] as const;
export type OptionalEmailKind = (typeof OPTIONAL_EMAIL_KINDS)[number];
export const OPTIONAL_EMAIL_LABELS: Record<OptionalEmailKind, string> = {
  ticket_answered: 'Ticket answered',
  invoice_issued: 'Invoice issued',
  payment_received: 'Payment received',
  delivery_scheduled: 'Delivery scheduled',
};
export const OPTIONAL_EMAIL_HINTS: Record<OptionalEmailKind, string> = {
  ticket_answered: 'When our team replies to one of your support tickets',
  invoice_issued: 'When an invoice is issued for your packages',
  payment_received: 'When we receive a payment from you',
  delivery_scheduled: 'When a home delivery is scheduled',
};
export const emailPreferencesSchema = z.strictObject({
  ticket_answered: z.boolean(),
  invoice_issued: z.boolean(),
  payment_received: z.boolean(),
  delivery_scheduled: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = {
  ticket_answered: true,
  invoice_issued: true,
  payment_received: true,
  delivery_scheduled: true,
};
export const EMAIL_PREFERENCES_SAVED = 'Notification preferences saved';
