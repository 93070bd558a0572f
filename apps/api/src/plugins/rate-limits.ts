import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { API_MESSAGES } from '@courier/shared/messages';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

/** Under NODE_ENV=test suites sign in hundreds of times; a test that wants the limit sets it. */
const TEST_DEFAULT = 100_000;

export function authLimits(config: Config) {
  const test = config.NODE_ENV === 'test';
  return {
    perIp: config.AUTH_RATE_LIMIT_PER_IP ?? (test ? TEST_DEFAULT : 30),
    perEmail: config.AUTH_RATE_LIMIT_PER_EMAIL ?? (test ? TEST_DEFAULT : 10),
    registrationProbes: config.AUTH_REGISTRATION_PROBES_PER_IP ?? (test ? TEST_DEFAULT : 10),
  };
}

/** The global per-minute budgets of /api (plugins/security.ts). */
export function requestBudgets(config: Config) {
  const test = config.NODE_ENV === 'test';
  return {
    signedIn: config.RATE_LIMIT_SIGNED_IN ?? (test ? TEST_DEFAULT : 1200),
    anonymous: config.RATE_LIMIT_ANONYMOUS ?? (test ? TEST_DEFAULT : 600),
  };
}

/** Route config: attempts per minute from one IP on this route (runs before the body is read). */
export function perIpLimit(config: Config): RateLimitOptions {
  return { max: authLimits(config).perIp, timeWindow: '1 minute', keyGenerator: (request) => `ip:${request.ip}` };
}

function bodyEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/**
 * preHandler: reset requests per 15 minutes for one e-mail, whatever IPs they come from (sign-ins
 * are throttled per account instead: login-throttle.ts). It runs after
 * validation (the e-mail is in the body) through the plugin's store, so Redis works the same.
 */
export function perEmailLimit(app: FastifyInstance, config: Config, scope: string): preHandlerAsyncHookHandler {
  const limiter = app.createRateLimit({
    max: authLimits(config).perEmail,
    timeWindow: '15 minutes',
    keyGenerator: (request) => `${scope}:email:${bodyEmail(request)}`,
  });
  return async (request) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw new AppError('too_many_requests', API_MESSAGES.tooManyRequests);
  };
}

/**
 * Self-registration with a taken e-mail says only "check your inbox" (its owner is mailed), but it
 * is still not the signed-in answer a new account gets. One IP gets that answer a few times an hour (AUTH_REGISTRATION_PROBES_PER_IP); after
 * that it may not register for the rest of the hour (429 + Retry-After, before the e-mail is looked
 * at, so the refusal says nothing about it), and the probing is logged once with the IP. Counted in
 * the rate-limit store, so replicas share it through Redis.
 */
export function registrationProbeLimit(app: FastifyInstance, config: Config) {
  const max = authLimits(config).registrationProbes;
  const limiter = app.createRateLimit({ max, timeWindow: '1 hour', keyGenerator: (request) => `register-taken:ip:${request.ip}` });
  return {
    /** preHandler: refuses an IP that has had its share of "already exists" answers this hour. */
    async refuseProber(request: FastifyRequest, reply: FastifyReply) {
      const state = await limiter(request, { increment: false });
      // isAllowed: an allow-listed caller.
      if (state.isAllowed || state.remaining > 0) return;
      request.log.info({ ip: request.ip }, 'Registration refused: too many attempts for e-mails that already have accounts');
      reply.header('retry-after', String(Math.max(1, state.ttlInSeconds)));
      throw new AppError('too_many_requests', API_MESSAGES.tooManyRequests);
    },
    /** Counts one "already exists" answer; the one that uses up the share is logged. */
    async countProbe(request: FastifyRequest) {
      const state = await limiter(request);
      if (!state.isAllowed && state.remaining === 0 && !state.isExceeded)
        request.log.warn(
          { ip: request.ip, probes: max },
          'Repeated registration attempts for e-mails that already have accounts: registration from this IP is refused for the hour',
        );
    },
  };
}
