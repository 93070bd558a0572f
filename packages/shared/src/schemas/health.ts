import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['embedded', 'server']),
  time: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
