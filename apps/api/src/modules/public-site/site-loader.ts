import type { FastifyRequest } from 'fastify';
import type { PublicSite } from '@courier/shared/schemas/public-site';
import type { AppContext } from '../../context';
import { buildPublicSite } from './site.service';
import { resolvePublicCourier } from './tenant';

/**
 * The public site of the request's tenant for the pre-rendered pages: the same resolution (api key,
 * approved host name, default courier) and the same data as `GET /api/public/site`. Null when an
 * api key names no active courier, or no courier exists at all.
 */
export async function loadPublicSite(ctx: AppContext, request: FastifyRequest): Promise<PublicSite | null> {
  const resolved = await resolvePublicCourier(ctx, request);
  return resolved ? buildPublicSite(ctx.db, resolved) : null;
}
