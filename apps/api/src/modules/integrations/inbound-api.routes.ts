import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_MESSAGES } from '@courier/shared/messages';
import { errorResponseSchema, idParamSchema } from '@courier/shared/schemas/common';
import {
  type ApiScope,
  INTEGRATION_MESSAGES,
  inboundBatchResultSchema,
  inboundBatchSchema,
  inboundPackageSchema,
  inboundResultSchema,
  v1EventsSchema,
  v1PackageListQuerySchema,
  v1PackageListSchema,
} from '@courier/shared/schemas/integrations';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { accessGuard } from '../../plugins/auth';
import { receiveRecords } from '../package-imports/index';
import {
  type ApiCaller,
  authenticateApiKey,
  claimIdempotent,
  completeIdempotent,
  releaseIdempotent,
  requestHashOf,
} from './api-keys.service';
import { listV1Packages, v1PackageEvents } from './inbound-api.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};
const tags = ['inbound API v1'];
const security = [{ apiKey: [] }];
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;
/** How long a request waits for another one running with its Idempotency-Key before a 409. */
const IDEMPOTENCY_WAIT_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The inbound API for a courier's warehouse agent and other systems, versioned under /api/v1 and
 * authenticated by the courier's API keys (never a session): each key reaches only its courier,
 * within its scopes, at API_KEY_RATE_LIMIT requests a minute.
 */
export function inboundApiRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const s = { db: ctx.db, mailer: ctx.mailer };
  const callers = new WeakMap<FastifyRequest, ApiCaller>();
  const caller = (request: FastifyRequest) => {
    const c = callers.get(request);
    if (!c) throw new AppError('unauthenticated', INTEGRATION_MESSAGES.keyMissing);
    return c;
  };
  return async (app) => {
    const limiter = app.createRateLimit({
      max: ctx.config.API_KEY_RATE_LIMIT,
      timeWindow: '1 minute',
      keyGenerator: (request) => `api-key:${callers.get(request)?.keyId ?? request.ip}`,
    });
    /** The key in the Authorization header, with the scope the route needs; then the key's rate limit. */
    const scope = (needed: ApiScope) =>
      accessGuard(async (request: FastifyRequest, reply: FastifyReply) => {
        const header = request.headers.authorization ?? '';
        const raw = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
        if (!raw) throw new AppError('unauthenticated', INTEGRATION_MESSAGES.keyMissing);
        const found = await authenticateApiKey(ctx.db, raw);
        if (!found) throw new AppError('unauthenticated', INTEGRATION_MESSAGES.keyInvalid);
        callers.set(request, found);
        const limit = await limiter(request);
        if (!limit.isAllowed && limit.isExceeded) {
          reply.header('retry-after', String(Math.max(1, limit.ttlInSeconds)));
          throw new AppError('too_many_requests', API_MESSAGES.tooManyRequests);
        }
        if (!found.scopes.includes(needed)) throw new AppError('forbidden', INTEGRATION_MESSAGES.scopeMissing(needed));
      });

    /**
     * Runs a write once per Idempotency-Key, even for requests at the same moment: the first
     * claims the key in the database and runs; the others wait for its answer and get it (a 409
     * if it takes over IDEMPOTENCY_WAIT_MS); the same key with another body gets a 422.
     */
    async function once(request: FastifyRequest, reply: FastifyReply, status: number, run: () => Promise<unknown>) {
      const key = request.headers['idempotency-key'];
      if (key === undefined) return reply.status(status).send(await run());
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))
        throw new AppError('bad_request', INTEGRATION_MESSAGES.idempotencyKeyShape);
      const { keyId } = caller(request);
      const hash = requestHashOf(request.method, request.routeOptions.url ?? request.url, request.body);
      const giveUpAt = Date.now() + IDEMPOTENCY_WAIT_MS;
      for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
        const claim = await claimIdempotent(ctx.db, keyId, key, hash);
        if (claim.state === 'done') return reply.status(claim.statusCode).header('idempotent-replayed', 'true').send(claim.response);
        if (claim.state === 'claimed') {
          let response: unknown;
          try {
            response = await run();
          } catch (error) {
            await releaseIdempotent(ctx.db, keyId, key);
            throw error;
          }
          await completeIdempotent(ctx.db, keyId, key, status, response);
          return reply.status(status).send(response);
        }
        if (Date.now() >= giveUpAt) {
          reply.header('retry-after', '2');
          throw new AppError('conflict', INTEGRATION_MESSAGES.idempotencyInProgress);
        }
        await sleep(pause);
      }
    }

    app.post(
      '/v1/packages',
      {
        preHandler: scope('packages:write'),
        schema: {
          tags,
          security,
          summary: 'Receive one package at the US warehouse',
          description:
            'The customer is found by mailbox (else by consignee name) or by a pending pre-alert of the tracking number; with none the package goes to Unknown Packages. A tracking number already received is answered with its package (outcome already_received), never doubled. Send an Idempotency-Key header of your choosing to make a retry safe: the same key and body get the first answer again; the same key with another body is refused (422). A request sent while another with its key is still running waits for that answer (409 if it takes over 10 seconds), so the package is received once.',
          body: inboundPackageSchema,
          response: { 201: inboundResultSchema, ...errors },
        },
      },
      async (request, reply) =>
        once(request, reply, 201, async () => {
          const [result] = await receiveRecords(s, { courierId: caller(request).courierId, user: null }, [request.body]);
          if (!result) throw new Error('no result');
          if (result.outcome === 'invalid') throw new AppError('unprocessable', result.messages.join('; '));
          return result;
        }),
    );

    app.post(
      '/v1/packages/batch',
      {
        preHandler: scope('packages:write'),
        schema: {
          tags,
          security,
          summary: 'Receive up to 1,000 packages at once',
          description:
            'Each package is answered in order with its outcome; bad ones are reported, the others received. Idempotent by the Idempotency-Key header, as for one package.',
          body: inboundBatchSchema,
          response: { 200: inboundBatchResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        if (request.body.packages.length === 0) throw new AppError('bad_request', INTEGRATION_MESSAGES.batchEmpty);
        return once(request, reply, 200, async () => ({
          results: await receiveRecords(s, { courierId: caller(request).courierId, user: null }, request.body.packages),
        }));
      },
    );

    app.get(
      '/v1/packages',
      {
        preHandler: scope('packages:read'),
        schema: {
          tags,
          security,
          summary: 'List packages, oldest first',
          querystring: v1PackageListQuerySchema,
          response: { 200: v1PackageListSchema, ...errors },
        },
      },
      async (request) => listV1Packages(ctx.db, caller(request).courierId, request.query),
    );

    app.get(
      '/v1/packages/:id/events',
      {
        preHandler: scope('packages:read'),
        schema: {
          tags,
          security,
          summary: "A package's status history",
          params: idParamSchema,
          response: { 200: v1EventsSchema, ...errors },
        },
      },
      async (request) => v1PackageEvents(ctx.db, caller(request).courierId, request.params.id),
    );
  };
}
