import { type Server, createServer } from 'node:http';
import { type AddressInfo, Socket } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  type OutboundPolicy,
  addressAllowed,
  guardedFetch,
  guardedLookup,
  hostAllowed,
  isRefusal,
  outboundPolicy,
  printerPolicy,
  resolveAllowed,
} from './outbound-guard';

const production = outboundPolicy({ NODE_ENV: 'production' });
const journey = outboundPolicy({ NODE_ENV: 'production', ALLOW_LOOPBACK_ENDPOINTS: true });
const development = outboundPolicy({ NODE_ENV: 'development' });
const printers = printerPolicy({ NODE_ENV: 'production', PRINTER_NETWORKS: ['10.0.0.0/8', '192.168.0.0/16', 'fd00::/8'] });

// Every spelling of an inside address we know of: each must be refused in production.
const INSIDE = [
  '127.0.0.1',
  '127.1',
  '127.0.1',
  '2130706433',
  '0177.0.0.1',
  '0x7f.0.0.1',
  '0x7f000001',
  '017700000001',
  '127.000.000.001',
  'localhost',
  'localhost.',
  'LOCALHOST',
  'printer.localhost',
  'nas.local',
  'metadata.google.internal',
  '::1',
  '[::1]',
  '0:0:0:0:0:0:0:1',
  '::ffff:7f00:1',
  '[::ffff:7f00:1]',
  '::ffff:127.0.0.1',
  '0.0.0.0',
  '0',
  '::',
  '10.0.0.1',
  '172.16.5.4',
  '192.168.1.20',
  '100.64.0.1',
  '169.254.169.254',
  '[::ffff:a9fe:a9fe]',
  '::ffff:169.254.169.254',
  'fd00::1',
  'fc00::5',
  'fe80::1',
  '[fe80::1%25eth0]',
  '224.0.0.1',
  '255.255.255.255',
  '2002:7f00:1::',
  '64:ff9b::7f00:1',
  '1.2.3.4.5',
];

describe('the outbound address guard', () => {
  it.each(INSIDE)('refuses %s in production', (host) => {
    expect(hostAllowed(host, production)).toBe(false);
  });

  it.each(['8.8.8.8', '[2001:4860:4860::8888]', 'hooks.example.com', 'fcm.googleapis.com', 'sftp.agent.example.'])(
    'lets %s through in production (a name is checked again when it is resolved)',
    (host) => {
      expect(hostAllowed(host, production)).toBe(true);
    },
  );

  it('lets a browser journey reach loopback in any spelling, and still nothing private or link-local', () => {
    for (const host of ['127.0.0.1', '::1', '::ffff:7f00:1', '2130706433']) expect(hostAllowed(host, journey), host).toBe(true);
    for (const host of ['10.0.0.1', '169.254.169.254', '[::ffff:a9fe:a9fe]', 'fd00::1', 'localhost']) {
      expect(hostAllowed(host, journey), host).toBe(false);
    }
  });

  it('outside production allows private networks and loopback, never link-local (the cloud metadata service)', () => {
    for (const host of ['127.0.0.1', '10.0.0.1', 'fd00::1', 'localhost']) expect(hostAllowed(host, development), host).toBe(true);
    for (const host of ['169.254.169.254', '::ffff:a9fe:a9fe', 'fe80::1', '0.0.0.0'])
      expect(hostAllowed(host, development), host).toBe(false);
  });

  it('lets printers reach only the platform’s printer networks: never loopback, link-local or the internet', () => {
    for (const host of ['10.1.2.3', '192.168.1.50', '::ffff:c0a8:132', 'fd12::9']) expect(hostAllowed(host, printers), host).toBe(true);
    for (const host of ['127.0.0.1', 'localhost', '::ffff:7f00:1', '169.254.169.254', '172.16.0.9', '8.8.8.8', 'fe80::1']) {
      expect(hostAllowed(host, printers), host).toBe(false);
    }
  });

  it('reads the address a name resolved to, so a name pointing inside is refused when it is looked up', async () => {
    // This machine's own name resolves to loopback or to its private address: never public.
    await expect(resolveAllowed(hostname(), production)).rejects.toSatisfy(isRefusal);
    const answer = await new Promise<unknown>((resolve) => guardedLookup(production)(hostname(), { all: true }, (e) => resolve(e)));
    expect(isRefusal(answer)).toBe(true);
    expect(addressAllowed('::ffff:7f00:1', production)).toBe(false);
  });
});

describe('the loopback switch', () => {
  it('is refused in production unless the server itself is only on this machine (a browser journey)', () => {
    const env = { NODE_ENV: 'production', ALLOW_LOOPBACK_ENDPOINTS: 'true' };
    expect(() => loadConfig({ ...env, PUBLIC_URL: 'https://portal.example.com' })).toThrow(/ALLOW_LOOPBACK_ENDPOINTS/);
    expect(() => loadConfig(env)).toThrow(/ALLOW_LOOPBACK_ENDPOINTS/);
    expect(loadConfig({ ...env, PUBLIC_URL: 'http://127.0.0.1:12000' }).ALLOW_LOOPBACK_ENDPOINTS).toBe(true);
  });

  it('reads the printer networks, refusing what is not a network', () => {
    expect(loadConfig({}).PRINTER_NETWORKS).toContain('192.168.0.0/16');
    expect(loadConfig({ PRINTER_NETWORKS: '10.20.0.0/16' }).PRINTER_NETWORKS).toEqual(['10.20.0.0/16']);
    expect(() => loadConfig({ PRINTER_NETWORKS: 'printers' })).toThrow(/not a network/);
  });
});

describe('connections through the guard', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('inside'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const fetched = (url: string, policy: OutboundPolicy) =>
    guardedFetch(url, { signal: AbortSignal.timeout(5000) }, policy).then(
      async (res) => res.text(),
      (e: unknown) => (isRefusal(e) ? 'refused' : `failed: ${String(e)}`),
    );

  it('never opens a connection to loopback in production, by address or by a name that resolves there', async () => {
    expect(await fetched(`http://127.0.0.1:${port}/`, production)).toBe('refused');
    expect(await fetched(`http://[::ffff:7f00:1]:${port}/`, production)).toBe('refused');
    expect(await fetched(`http://${hostname()}:${port}/`, production)).toBe('refused');
    let connected = false;
    server.once('connection', () => {
      connected = true;
    });
    expect(await fetched(`http://2130706433:${port}/`, production)).toBe('refused');
    expect(connected).toBe(false);
  });

  it('reaches the same server where loopback is allowed (a browser journey’s receiver)', async () => {
    expect(await fetched(`http://127.0.0.1:${port}/`, journey)).toBe('inside');
  });

  it('gives raw sockets the same lookup', async () => {
    const socket = new Socket();
    const error = await new Promise<unknown>((resolve) => {
      socket.once('error', resolve);
      socket.connect({ host: hostname(), port, lookup: guardedLookup(production) }, () => resolve(null));
    });
    socket.destroy();
    expect(isRefusal(error)).toBe(true);
  });
});
