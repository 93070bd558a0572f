import { isIP } from 'node:net';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off unless set, because trusting X-Forwarded-For from anyone
 * lets every client pick its own IP and walk past the per-IP limits. A hop count (`1` behind one
 * reverse proxy) or the proxies' addresses/CIDRs, comma-separated; Fastify's `trustProxy` takes
 * either as is. `true` (trust every hop) is refused on purpose.
 */
const trustProxySchema = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): false | number | string => {
    if (value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length === 0) return entries.join(',');
    ctx.addIssue({
      code: 'custom',
      message: `give false, a hop count such as 1, or the proxies' addresses/CIDRs separated by commas (not ${bad.join(', ')})`,
    });
    return z.NEVER;
  });

/** Every environment variable the server reads; the README lists the same. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Unset: 10 with DATABASE_URL, 5 for the embedded database (EMBEDDED_POOL_SIZE). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  /**
   * Limits that keep one stuck request from holding the database for everyone (0 turns one off):
   * the longest a statement may run, the longest a transaction may sit idle between statements,
   * and the longest a request waits for a free connection of the pool. Each failure answers 503.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  DATABASE_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * A query inside a transaction that takes a second connection of the pool (it should use the
   * transaction): `warn` logs it with where it came from, `throw` refuses it (tests, audits).
   */
  DATABASE_TRANSACTION_GUARD: z.enum(['warn', 'throw']).default('warn'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  JWT_SECRET: z.string().min(32).optional(),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  /** How long a session signed in with Remember me lasts. */
  REMEMBER_ME_TTL_DAYS: z.coerce.number().positive().max(90).default(30),
  PUBLIC_URL: z.string().url().optional(),
  /**
   * The address of a courier's approved host name in links and redirects: `{host}` is replaced by
   * the host name. https by default; `http://{host}:3000` where the domains are served without TLS.
   */
  COURIER_DOMAIN_URL: z
    .string()
    .default('https://{host}')
    .refine((v) => /^https?:\/\/\{host\}(:\d{1,5})?\/?$/.test(v), 'give https://{host}, or http://{host}:PORT'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Ports a courier's SMTP may use besides 25, 465, 587 and 2525 (comma-separated). */
  SMTP_ALLOWED_PORTS: z
    .string()
    .regex(/^\s*\d{1,5}\s*(,\s*\d{1,5}\s*)*$/, 'a comma-separated list of port numbers')
    .optional()
    .transform((v) => (v ? v.split(',').map((p) => Number(p.trim())) : [])),
  /**
   * The platform's own SMTP (the super admin's settings, or SMTP_HOST) may run without TLS and
   * certificate checks. A loopback host never needs it; couriers have their own flag.
   */
  SMTP_ALLOW_INSECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  MAIL_FROM: z.string().default('Courier Portal <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: trustProxySchema,
  /**
   * Sign-in and reset attempts per minute from one IP (default 30), and reset requests per 15
   * minutes for one e-mail (default 10). Unset under NODE_ENV=test, where suites sign in far more often.
   */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().optional(),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().optional(),
  /**
   * Requests per minute to /api: per signed-in person (default 1,200: a scan station at full
   * speed with lookups and labels stays far below) and per IP without a sign-in (default 600).
   * Unset under NODE_ENV=test, where suites make far more.
   */
  RATE_LIMIT_SIGNED_IN: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_ANONYMOUS: z.coerce.number().int().positive().optional(),
  /** Requests per minute one API key may make on the inbound API (/api/v1); default 600. */
  API_KEY_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  /**
   * Failed sign-ins to one account (all login pages together) before unknown devices must wait
   * (default 5; unset under NODE_ENV=test), and the longest wait in seconds (the delay doubles).
   */
  AUTH_LOGIN_DELAY_AFTER_FAILURES: z.coerce.number().int().positive().optional(),
  AUTH_LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().positive().default(900),
  /**
   * "An account with this email already exists" answers self-registration gives one IP per hour
   * before that IP may not register for the rest of the hour (default 10; unset under NODE_ENV=test).
   */
  AUTH_REGISTRATION_PROBES_PER_IP: z.coerce.number().int().positive().optional(),
  /**
   * The test gateway (card simulator) under /api/dev/gateway, serving only couriers the super admin
   * put in test mode. On by default; `false` removes it, and test-mode couriers then offer no Pay now.
   */
  PAYMENT_SIMULATOR: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Web Push: the platform's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints)
   * and the contact it names. Unset, a pair is generated once and kept in the database.
   */
  VAPID_PUBLIC_KEY: z.string().min(80).optional(),
  VAPID_PRIVATE_KEY: z.string().min(40).optional(),
  VAPID_SUBJECT: z.string().default('mailto:support@localhost'),
  /**
   * Push endpoints, webhook endpoints and SFTP folders at a literal loopback address (a receiver
   * the test starts) in production too; only for browser journeys. Outside production they are
   * always allowed.
   */
  ALLOW_LOOPBACK_ENDPOINTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * The networks label printers may be on (CIDR, comma-separated): the couriers' own networks the
   * platform reaches. Never loopback or link-local, whatever is listed. Default: the private ranges.
   */
  PRINTER_NETWORKS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7').split(',').map((c) => c.trim());
      for (const cidr of list) {
        if (!ipaddr.isValidCIDR(cidr)) ctx.addIssue({ code: 'custom', message: `${cidr} is not a network (give 192.168.0.0/16)` });
      }
      return list;
    }),
  /** The local messaging simulator (Twilio's Messages API) the demo courier is connected to. */
  MESSAGING_SIMULATOR_URL: z.string().url().default('http://127.0.0.1:4020'),
  /** Days between the e-mail announcing an automatic card payment and the charge (0: the same day). */
  CARD_CHARGE_NOTICE_DAYS: z.coerce.number().int().min(0).max(14).default(2),
  /** How often the automatic card payments due are taken, in milliseconds (15 minutes). */
  CARD_CHARGES_INTERVAL_MS: z.coerce.number().int().min(1000).default(900_000),
  /** The local tracking-aggregator simulator (AfterShip's protocol) couriers in test mode follow parcels through. */
  TRACKING_SIMULATOR_URL: z.string().url().default('http://127.0.0.1:4030'),
  /** Where WiPay's API is (default its Jamaica host); point it at a standalone simulator to test. */
  WIPAY_BASE_URL: z.string().url().optional(),
  /** Rate-limit counters live here when set, so several replicas count as one; else in memory. */
  REDIS_URL: z.string().url().optional(),
  /**
   * `s3://bucket` or `s3://bucket/prefix`: uploads go to an S3-compatible store (credentials and
   * region from the usual AWS_* variables) instead of DATA_DIR/uploads. S3_ENDPOINT points at a
   * non-AWS store (MinIO, Ceph, ...), addressed path-style.
   */
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, 'give s3://bucket or s3://bucket/prefix')
    .optional(),
  S3_ENDPOINT: z.string().url().optional(),
  /**
   * The code of the courier the public site shows when neither an api key nor an approved host name
   * names one. The super admin's choice in platform settings wins over it.
   */
  DEFAULT_COURIER_CODE: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{2,8}$/, 'give a courier code (2 to 8 letters or digits)')
    .transform((v) => v.toUpperCase())
    .optional(),
  /** Bearer token for GET /api/metrics; without it the route does not exist (404). */
  METRICS_TOKEN: z.string().min(16, 'give at least 16 characters').optional(),
});

export type Config = z.infer<typeof envSchema> & {
  dataDir: string;
  uploadsDir: string;
};

/** A PUBLIC_URL on this machine only (a browser journey's server). */
function servesOnlyThisMachine(publicUrl: string | undefined): boolean {
  if (!publicUrl) return false;
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  // The switch is for a browser journey's server on this machine: never a real deployment.
  const data = parsed.data;
  if (data.NODE_ENV === 'production' && data.ALLOW_LOOPBACK_ENDPOINTS && !servesOnlyThisMachine(data.PUBLIC_URL)) {
    throw new Error('Invalid environment: ALLOW_LOOPBACK_ENDPOINTS: only for a test server whose PUBLIC_URL is http://127.0.0.1');
  }
  const dataDir = path.resolve(overrides.DATA_DIR ?? parsed.data.DATA_DIR);
  return { ...parsed.data, dataDir, uploadsDir: path.join(dataDir, 'uploads'), ...overrides };
}
