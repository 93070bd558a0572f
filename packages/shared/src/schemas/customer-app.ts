import { z } from 'zod';

export { CUSTOMER_APP_SCOPE, CUSTOMER_APP_START_PATH, CUSTOMER_WORKER_URL } from '../constants/customer-app';

export const appManifestIconSchema = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.string(),
  purpose: z.string(),
});

/** The web app manifest of one courier's customer app (W3C Web App Manifest members we use). */
export const customerAppManifestSchema = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  orientation: z.literal('portrait'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(appManifestIconSchema),
});
export type CustomerAppManifest = z.infer<typeof customerAppManifestSchema>;

export const courierCodeParamsSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,20}$/, 'That is not a courier code'),
});
export const appIconParamsSchema = courierCodeParamsSchema.extend({
  size: z.enum(['192', '512'], { error: 'Icons come in 192 and 512 pixels' }),
});
