import { eq } from 'drizzle-orm';
import { DEFAULT_PUBLIC_CONTENT } from '@courier/shared/constants/public-site';
import { type PublicContent, publicContentSchema } from '@courier/shared/schemas/public-site';
import type { EmbedSettings } from '@courier/shared/schemas/public-site-settings';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { courierPublicContent } from '../../db/schema/public-site';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { COURIER_NOT_FOUND } from '../../lib/courier-scope';
import { embedOrigins } from '../../lib/embed-origins';

/** What the courier stored, or the defaults; a stored row that no longer parses counts as unset. */
export async function getPublicContent(db: Db, courierId: number): Promise<PublicContent> {
  const [row] = await db.select().from(courierPublicContent).where(eq(courierPublicContent.courierId, courierId)).limit(1);
  const parsed = publicContentSchema.safeParse(row?.content);
  return parsed.success ? parsed.data : DEFAULT_PUBLIC_CONTENT;
}

/** What the public site shows: the courier's own texts, and the defaults for what it left empty. */
export function withDefaults(content: PublicContent): PublicContent {
  return {
    tagline: content.tagline ?? DEFAULT_PUBLIC_CONTENT.tagline,
    heroTitle: content.heroTitle ?? DEFAULT_PUBLIC_CONTENT.heroTitle,
    heroText: content.heroText ?? DEFAULT_PUBLIC_CONTENT.heroText,
    hours: content.hours.length > 0 ? content.hours : DEFAULT_PUBLIC_CONTENT.hours,
    socialLinks: content.socialLinks,
    faq: content.faq.length > 0 ? content.faq : DEFAULT_PUBLIC_CONTENT.faq,
    // Figures are the courier's own claims: never a default.
    stats: content.stats,
  };
}

async function assertCourier(db: Db, courierId: number) {
  const [courier] = await db.select({ id: couriers.id, apiKey: couriers.apiKey }).from(couriers).where(eq(couriers.id, courierId)).limit(1);
  if (!courier) throw new AppError('not_found', COURIER_NOT_FOUND);
  return courier;
}

export async function savePublicContent(db: Db, actor: AuthUser, courierId: number, content: PublicContent): Promise<PublicContent> {
  await assertCourier(db, courierId);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t
      .insert(courierPublicContent)
      .values({ courierId, content })
      .onConflictDoUpdate({ target: courierPublicContent.courierId, set: { content, updatedAt: new Date() } });
    await audit(t, {
      courierId,
      actor,
      action: 'public_content.updated',
      entity: 'public_content',
      entityId: courierId,
      details: {
        hours: content.hours.length,
        socialLinks: content.socialLinks.length,
        faq: content.faq.length,
        stats: content.stats.length,
      },
    });
  });
  return getPublicContent(db, courierId);
}

export async function getEmbedSettings(db: Db, courierId: number): Promise<EmbedSettings> {
  const courier = await assertCourier(db, courierId);
  return { allowedOrigins: await embedOrigins(db, courierId), apiKey: courier.apiKey };
}

export async function saveEmbedSettings(db: Db, actor: AuthUser, courierId: number, origins: string[]): Promise<EmbedSettings> {
  await assertCourier(db, courierId);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t
      .insert(courierPublicContent)
      .values({ courierId, embedOrigins: origins })
      .onConflictDoUpdate({ target: courierPublicContent.courierId, set: { embedOrigins: origins, updatedAt: new Date() } });
    await audit(t, {
      courierId,
      actor,
      action: 'embed.updated',
      entity: 'embed',
      entityId: courierId,
      details: { allowedOrigins: origins },
    });
  });
  return getEmbedSettings(db, courierId);
}
