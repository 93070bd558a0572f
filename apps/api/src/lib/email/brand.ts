import { eq } from 'drizzle-orm';
import { DEFAULT_BRAND_NAME } from '@courier/shared/schemas/platform';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { type LinkConfig, courierAddress, linkAt } from '../courier-links';
import { readPlatformBrand } from '../platform-smtp';
import { printAccent } from '../print-palette';
import type { EmailBrand } from './layout';

/**
 * Whose e-mail it is: the courier's name, logo (on its own address, which the mail's links use
 * too) and accent; the platform's brand for mail of no courier.
 */
export async function emailBrand(db: Db, config: LinkConfig, courierId: number | null): Promise<EmailBrand> {
  const address = await courierAddress(db, config, courierId);
  const logo = (url: string | null) => (url?.startsWith('/') ? `${address.origin}${url}` : null);
  if (courierId === null) {
    const platform = await readPlatformBrand(db);
    return {
      name: platform.name ?? DEFAULT_BRAND_NAME,
      logoUrl: logo(platform.logoUrl),
      accent: printAccent(null),
      homeUrl: linkAt(address, '/'),
    };
  }
  const [c] = await db
    .select({ name: couriers.name, logoUrl: couriers.logoUrl, accentColor: couriers.accentColor })
    .from(couriers)
    .where(eq(couriers.id, courierId));
  return {
    name: c?.name ?? DEFAULT_BRAND_NAME,
    logoUrl: logo(c?.logoUrl ?? null),
    accent: printAccent(c?.accentColor),
    homeUrl: linkAt(address, '/'),
  };
}
