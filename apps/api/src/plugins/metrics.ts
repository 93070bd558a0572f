import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { API_MESSAGES } from '@courier/shared/messages';
import type { AppContext } from '../context';
import { emailOutbox } from '../db/schema/index';
import { jobRuns } from '../lib/metrics';

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /api/metrics in Prometheus text format, only when METRICS_TOKEN is set (else 404, as for
 * any unknown route). Requests are labelled by route pattern (`/api/packages/:id`), never the raw
 * URL, so the series stay few. One registry per app: tests build many apps in one process.
 */
export async function registerMetrics(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const token = ctx.config.METRICS_TOKEN;
  if (!token) return;
  // Loaded only when metrics are on (a lean start).
  const { Counter, Gauge, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'email_outbox_messages',
    help: 'E-mails in the outbox by status (pending and sending are the depth; failed gave up)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await ctx.db
        .select({ status: emailOutbox.status, count: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .where(sql`${emailOutbox.status} <> 'sent'`)
        .groupBy(emailOutbox.status);
      this.reset();
      for (const status of ['pending', 'sending', 'failed'] as const) {
        this.set({ status }, rows.find((r) => r.status === status)?.count ?? 0);
      }
    },
  });
  new Counter({
    name: 'job_runs_total',
    help: 'Scheduled job rounds in this process: ran, skipped (another replica held the lock) or failed',
    labelNames: ['job', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [job, counts] of jobRuns) {
        for (const outcome of ['ran', 'skipped', 'failed'] as const) this.inc({ job, outcome }, counts[outcome]);
      }
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/api/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) {
      return reply.status(401).send({ message: API_MESSAGES.metricsToken });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
