import { Redis } from 'ioredis';

/**
 * The Redis client for shared counters. Short timeouts and one retry: while Redis is away a
 * counter fails within about a second (and the rate limit lets the request through) instead of
 * holding the request until Redis returns.
 */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, { connectTimeout: 1_000, maxRetriesPerRequest: 1 });
  // Reconnection is automatic; an error event without a listener would crash the process.
  redis.on('error', () => {});
  return redis;
}
