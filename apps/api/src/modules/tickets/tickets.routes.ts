import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { type ZodType, z } from 'zod';
import { courierListQuerySchema, errorResponseSchema, idParamSchema, pageSchema, queryIdSchema } from '@courier/shared/schemas/common';
import {
  TICKET_MESSAGES,
  createTicketSchema,
  customerTicketsQuerySchema,
  customerTicketsSchema,
  replyTicketSchema,
  ticketSchema,
  ticketStatusSchema,
  ticketWithMessagesSchema,
  unreadCountSchema,
  unreadTicketsSchema,
} from '@courier/shared/schemas/tickets';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { Storage } from '../../lib/storage';
import { sendPrivateFile } from '../../lib/uploads';
import { currentUser, requirePermission, requireRole, customerOrPermission } from '../../plugins/auth';
import { createTicket, replyToTicket, setTicketStatus } from './ticket-changes.service';
import { customerTickets, getTicket, listTickets, ticketAttachment } from './ticket-queries.service';
import { unreadCount, unreadTickets } from './ticket-unread.service';
import { LIVE_ACCEPT, TicketStreams, tellTyping } from './ticket-live.service';
import { type IncomingAttachment, readTicketForm, removeAttachments, saveAttachments } from './ticket-attachments';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const uploadErrors = { 413: errorResponseSchema, 415: errorResponseSchema };

/**
 * Tickets and replies come as JSON, or as multipart/form-data when files are attached (the same
 * fields, validated by the same schema, plus up to three files under `attachments`). The body
 * schema allows no body because the multipart parser leaves it null.
 */
async function ticketForm<T>(
  request: FastifyRequest,
  body: T | null | undefined,
  schema: ZodType<T>,
): Promise<{ input: T; attachments: IncomingAttachment[] }> {
  if (request.isMultipart()) return readTicketForm(request, schema);
  if (body === undefined || body === null) throw new AppError('bad_request', TICKET_MESSAGES.messageRequired);
  return { input: body, attachments: [] };
}

/** Runs the database step with the files stored; if it fails, the files are removed again. */
async function withStoredFiles<R>(
  storage: Storage,
  incoming: IncomingAttachment[],
  run: (saved: Awaited<ReturnType<typeof saveAttachments>>) => Promise<R>,
): Promise<R> {
  const saved = await saveAttachments(storage, incoming);
  try {
    return await run(saved);
  } catch (error) {
    await removeAttachments(storage, saved);
    throw error;
  }
}

