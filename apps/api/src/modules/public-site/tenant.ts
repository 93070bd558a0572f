import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { normaliseHostname } from '@courier/shared/schemas/public-site-settings';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { appSettings } from '../../db/schema/platform';
import { courierDomains } from '../../db/schema/public-site';

export type PublicCourier = typeof couriers.$inferSelect;
export interface ResolvedCourier {
  courier: PublicCourier;
  resolvedBy: 'account' | 'api_key' | 'host' | 'default';
}

/** The `app_settings` key of the super admin's default courier: `{ courierCode: string | null }`. */
export const DEFAULT_COURIER_KEY = 'platform_default_courier';

/** The api key of a public request: `?api_key=` or the `x-api-key` header. */
export function requestApiKey(request: FastifyRequest): string | undefined {
  const query = request.query as { api_key?: unknown } | undefined;
  const fromQuery = typeof query?.api_key === 'string' ? query.api_key.trim() : '';
  if (fromQuery) return fromQuery.slice(0, 200);
  const header = request.headers['x-api-key'];
  const fromHeader = typeof header === 'string' ? header.trim() : '';
  return fromHeader ? fromHeader.slice(0, 200) : undefined;
}

/** The host name the visitor asked for (Host, or X-Forwarded-Host behind a trusted proxy), without port. */
export function requestHostname(request: FastifyRequest): string | null {
  return normaliseHostname(request.hostname ?? '');
}

async function activeCourierByCode(db: Db, code: string): Promise<PublicCourier | undefined> {
  const [courier] = await db
    .select()
    .from(couriers)
    .where(and(eq(couriers.code, code.toUpperCase()), eq(couriers.status, 'active')))
    .limit(1);
  return courier;
}

/** An active courier by id (a signed-in person's own), or undefined. */
export async function activeCourier(db: Db, id: number): Promise<PublicCourier | undefined> {
  const [courier] = await db
    .select()
    .from(couriers)
    .where(and(eq(couriers.id, id), eq(couriers.status, 'active')))
    .limit(1);
  return courier;
}

/** The code the super admin chose in platform settings, or null. */
export async function chosenDefaultCourierCode(db: Db): Promise<string | null> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, DEFAULT_COURIER_KEY)).limit(1);
  const value = row?.value as { courierCode?: unknown } | undefined;
  return typeof value?.courierCode === 'string' ? value.courierCode : null;
}

/**
 * The default courier: the platform setting, else DEFAULT_COURIER_CODE, else the first active
 * courier. A code that names no active courier is passed over, so a suspended default never
 * leaves the public site without a tenant.
 */
export async function defaultCourier(ctx: Pick<AppContext, 'db' | 'config'>): Promise<PublicCourier | null> {
  for (const code of [await chosenDefaultCourierCode(ctx.db), ctx.config.DEFAULT_COURIER_CODE ?? null]) {
    if (!code) continue;
    const courier = await activeCourierByCode(ctx.db, code);
    if (courier) return courier;
  }
  const [first] = await ctx.db.select().from(couriers).where(eq(couriers.status, 'active')).orderBy(asc(couriers.id)).limit(1);
  return first ?? null;
}

export interface TenantHints {
  apiKey?: string;
  hostname: string | null;
}

/**
 * The tenant of a public request: the api key, then an APPROVED host name, then the
 * default courier. An api key that names no active courier, or an approved host name of a
 * suspended courier, resolves to null: it never falls through to another courier's brand. Null
 * also when no courier exists at all.
 */
export async function resolveTenant(ctx: Pick<AppContext, 'db' | 'config'>, hints: TenantHints): Promise<ResolvedCourier | null> {
  if (hints.apiKey) {
    const [courier] = await ctx.db.select().from(couriers).where(eq(couriers.apiKey, hints.apiKey)).limit(1);
    return courier?.status === 'active' ? { courier, resolvedBy: 'api_key' } : null;
  }
  if (hints.hostname) {
    const [row] = await ctx.db
      .select({ courier: couriers })
      .from(courierDomains)
      .innerJoin(couriers, eq(couriers.id, courierDomains.courierId))
      .where(and(eq(courierDomains.hostname, hints.hostname), eq(courierDomains.status, 'approved')))
      .limit(1);
    if (row) return row.courier.status === 'active' ? { courier: row.courier, resolvedBy: 'host' } : null;
  }
  const courier = await defaultCourier(ctx);
  return courier ? { courier, resolvedBy: 'default' } : null;
}

// A pre-rendered page asks twice (its public site, then the embedding hook's frame-ancestors): one lookup.
const tenantOfRequest = new WeakMap<FastifyRequest, Promise<ResolvedCourier | null>>();

/** The tenant of this request (api key in the query or x-api-key, host name, default), looked up once per request. */
export function resolvePublicCourier(ctx: Pick<AppContext, 'db' | 'config'>, request: FastifyRequest): Promise<ResolvedCourier | null> {
  let tenant = tenantOfRequest.get(request);
  if (!tenant) {
    tenant = resolveTenant(ctx, { apiKey: requestApiKey(request), hostname: requestHostname(request) });
    tenantOfRequest.set(request, tenant);
  }
  return tenant;
}
