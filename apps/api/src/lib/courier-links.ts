import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { couriers } from '../db/schema/couriers';
import { courierDomains } from '../db/schema/public-site';
import { isLoopbackHost } from './smtp';

/**
 * Where we send a courier's people: every e-mailed link and every redirect is built here, from the
 * person's courier and our own configuration, never from a request's Host header alone
 * (docs/decisions/016-courier-links.md).
 *
 * - A courier with an approved host name: that name (COURIER_DOMAIN_URL, https by default); the
 *   host name itself names the courier, so no key is added.
 * - Otherwise the platform address (PUBLIC_URL, else this server at http://localhost:PORT) with
 *   `?api_key=<the courier's key>` on every link, so the page opens on that courier's brand.
 * - Mail of the platform itself (no courier): the platform address, no key.
 */
export type LinkConfig = Pick<Config, 'PUBLIC_URL' | 'PORT' | 'COURIER_DOMAIN_URL'>;

export interface CourierAddress {
  /** scheme://host[:port], without a trailing slash. */
  origin: string;
  /** Added as `api_key` to every page link; null when the origin itself names the courier. */
  apiKey: string | null;
}

/** Our own address: PUBLIC_URL, else this server as its own machine reaches it. */
export function platformOrigin(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/** The address of an approved host name (COURIER_DOMAIN_URL with `{host}` filled in). */
export function domainOrigin(config: Pick<Config, 'COURIER_DOMAIN_URL'>, hostname: string): string {
  return config.COURIER_DOMAIN_URL.replace('{host}', hostname).replace(/\/$/, '');
}

/** A page of the address: the path (with its own query, if any) plus the courier's api key. */
export function linkAt(address: CourierAddress, path: string): string {
  const url = `${address.origin}${path.startsWith('/') ? path : `/${path}`}`;
  if (!address.apiKey) return url;
  return `${url}${url.includes('?') ? '&' : '?'}api_key=${encodeURIComponent(address.apiKey)}`;
}

/** The courier's first approved host name (the one approved earliest), or null. */
async function approvedHostname(db: Db, courierId: number): Promise<string | null> {
  const [row] = await db
    .select({ hostname: courierDomains.hostname })
    .from(courierDomains)
    .where(and(eq(courierDomains.courierId, courierId), eq(courierDomains.status, 'approved')))
    .orderBy(asc(courierDomains.id))
    .limit(1);
  return row?.hostname ?? null;
}

/** The address a courier's people are sent to (see the module comment); the platform's for null. */
export async function courierAddress(db: Db, config: LinkConfig, courierId: number | null): Promise<CourierAddress> {
  if (courierId === null) return { origin: platformOrigin(config), apiKey: null };
  const hostname = await approvedHostname(db, courierId);
  if (hostname) return { origin: domainOrigin(config, hostname), apiKey: null };
  const [courier] = await db.select({ apiKey: couriers.apiKey }).from(couriers).where(eq(couriers.id, courierId)).limit(1);
  return { origin: platformOrigin(config), apiKey: courier?.apiKey ?? null };
}

/** A link to a page for the courier's people: `courierLink(db, config, 7, '/customer/invoices/INV-1')`. */
export async function courierLink(db: Db, config: LinkConfig, courierId: number | null, path: string): Promise<string> {
  return linkAt(await courierAddress(db, config, courierId), path);
}

/** The host name of a request, lower case, without port or IPv6 brackets. */
function hostnameOf(request: FastifyRequest): string {
  return (request.hostname ?? '').toLowerCase().replace(/^\[|\]$/g, '');
}

/** The courier whose approved host name the request came to; null on our own address or any other. */
export async function domainCourierOfRequest(db: Db, request: FastifyRequest): Promise<number | null> {
  const hostname = hostnameOf(request);
  if (!hostname) return null;
  const [domain] = await db
    .select({ courierId: courierDomains.courierId })
    .from(courierDomains)
    .where(and(eq(courierDomains.hostname, hostname), eq(courierDomains.status, 'approved')))
    .limit(1);
  return domain?.courierId ?? null;
}

/**
 * The address a request came to when it is one of ours: an approved host name (and whose it is),
 * PUBLIC_URL's host, or (with no PUBLIC_URL, a demo on this machine) localhost or 127.0.0.1 on the
 * port asked for. Null for anything else: a forged Host is never ours.
 */
async function ownAddressOf(
  db: Db,
  config: LinkConfig,
  request: FastifyRequest,
): Promise<{ origin: string; domainOf: number | null } | null> {
  const hostname = hostnameOf(request);
  if (!hostname) return null;
  const [domain] = await db
    .select({ courierId: courierDomains.courierId })
    .from(courierDomains)
    .where(and(eq(courierDomains.hostname, hostname), eq(courierDomains.status, 'approved')))
    .limit(1);
  if (domain) return { origin: domainOrigin(config, hostname), domainOf: domain.courierId };
  const platform = platformOrigin(config);
  if (config.PUBLIC_URL) return new URL(platform).host === request.host.toLowerCase() ? { origin: platform, domainOf: null } : null;
  if (!isLoopbackHost(hostname) || hostname.endsWith('.localhost')) return null;
  const port = new URL(`http://${request.host}`).port || String(config.PORT);
  return { origin: `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`, domainOf: null };
}

/**
 * The courier's address as this browser reached it, when that is one of the courier's own: its
 * approved host name, or our platform address (see ownAddressOf). Anything else (a forged Host,
 * another courier's domain) gives the courier's usual address. For redirects that answer a
 * browser, so it comes back where its person is signed in.
 */
export async function courierAddressOfRequest(
  db: Db,
  config: LinkConfig,
  request: FastifyRequest,
  courierId: number,
): Promise<CourierAddress> {
  const usual = await courierAddress(db, config, courierId);
  const own = await ownAddressOf(db, config, request);
  if (!own) return usual;
  if (own.domainOf !== null) return own.domainOf === courierId ? { origin: own.origin, apiKey: null } : usual;
  const [courier] = await db.select({ apiKey: couriers.apiKey }).from(couriers).where(eq(couriers.id, courierId)).limit(1);
  return { origin: own.origin, apiKey: courier?.apiKey ?? null };
}

/**
 * The origin of a request when it is one of ours, else the platform address: for absolute
 * addresses in pages (canonical links, the sitemap) that must not follow a forged Host.
 */
export async function ownOriginOfRequest(db: Db, config: LinkConfig, request: FastifyRequest): Promise<string> {
  return (await ownAddressOf(db, config, request))?.origin ?? platformOrigin(config);
}

/** True when an absolute URL is on one of our addresses (the platform's or an approved host name). */
export async function isOwnUrl(db: Db, config: LinkConfig, url: string): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(platformOrigin(config)).origin) return true;
  const [domain] = await db
    .select({ hostname: courierDomains.hostname })
    .from(courierDomains)
    .where(and(eq(courierDomains.hostname, parsed.hostname.toLowerCase()), eq(courierDomains.status, 'approved')))
    .limit(1);
  if (domain) return parsed.origin === new URL(domainOrigin(config, domain.hostname)).origin;
  return !config.PUBLIC_URL && isLoopbackHost(parsed.hostname) && !parsed.hostname.endsWith('.localhost') && parsed.protocol === 'http:';
}
