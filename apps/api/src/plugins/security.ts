import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import { API_MESSAGES } from '@courier/shared/messages';
import { AppError } from '../lib/errors';

/** The first string in a parsed body or query that PostgreSQL cannot store: a NUL, or a lone UTF-16 surrogate. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function findUnstorableText(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value) ? value : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = findUnstorableText(key, depth + 1) ?? findUnstorableText(inner, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Security headers with a strict CSP (the SPA ships no inline script), and a global rate limit.
 * The limit counts per signed-in person, or per IP for anonymous calls, each with its own budget
 * (RATE_LIMIT_SIGNED_IN, RATE_LIMIT_ANONYMOUS): a warehouse or an office behind one address must
 * not share a single budget. It runs at preParsing, after the auth hook
 * (onRequest) has resolved the caller and before any body is read. Sensitive routes (logins,
 * resets) set tighter per-IP limits of their own through route config.
 * With `redis` every limit (global, per route, and those made by `app.createRateLimit`) counts in
 * Redis, so replicas share one budget; without it they count in this process's memory.
 */
export interface RequestBudgets {
  /** Requests per minute one signed-in person may make, wherever they sit. */
  signedIn: number;
  /** Requests per minute from one IP without a sign-in. */
  anonymous: number;
}

export async function registerSecurity(app: FastifyInstance, options: { budgets: RequestBudgets; redis?: Redis }): Promise<void> {
  // Helmet's middleware, built once: @fastify/helmet built it anew on every request, parsing the
  // CSP directives each time (about 3% of a package page's CPU). Set on the raw
  // response at onRequest, for every route and every answer, as the plugin did.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the camera's ZXing WebAssembly (served by us) compile; no JS eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Radix and sonner set inline style attributes; no inline <style> blocks are needed beyond that.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        // The Scan station's auto-print loads the label PDF (a blob) in a hidden frame.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
  await app.register(rateLimit, {
    global: true,
    max: (_request, key) => (key.startsWith('ip:') ? options.budgets.anonymous : options.budgets.signedIn),
    timeWindow: '1 minute',
    hook: 'preParsing',
    keyGenerator: (request) => (request.user ? `${request.user.kind}:${request.user.id}` : `ip:${request.ip}`),
    allowList: (request) => !request.url.startsWith('/api/'),
    ...(options.redis
      ? {
          redis: options.redis,
          nameSpace: 'courier-rate-limit:',
          // Redis down must not take the API down with it: requests pass uncounted (logged), and
          // /api/ready reports the outage so the load balancer and the operator know.
          skipOnError: true,
        }
      : {}),
  });
  // Text columns cannot hold NUL and jsonb refuses lone surrogates: such input is the caller's
  // mistake (400), found before any query instead of failing inside one (500). Runs after the
  // access guards and validation, so a refused caller still gets 401/403.
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if ([request.body, request.query, request.params].some((part) => findUnstorableText(part) !== undefined)) {
      throw new AppError('bad_request', API_MESSAGES.unstorableText);
    }
  });
}
