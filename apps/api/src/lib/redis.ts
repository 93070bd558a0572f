import type { Redis } from 'ioredis';

/**
 * The Redis client for shared counters. Short timeouts and one retry: while Redis is away a
 * counter fails within about a second (and the rate limit lets the request through) instead of
 * holding the request until Redis returns.
 */
export async function connectRedis(url: string): Promise<Redis> {
  // Loaded only when REDIS_URL is set (a lean start).
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { connectTimeout: 1_000, maxRetriesPerRequest: 1 });
  // Reconnection is automatic; an error event without a listener would crash the process.
  redis.on('error', () => {});
  return redis;
}
