import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_MESSAGES } from '@courier/shared/messages';
import { healthResponseSchema, notReadyResponseSchema, readyResponseSchema } from '@courier/shared/schemas/health';
import { errorResponseSchema } from '@courier/shared/schemas/common';
import type { AppContext } from '../../context';
import { Storage } from '../../lib/storage';
import { pingDatabase } from './health.service';

const READY_TIMEOUT_MS = 2_000;

/** Resolves true when the check answers in time, false on an error or a timeout. */
async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /health is liveness (the process answers; the database check is kept for the start-up check).
 * /ready is readiness for a load balancer: the database, Redis when REDIS_URL is set and the
 * bucket when STORAGE_URL is set answer;
 * a 503 names which failed and nothing more.
 */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const storage = new Storage(ctx.config);
  return async (app) => {
    app.get(
      '/health',
      {
        config: { public: true },
        exposeHeadRoute: true,
        schema: { tags: ['health'], response: { 200: healthResponseSchema, 503: errorResponseSchema } },
      },
      async (_request, reply) => {
        try {
          await pingDatabase(ctx.db);
        } catch {
          return reply.status(503).send({ message: 'Database unreachable' });
        }
        return { status: 'ok' as const, database: ctx.databaseKind, time: new Date().toISOString() };
      },
    );

    app.get(
      '/ready',
      {
        config: { public: true },
        exposeHeadRoute: true,
        schema: { tags: ['health'], response: { 200: readyResponseSchema, 503: notReadyResponseSchema } },
      },
      async (_request, reply) => {
        const redis = ctx.redis;
        const [database, redisOk, storageOk] = await Promise.all([
          answers(() => pingDatabase(ctx.db)),
          redis ? answers(() => redis.ping()) : Promise.resolve(undefined),
          storage.remote ? answers(() => storage.ping()) : Promise.resolve(undefined),
        ]);
        const failed = [
          ...(database ? [] : ['database' as const]),
          ...(redisOk === false ? ['redis' as const] : []),
          ...(storageOk === false ? ['storage' as const] : []),
        ];
        if (failed.length > 0) return reply.status(503).send({ message: API_MESSAGES.notReady(failed), failed });
        const checks = {
          database: 'ok' as const,
          ...(redis ? { redis: 'ok' as const } : {}),
          ...(storage.remote ? { storage: 'ok' as const } : {}),
        };
        return { status: 'ready' as const, checks };
      },
    );
  };
}
