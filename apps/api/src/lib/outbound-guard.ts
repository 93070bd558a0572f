import { type LookupAddress, lookup as dnsLookup } from 'node:dns';
import { type LookupFunction, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Dispatcher, buildConnector, fetch as undiciFetch } from 'undici';

/**
 * The one rule for every connection the server opens to an address someone typed (webhooks, the
 * agent's folder, push services, the messaging provider, label printers): which addresses it may
 * reach. The address is checked after resolution, at connect time, so a name that resolves
 * somewhere else tomorrow (DNS rebinding) is caught too.
 */
export interface OutboundPolicy {
  /** Private networks (RFC 1918, carrier-grade NAT, IPv6 unique-local), loopback and names such as localhost: outside production only. */
  allowPrivate: boolean;
  /** Loopback (a receiver on this machine): outside production, or in a browser journey's production build. */
  allowLoopback?: boolean;
  /** When set, only these networks (and loopback when allowed): the couriers' printer networks. */
  onlyNetworks?: readonly Network[];
}

export type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Loopback and private addresses are for tests and a developer's machine; production refuses them. */
export const outboundPolicy = (config: { NODE_ENV: string; ALLOW_LOOPBACK_ENDPOINTS?: boolean }): OutboundPolicy => ({
  allowPrivate: config.NODE_ENV !== 'production',
  allowLoopback: config.NODE_ENV !== 'production' || (config.ALLOW_LOOPBACK_ENDPOINTS ?? false),
});

/** Printers: the platform's printer networks only, never link-local; loopback as for any outbound call. */
export const printerPolicy = (config: {
  NODE_ENV: string;
  ALLOW_LOOPBACK_ENDPOINTS?: boolean;
  PRINTER_NETWORKS: readonly string[];
}): OutboundPolicy => ({
  ...outboundPolicy(config),
  allowPrivate: false,
  onlyNetworks: config.PRINTER_NETWORKS.map((cidr) => ipaddr.parseCIDR(cidr)),
});

/** A connection the guard refused: the same answer whatever listens there. */
export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor() {
    super('This address may not be called');
    this.name = 'OutboundRefusedError';
  }
}

export type AddressKind = 'public' | 'private' | 'loopback' | 'link_local' | 'reserved';

/** An address in any spelling ipaddr.js reads (IPv4-mapped IPv6 as the IPv4 it carries), or null for a name. */
export function parseAddress(host: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const h = host.trim().replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(h)) return null;
  const ip = ipaddr.parse(h);
  return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}

/** Only ordinary unicast is public; everything tunnelled, translated, unspecified or reserved is not. */
export function addressKind(ip: ipaddr.IPv4 | ipaddr.IPv6): AddressKind {
  const range = ip.range();
  if (range === 'unicast') return 'public';
  if (range === 'loopback') return 'loopback';
  if (range === 'linkLocal') return 'link_local';
  if (range === 'private' || range === 'carrierGradeNat' || range === 'uniqueLocal') return 'private';
  return 'reserved';
}

/** Whether the policy lets a connection reach this address (never link-local or reserved). */
export function addressAllowed(address: string, policy: OutboundPolicy): boolean {
  const ip = parseAddress(address);
  if (!ip) return false;
  const kind = addressKind(ip);
  if (kind === 'loopback') return policy.allowLoopback === true || (policy.allowPrivate && !policy.onlyNetworks);
  if (kind === 'link_local' || kind === 'reserved') return false;
  if (policy.onlyNetworks) return policy.onlyNetworks.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits));
  return kind === 'public' || policy.allowPrivate;
}

/** Names that only mean something inside a network. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/;

/**
 * The check before anything is saved: a literal address in any spelling must be allowed, and a
 * name of a local kind is refused in production. Other names are checked when they are resolved.
 */
export function hostAllowed(host: string, policy: OutboundPolicy): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '');
  if (!h) return false;
  if (parseAddress(h)) return addressAllowed(h, policy);
  if (/^[\d.]+$/.test(h) || h.includes(':')) return false;
  // localhost is this machine by name; other local names (zebra-1.local) are checked once resolved, printers only.
  if (/(^|\.)localhost$/.test(h)) return policy.allowPrivate;
  if (LOCAL_NAME.test(h)) return policy.allowPrivate || policy.onlyNetworks !== undefined;
  return true;
}

/** Every address the name has now, all of them allowed, or the refusal. */
export async function resolveAllowed(host: string, policy: OutboundPolicy): Promise<LookupAddress[]> {
  const h = host.trim().replace(/^\[|\]$/g, '');
  if (isIP(h)) {
    if (!addressAllowed(h, policy)) throw new OutboundRefusedError();
    return [{ address: h, family: isIP(h) }];
  }
  if (!hostAllowed(h, policy)) throw new OutboundRefusedError();
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(h, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
  );
  if (addresses.length === 0 || addresses.some((a) => !addressAllowed(a.address, policy))) throw new OutboundRefusedError();
  return addresses;
}

/** A `lookup` for net, tls, http(s) and undici sockets that answers only allowed addresses. */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, policy).then(
      (addresses) => {
        if (options.all) (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
        else {
          const family = options.family === 6 ? 6 : options.family === 4 ? 4 : 0;
          const first = addresses.find((a) => family === 0 || a.family === family) ?? addresses[0];
          if (!first) callback(new OutboundRefusedError(), '', 0);
          else callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

const dispatchers = new Map<string, Dispatcher>();
const policyKey = (p: OutboundPolicy) =>
  `${p.allowPrivate}|${p.allowLoopback === true}|${p.onlyNetworks?.map(([net, bits]) => `${net.toString()}/${bits}`).join(',') ?? '*'}`;

/**
 * An HTTP client whose every connection goes through the guard: names through `guardedLookup`,
 * literal addresses (which skip the lookup) checked before the socket opens.
 */
export async function guardedDispatcher(policy: OutboundPolicy): Promise<Dispatcher> {
  const key = policyKey(policy);
  const known = dispatchers.get(key);
  if (known) return known;
  // undici on first use: a start and most requests never call out.
  const { Agent, buildConnector } = await import('undici');
  const again = dispatchers.get(key);
  if (again) return again;
  const base = buildConnector({ lookup: guardedLookup(policy) } as buildConnector.BuildOptions);
  const dispatcher = new Agent({
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !addressAllowed(host, policy)) {
        callback(new OutboundRefusedError(), null);
        return;
      }
      base(options, callback);
    },
  });
  dispatchers.set(key, dispatcher);
  return dispatcher;
}

type FetchInit = NonNullable<Parameters<typeof undiciFetch>[1]>;

/** fetch through the guard: the only way the server makes an HTTP call to an address someone typed. */
export async function guardedFetch(url: string | URL, init: Omit<FetchInit, 'dispatcher'>, policy: OutboundPolicy) {
  const dispatcher = await guardedDispatcher(policy);
  const { fetch } = await import('undici');
  return fetch(url, { ...init, dispatcher });
}

/** Whether an error is the guard's refusal (as opposed to a network failure). */
export function isRefusal(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 4 && e; i++) {
    if (e instanceof OutboundRefusedError || (e as { code?: unknown }).code === 'EOUTBOUNDREFUSED') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
