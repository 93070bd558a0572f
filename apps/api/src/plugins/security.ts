import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers with a strict CSP (the SPA ships no inline script), and a global rate limit.
 * The limit counts per signed-in account, or per IP for anonymous calls: a warehouse or an office
 * behind one address must not share a single budget. It runs at preParsing, after the auth hook
 * (onRequest) has resolved the caller and before any body is read. Sensitive routes (logins,
 * resets) set tighter per-IP limits of their own through route config.
 */
export async function registerSecurity(app: FastifyInstance, options: { rateLimitMax: number }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner set inline style attributes; no inline <style> blocks are needed beyond that.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitMax,
    timeWindow: '1 minute',
    hook: 'preParsing',
    keyGenerator: (request) => (request.user ? `${request.user.kind}:${request.user.id}` : `ip:${request.ip}`),
    allowList: (request) => !request.url.startsWith('/api/'),
  });
}
