import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { courierPublicContent } from '../db/schema/public-site';

/** The origins allowed to frame this courier's sign-in and portal pages. */
export async function embedOrigins(db: Db, courierId: number): Promise<string[]> {
  const [row] = await db
    .select({ origins: courierPublicContent.embedOrigins })
    .from(courierPublicContent)
    .where(eq(courierPublicContent.courierId, courierId))
    .limit(1);
  return Array.isArray(row?.origins) ? row.origins.filter((o): o is string => typeof o === 'string') : [];
}