/** Support tickets: customers open and answer, staff answer and set the status. */
export function ticketRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const storage = new Storage(ctx.config);
  const streams = new TicketStreams(ctx.live);
  return async (app) => {
    const tags = ['tickets'];
    // Open streams end before the server waits for its connections to finish.
    app.addHook('preClose', async () => streams.endAll());
    app.get(
      '/tickets/live',
      {
        preHandler: customerOrPermission('tickets_view'),
        // A stream is written as it happens: never held back to be compressed.
        compress: false,
        schema: {
          tags,
          description: 'Server-sent events of the tickets the caller may see: `ready`, then `ticket` (message, status, typing, read).',
          // 200 is the event stream itself (never serialized: Fastify pipes a stream as it is).
          response: { 200: z.unknown(), 409: errorResponseSchema, 429: errorResponseSchema, ...errors },
        },
      },
      async (req, reply) => {
        // Only an event-stream client gets the stream; any other call is answered (and ends) at once.
        if (!/text\/event-stream/.test(req.headers.accept ?? '')) throw new AppError('bad_request', LIVE_ACCEPT);
        const stream = await streams.stream(currentUser(req), (end) => reply.raw.on('close', end));
        return (
          reply
            .header('content-type', 'text/event-stream; charset=utf-8')
            .header('cache-control', 'no-cache, no-transform')
            .header('x-accel-buffering', 'no')
            // Its connection ends with it: a keep-alive socket left idle would hold a closing server up.
            .header('connection', 'close')
            .send(stream)
        );
      },
    );
    app.post(
      '/tickets/:id/typing',
      {
        preHandler: customerOrPermission('tickets_edit'),
        schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errors } },
      },
      async (req, reply) => {
        await tellTyping(ctx.db, currentUser(req), req.params.id);
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/tickets/unread',
      { preHandler: requirePermission('tickets_view'), schema: { tags, response: { 200: unreadTicketsSchema, ...errors } } },
      async (req) => unreadTickets(ctx.db, currentUser(req)),
    );
    app.get(
      '/tickets/unread/count',
      { preHandler: requirePermission('tickets_view'), schema: { tags, response: { 200: unreadCountSchema, ...errors } } },
      async (req) => ({ unreadCount: await unreadCount(ctx.db, currentUser(req)) }),
    );
    app.get(
      '/tickets/customer/:customerId',
      {
        preHandler: customerOrPermission('tickets_view'),
        schema: {
          tags,
          params: z.object({ customerId: queryIdSchema }),
          querystring: customerTicketsQuerySchema,
          response: { 200: customerTicketsSchema, ...errors },
        },
      },
      async (req) => customerTickets(ctx.db, currentUser(req), req.params.customerId, req.query.page, req.query.limit),
    );
    app.get(
      '/tickets',
      {
        preHandler: customerOrPermission('tickets_view'),
        schema: {
          tags,
          querystring: courierListQuerySchema,
          response: { 200: pageSchema(ticketSchema), ...errors },
        },
      },
      async (req) => listTickets(ctx.db, currentUser(req), req.query),
    );
    app.get(
      '/tickets/:id',
      {
        preHandler: customerOrPermission('tickets_view'),
        schema: { tags, params: idParamSchema, response: { 200: ticketWithMessagesSchema, ...errors } },
      },
      async (req) => getTicket(ctx.db, currentUser(req), req.params.id),
    );
    app.post(
      '/tickets',
      {
        preHandler: requireRole('customer'),
        schema: {
          tags,
          consumes: ['application/json', 'multipart/form-data'],
          body: createTicketSchema.nullish(),
          response: { 201: ticketWithMessagesSchema, ...errors, ...uploadErrors },
        },
      },
      async (req, reply) => {
        const user = currentUser(req);
        const { input, attachments } = await ticketForm(req, req.body, createTicketSchema);
        const ticket = await withStoredFiles(storage, attachments, (saved) => createTicket(ctx.db, user, input, saved));
        return reply.status(201).send(ticket);
      },
    );
    app.post(
      '/tickets/:id/messages',
      {
        preHandler: customerOrPermission('tickets_edit'),
        schema: {
          tags,
          consumes: ['application/json', 'multipart/form-data'],
          params: idParamSchema,
          body: replyTicketSchema.nullish(),
          response: { 201: ticketWithMessagesSchema, ...errors, ...uploadErrors },
        },
      },
      async (req, reply) => {
        const user = currentUser(req);
        const { input, attachments } = await ticketForm(req, req.body, replyTicketSchema);
        const ticket = await withStoredFiles(storage, attachments, (saved) =>
          replyToTicket(ctx, user, req.params.id, input.message, saved),
        );
        return reply.status(201).send(ticket);
      },
    );
    app.get(
      '/tickets/:id/attachments/:file',
      {
        preHandler: customerOrPermission('tickets_view'),
        schema: {
          tags,
          params: z.object({ id: queryIdSchema, file: z.string().regex(/^[a-f0-9]{32}\.(pdf|jpg|png)$/) }),
          // The answer is the file's bytes (its type set below); errors are the usual { message }.
        },
      },
      async (req, reply) => {
        return sendPrivateFile(reply, await ticketAttachment(ctx.db, storage, currentUser(req), req.params.id, req.params.file));
      },
    );
    app.patch(
      '/tickets/:id/status',
      {
        preHandler: requirePermission('tickets_edit'),
        schema: { tags, params: idParamSchema, body: ticketStatusSchema, response: { 200: ticketWithMessagesSchema, ...errors } },
      },
      async (req) => setTicketStatus(ctx.db, currentUser(req), req.params.id, req.body.status),
    );
  };
}
