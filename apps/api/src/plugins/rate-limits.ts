import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
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
