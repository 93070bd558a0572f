import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { couriers } from '../../db/schema/couriers';

export type PublicCourier = typeof couriers.$inferSelect;
export interface ResolvedCourier {
  courier: PublicCourier;
  resolvedBy: 'api_key' | 'host' | 'default';
}

/** The api key of a public request: `?api_key=` or the `x-api-key` header. */
export function requestApiKey(request: FastifyRequest): string | undefined {
  const query = request.query as { api_key?: unknown } | undefined;
  const fromQuery = typeof query?.api_key === 'string' ? query.api_key.trim() : '';
  if (fromQuery) return fromQuery.slice(0, 200);
  const header = request.headers['x-api-key'];
  const fromHeader = typeof header === 'string' ? header.trim() : '';
  return fromHeader ? fromHeader.slice(0, 200) : undefined;
}

/**
 * The courier (tenant) of a public request, per the issue 18 contract. This is t18-pages' minimal
 * stand-in (api key, then the first active courier); t18-server's version adds the host name and
 * the default-courier setting, and replaces this file at merge. An unknown or suspended api key
 * resolves to null: it never falls through to another courier.
 */
export async function resolvePublicCourier(ctx: AppContext, request: FastifyRequest): Promise<ResolvedCourier | null> {
  const apiKey = requestApiKey(request);
  if (apiKey) {
    const [courier] = await ctx.db.select().from(couriers).where(eq(couriers.apiKey, apiKey)).limit(1);
    return courier?.status === 'active' ? { courier, resolvedBy: 'api_key' } : null;
  }
  const [courier] = await ctx.db.select().from(couriers).where(eq(couriers.status, 'active')).orderBy(asc(couriers.id)).limit(1);
  return courier ? { courier, resolvedBy: 'default' } : null;
}
