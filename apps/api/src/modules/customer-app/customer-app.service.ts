import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CUSTOMER_APP_SCOPE, CUSTOMER_APP_START_PATH, type CustomerAppManifest } from '@courier/shared/schemas/customer-app';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { courierAddressOfRequest, linkAt } from '../../lib/courier-links';
import { AppError } from '../../lib/errors';
import { APP_BACKGROUND_COLOUR, APP_ICON_SIZES, APP_THEME_COLOUR } from './app-icon';

export const NO_SUCH_APP = 'No courier app here';

/** An active courier by its code (the app's address names it), or a 404. */
export async function courierOfApp(db: Db, code: string) {
  const [row] = await db
    .select({ id: couriers.id, name: couriers.name, code: couriers.code, logoUrl: couriers.logoUrl, accentColor: couriers.accentColor })
    .from(couriers)
    .where(and(eq(couriers.code, code.toUpperCase()), eq(couriers.status, 'active')))
    .limit(1);
  if (!row) throw new AppError('not_found', NO_SUCH_APP);
  return row;
}

/** Words a company name carries that its customers do not call it by. */
const COMPANY_WORDS = /\s+(ltd\.?|limited|inc\.?|llc|co\.?|company|couriers?|services|logistics|shipping|freight)$/i;

/**
 * The name under the home-screen icon, short enough for a phone (12 characters): the courier's
 * name, else that name without "Ltd", "Couriers" and the like, else its code (the short form on
 * its package numbers). Never its first word alone ("Jamaica" names a country, not a courier).
 */
export function shortName(name: string, code: string): string {
  let short = name.trim();
  while (short.length > 12 && COMPANY_WORDS.test(short)) short = short.replace(COMPANY_WORDS, '');
  return short.length <= 12 ? short : code.slice(0, 12);
}

/**
 * One courier's customer app. It opens on the customer dashboard of the address the browser came
 * to when that is the courier's own (its approved domain, or our address with its api key, so a
 * signed-out start still shows the courier's sign-in page), and controls the customer portal only.
 */
export async function customerAppManifest(
  db: Db,
  config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'COURIER_DOMAIN_URL'>,
  request: FastifyRequest,
  code: string,
): Promise<CustomerAppManifest> {
  const courier = await courierOfApp(db, code);
  const address = await courierAddressOfRequest(db, config, request, courier.id);
  // Relative to the manifest, so it stays on the origin the browser installed from.
  const start = new URL(linkAt(address, CUSTOMER_APP_START_PATH));
  // The icons change with the logo and accent colour: their address does too, so no cache keeps an old one.
  const version = createHash('sha256')
    .update(`${courier.name}|${courier.logoUrl ?? ''}|${courier.accentColor ?? ''}`)
    .digest('hex')
    .slice(0, 12);
  const iconPath = (size: number) => `/api/public/customer-app/${courier.code}/icon-${size}.png?v=${version}`;
  const icons: CustomerAppManifest['icons'] = [
    ...APP_ICON_SIZES.map((size) => ({ src: iconPath(size), sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
    { src: iconPath(512), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ];
  // A logo we store is drawn into the icons; one elsewhere is listed as it is.
  if (courier.logoUrl && !courier.logoUrl.startsWith('/api/files/'))
    icons.unshift({ src: courier.logoUrl, sizes: 'any', type: imageType(courier.logoUrl), purpose: 'any' });
  return {
    id: `${CUSTOMER_APP_SCOPE}?courier=${courier.code}`,
    name: courier.name,
    short_name: shortName(courier.name, courier.code),
    description: `Your packages, invoices and deliveries with ${courier.name}.`,
    start_url: `${start.pathname}${start.search}`,
    scope: CUSTOMER_APP_SCOPE,
    display: 'standalone',
    orientation: 'portrait',
    theme_color: APP_THEME_COLOUR,
    background_color: APP_BACKGROUND_COLOUR,
    icons,
  };
}

function imageType(url: string): string {
  const ext = url.split('?')[0]?.split('.').pop()?.toLowerCase();
  if (ext === 'svg') return 'image/svg+xml';
  if (ext === 'jpg' || ext === 'jpeg') return 'image/jpeg';
  if (ext === 'webp') return 'image/webp';
  return 'image/png';
}
