import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, idParamSchema, successSchema } from '@courier/shared/schemas/common';
import {
  announcementListSchema,
  announcementSchema,
  notificationFeedSchema,
  notificationsQuerySchema,
} from '@courier/shared/schemas/notifications';
import { noticeChannelsSchema, saveNoticeChannelsSchema } from '@courier/shared/schemas/notice-channels';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { currentUser, requireRole } from '../../plugins/auth';
import {
  listAnnouncements,
  markAllNotificationsRead,
  markNotificationRead,
  notificationFeed,
  sendAnnouncement,
  unreadNotificationCount,
} from './notifications.service';
import { noticeChannels, saveNoticeChannels } from './notice-channels.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
/** Each reader sees only their own feed: staff by permission, a customer only what is addressed to them. */
const readers = requireRole('courier_admin', 'admin', 'branch_manager', 'staff', 'customer');
const customerOnly = requireRole('customer');

/** The signed-in customer and their courier. */
function customerOf(req: Parameters<typeof currentUser>[0]) {
  const user = currentUser(req);
  if (user.kind !== 'customer' || user.courierId === null)
    throw new AppError('forbidden', 'You do not have permission to perform this action');
  return { courierId: user.courierId, customerId: user.id };
}

/** The in-app feed of a courier's staff, admins and customers, and the super admin's announcements. */
export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['notifications'];
    app.get(
      '/notifications',
      {
        preHandler: readers,
        schema: { tags, querystring: notificationsQuerySchema, response: { 200: notificationFeedSchema, ...errors } },
      },
      async (req) => notificationFeed(ctx.db, currentUser(req), req.query),
    );
    app.get(
      '/notifications/unread-count',
      { preHandler: readers, schema: { tags, response: { 200: z.object({ unreadCount: z.number().int() }), ...errors } } },
      async (req) => ({ unreadCount: await unreadNotificationCount(ctx.db, currentUser(req)) }),
    );
    app.post(
      '/notifications/read-all',
      { preHandler: readers, schema: { tags, response: { 200: z.object({ updated: z.number().int() }), ...errors } } },
      async (req) => ({ updated: await markAllNotificationsRead(ctx.db, currentUser(req)) }),
    );
    app.post(
      '/notifications/:id/read',
      { preHandler: readers, schema: { tags, params: idParamSchema, response: { 200: successSchema, ...errors } } },
      async (req) => {
        await markNotificationRead(ctx.db, currentUser(req), req.params.id);
        return { success: true };
      },
    );
    app.get(
      '/customers/profile/notice-channels',
      { preHandler: customerOnly, schema: { tags, response: { 200: noticeChannelsSchema, ...errors } } },
      async (req) => {
        const who = customerOf(req);
        return noticeChannels(ctx.db, who.courierId, who.customerId);
      },
    );
    app.put(
      '/customers/profile/notice-channels',
      { preHandler: customerOnly, schema: { tags, body: saveNoticeChannelsSchema, response: { 200: noticeChannelsSchema, ...errors } } },
      async (req) => {
        const who = customerOf(req);
        return saveNoticeChannels(ctx.db, who.courierId, who.customerId, req.body.chosen);
      },
    );
    app.get(
      '/notifications/announcements',
      { preHandler: requireRole('super_admin'), schema: { tags, response: { 200: announcementListSchema, ...errors } } },
      async (req) => ({ data: await listAnnouncements(ctx.db, currentUser(req)) }),
    );
    app.post(
      '/notifications/announcements',
      {
        preHandler: requireRole('super_admin'),
        schema: { tags, body: announcementSchema, response: { 201: z.object({ sent: z.number().int() }), ...errors } },
      },
      async (req, reply) => reply.status(201).send({ sent: await sendAnnouncement(ctx.db, currentUser(req), req.body) }),
    );
  };
}
