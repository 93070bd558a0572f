import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@courier/shared/schemas/common';
import { clockStatusSchema, timesheetQuerySchema, timesheetSchema } from '@courier/shared/schemas/time-tracking';
import type { AppContext } from '../../context';
import { courierTimeZone } from '../../lib/courier-zone';
import { currentUser, requirePermission } from '../../plugins/auth';
import { clockIn, clockOut, clockStatus, timesheet, timesheetCsv } from './time-tracking.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * Staff clock in and out (time_tracking_view); timesheets of everyone need time_tracking_edit,
 * which admins and branch managers hold and counter staff do not.
 */
export function timeTrackingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['time-tracking'];
    app.get(
      '/time-tracking/me',
      { preHandler: requirePermission('time_tracking_view'), schema: { tags, response: { 200: clockStatusSchema, ...errors } } },
      async (req) => clockStatus(ctx.db, currentUser(req)),
    );
    app.post(
      '/time-tracking/clock-in',
      { preHandler: requirePermission('time_tracking_view'), schema: { tags, response: { 200: clockStatusSchema, ...errors } } },
      async (req) => clockIn(ctx.db, currentUser(req)),
    );
    app.post(
      '/time-tracking/clock-out',
      { preHandler: requirePermission('time_tracking_view'), schema: { tags, response: { 200: clockStatusSchema, ...errors } } },
      async (req) => clockOut(ctx.db, currentUser(req)),
    );
    app.get(
      '/time-tracking/timesheets',
      {
        preHandler: requirePermission('time_tracking_edit'),
        schema: { tags, querystring: timesheetQuerySchema, response: { 200: timesheetSchema, ...errors } },
      },
      async (req) => timesheet(ctx.db, currentUser(req), req.query),
    );
    app.get(
      '/time-tracking/timesheets.csv',
      {
        preHandler: requirePermission('time_tracking_edit'),
        schema: { tags, querystring: timesheetQuerySchema, response: { 200: z.string(), ...errors } },
      },
      async (req, reply) => {
        const sheet = await timesheet(ctx.db, currentUser(req), req.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="timesheet-${sheet.from}-to-${sheet.to}.csv"`)
          .send(await timesheetCsv(sheet, await courierTimeZone(ctx.db, currentUser(req).courierId)));
      },
    );
  };
}
