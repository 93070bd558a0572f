import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['embedded', 'server']),
  time: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** Readiness: every dependency this replica needs answered (Redis and an S3 store only when configured). */
export const readyResponseSchema = z.object({
  status: z.literal('ready'),
  checks: z.object({ database: z.literal('ok'), redis: z.literal('ok').optional(), storage: z.literal('ok').optional() }),
});
export const notReadyResponseSchema = z.object({
  message: z.string(),
  failed: z.array(z.enum(['database', 'redis', 'storage'])),
});
