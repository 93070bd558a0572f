import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, HTTPMethods, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { PackageDetail } from '@courier/shared/schemas/packages';
import { type BuildOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { createRuntime } from '../src/context';
import type { Db } from '../src/db/client';
import { DEMO_LOGINS, type DemoLogin, seedDemo } from '../src/db/seed';
import { customers } from '../src/db/schema/customers';
import { users } from '../src/db/schema/users';
import { subjectOf } from '../src/lib/tokens';
import { branches } from '../src/db/schema/branches';
import { testDatabasePrefix, withDatabase } from './global-setup';
import { notCounted } from './statements';

/** The PostgreSQL this run uses: DATABASE_URL, else the embedded cluster of global setup. */
export function testServerUrl(): string {
  const url = process.env.DATABASE_URL || inject('testServerUrl');
  if (!url) throw new Error('global setup did not provide a PostgreSQL server');
  return url;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/**
 * A request in full, for what the short form cannot say: `url` is under /api as in the short form;
 * `path` is asked as given (web pages, static files); `multipart(...)` spreads in as payload and headers.
 */
export interface ApiRequest {
  method: Method | HTTPMethods;
  url?: string;
  path?: string;
  token?: string | null;
  payload?: unknown;
  headers?: Record<string, string | string[] | undefined>;
  query?: Record<string, string | string[]>;
  cookies?: Record<string, string>;
  remoteAddress?: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  ctx: Awaited<ReturnType<typeof createRuntime>>['ctx'];
  /**
   * The one way a test asks the API: `t.api('POST', '/packages', token, body)`. The path is under
   * /api (given without it, or with it); a null or missing token asks signed out. The object form
   * (ApiRequest) adds raw bodies, content types, cookies, a query, a remote address, paths outside /api.
   */
  api(
    method: Method,
    url: string,
    token?: string | null,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  api(request: ApiRequest): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Asks `app` the way TestApp.api does, for a test that builds its app some other way. */
export function askApp(app: FastifyInstance, request: ApiRequest): Promise<LightMyRequestResponse> {
  const { method, url, path: asGiven, token, payload, headers = {}, query, cookies, remoteAddress } = request;
  const target = asGiven ?? (url === undefined ? undefined : apiPath(url));
  if (target === undefined) throw new Error('a request names a url (under /api) or a path');
  return app.inject({
    method,
    url: target,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    payload: payload as never,
    ...(query ? { query } : {}),
    ...(cookies ? { cookies } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** TestApp.api for an app built some other way. */
export function apiOf(app: FastifyInstance): TestApp['api'] {
  return ((first: Method | ApiRequest, url?: string, token?: string | null, payload?: unknown, headers?: Record<string, string>) =>
    askApp(app, typeof first === 'string' ? { method: first, url, token, payload, headers } : first)) as TestApp['api'];
}

/** A path under /api: `/packages` and `/api/packages` are the same request. */
export const apiPath = (url: string) => (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') ? url : `/api${url}`);

/**
 * Builds the app on a fresh database cloned from the migrated template (CREATE DATABASE ...
 * TEMPLATE) on the run's PostgreSQL: DATABASE_URL, else the embedded one global setup started.
 * Call once per file (beforeAll) and close in afterAll, or the process never exits.
 */
export async function buildTestApp(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const serverUrl = testServerUrl();
  const name = await freshDatabase(serverUrl);
  const databaseUrl = withDatabase(serverUrl, name);

  const config = loadConfig(
    // A query that takes a second connection inside a transaction fails the test that makes it.
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATABASE_TRANSACTION_GUARD: 'throw', ...env, DATABASE_URL: databaseUrl },
    { DATA_DIR: path.join(os.tmpdir(), 'courier-test-unused') },
  );
  const runtime = await createRuntime(config, { poolSize: 4 }, false);
  const app = await buildApp(runtime.ctx, { logger: false, ...options });
  await app.ready();
  return {
    app,
    db: runtime.ctx.db,
    config,
    ctx: runtime.ctx,
    api: apiOf(app),
    async close() {
      await app.close();
      await runtime.database.close();
      // Not waited for: the next file starts meanwhile; global teardown drops what is left.
      void dropDatabase(serverUrl, name).catch(() => undefined);
    },
  };
}

/**
 * A worker's next database, cloned while the current file runs: CREATE DATABASE ... TEMPLATE
 * mostly waits for the disk (0.3 to 2 s a file). A run's databases are named after its template,
 * so global teardown drops the last spare and any drop still on its way, and no other run's.
 */
let spare: Promise<string> | undefined;

async function freshDatabase(serverUrl: string): Promise<string> {
  const next = spare ?? cloneTemplate(serverUrl);
  spare = cloneTemplate(serverUrl);
  // A failed spare is not this file's failure: the next file awaits it and reports it.
  spare.catch(() => undefined);
  return next;
}

async function cloneTemplate(serverUrl: string): Promise<string> {
  const template = inject('templateDatabase');
  if (!template) throw new Error('global setup did not provide a template database');
  const name = `${testDatabasePrefix(template)}${randomBytes(6).toString('hex')}`;
  // The next file's database is cloned while this file runs, perhaps while it counts statements.
  const admin = notCounted(new pg.Client({ connectionString: serverUrl }));
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    // A test database is thrown away: its commits need not wait for the disk, as on the embedded
    // PostgreSQL of a run without DATABASE_URL (fsync off). A server with fsync on waited ~12 ms a commit.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  return name;
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const c = notCounted(new pg.Client({ connectionString: serverUrl }));
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

/** Seeds the demo courier and its people into a test database; returns the demo logins. */
export async function seedDemoData(t: TestApp) {
  await seedDemo(t.db);
  return DEMO_LOGINS;
}

/** Authorization header for a token. */
export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export type DemoRole = 'super_admin' | 'courier_admin' | 'branch_manager' | 'staff' | 'customer';

/** The demo person of a role (what seedDemoData creates): e-mail, password and sign-in page. */
export function demoLogin(role: DemoRole): DemoLogin {
  const login = DEMO_LOGINS.find((l) => l.role === role);
  if (!login) throw new Error(`no demo login for ${role}`);
  return login;
}

/**
 * An access token for the staff member or customer with this e-mail, signed directly (no sign-in
 * round trip, no rate limit): for tests about what people may do, not about signing in.
 */
export async function tokenFor(
  t: TestApp,
  email: string,
  options: { type?: 'access' | 'impersonation'; ttl?: number } = {},
): Promise<string> {
  const { type = 'access', ttl = 3600 } = options;
  const [user] = await t.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user)
    return (await t.ctx.tokens.sign({ sub: subjectOf('user', user.id), role: user.role, type, courierId: user.courierId }, ttl)).token;
  const [customer] = await t.db.select().from(customers).where(eq(customers.email, email)).limit(1);
  if (!customer) throw new Error(`no user or customer ${email}`);
  return (await t.ctx.tokens.sign({ sub: subjectOf('customer', customer.id), role: 'customer', type, courierId: customer.courierId }, ttl))
    .token;
}

/** An access token for the demo person of a role (seedDemoData first). */
export function loginAs(t: TestApp, role: DemoRole): Promise<string> {
  return tokenFor(t, demoLogin(role).email);
}

/** A branch of the courier, for payments taken by someone without a branch of their own (they name the till). */
export async function aTill(t: TestApp, courierId: number): Promise<number> {
  const [row] = await t.db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.courierId, courierId))
    .orderBy(branches.id)
    .limit(1);
  if (!row) throw new Error('the courier has no branch');
  return row.id;
}

/** A package scanned in at the warehouse by `token` (the body as the scan station sends it); anything but 201 fails the test. */
export async function receivePackage(t: TestApp, token: string, body: Record<string, unknown>): Promise<PackageDetail> {
  const res = await t.api('POST', '/packages', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/**
 * A file's random tag for codes, names and numbers: capital letters only, as digits alone would
 * turn a mailbox such as `MF${tag}` into a mailbox number (MF1234 reads as MF-1234).
 */
export const letterTag = (length: number) =>
  Array.from({ length }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

let parcels = 0;
/**
 * A package for `mailbox` scanned in by `token`: a tracking number no other test package has and
 * 2 lb unless `body` says otherwise; anything but 201 fails the test.
 */
export function receiveFor(t: TestApp, token: string, mailbox: string | null, body: Record<string, unknown> = {}): Promise<PackageDetail> {
  parcels += 1;
  return receivePackage(t, token, {
    trackingNumber: `1ZTEST${Date.now()}${parcels}`,
    weightLb: 2,
    ...(mailbox === null ? {} : { mailbox }),
    ...body,
  });
}
