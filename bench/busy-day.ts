/**
 * A busy day: 50 signed-in people of several roles using the API at once, each at a person's pace,
 * on the embedded database by default. Reports p50/p95/p99 and errors per kind of request.
 *
 *   npm run bench:busy -- [--seconds 60] [--think 1000,4000] [--packages 100000] [--invoices 20000]
 *                         [--tickets 500] [--data-dir DIR --reuse] [--keep] [--db server --url URL [--database NAME]]
 *                         [--ref REF | --compare REF]
 *
 * The people (of the bench courier, bench/lib/dataset.ts): 30 customers who have invoices (their
 * dashboard, packages, invoices and one invoice's detail, notifications, the bell), 12 counter
 * staff (scan a tracking number, the package list and a filtered page, a package, invoices, the
 * bell), 6 courier admins (dashboard, a 30-day report, packages, invoices, tickets) and 2 super
 * admins (every courier, the platform dashboard and report). Each signs in on their own page
 * (argon2id) at a random moment of the first 5 s, then repeats: pick an action by its weight,
 * send its request, wait a random think time (--think, ms). The server is bench/api-server.ts
 * (the real app, no background jobs, rate limits lifted as NODE_ENV=test: 50 people share one
 * loopback IP here) in its own Node process: this tree's API, or --ref's (a git ref, to compare a
 * day before and after a change on the same data); --compare REF runs REF's day, then this tree's, on
 * the same data and prints the ratios.
 *
 * p95 is printed over the whole run and, beside it, over the requests sent after the last sign-in
 * answered (the burst of 50 argon2id hashes in the first seconds). After the day, each kind of
 * request is sent alone, one at a time, for 1.5 s (20 at least): the server's CPU per request of
 * that kind (Node, and the PostgreSQL backends of the bench database when the server runs on this
 * machine), which a loaded machine hardly moves, unlike the latencies.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ALL_PERMISSIONS } from '@courier/shared/constants/permissions';
import { loadConfig } from '../apps/api/src/config';
import { createRuntime } from '../apps/api/src/context';
import { customers } from '../apps/api/src/db/schema/customers';
import { roles } from '../apps/api/src/db/schema/roles';
import { users } from '../apps/api/src/db/schema/users';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { bundle, median, sourcesOf, start } from './lib/api-servers';
import { BENCH_COURIER_CODE, type DatasetSize } from './lib/dataset';
import { fillUnlessFilled } from './lib/fill';
import { type Tally, printDay, printRatios, serverCpu } from './lib/busy-report';
import { load1 } from './lib/measure';
import { serverDatabase } from './lib/server-database';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const kind = (option('db') ?? 'embedded') as 'embedded' | 'server';
const serverDb = serverDatabase(
  option('url') ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432',
  option('database') ?? 'bench_busy',
);
const size: DatasetSize = {
  packages: Number(option('packages') ?? 100_000),
  invoices: Number(option('invoices') ?? 20_000),
  tickets: Number(option('tickets') ?? 500),
};
const seconds = Number(option('seconds') ?? 60);
const [thinkMin, thinkMax] = (option('think') ?? '1000,4000').split(',').map(Number) as [number, number];
const PASSWORD = 'BusyDay#2026';
const CROWD = { customer: 30, staff: 12, admin: 6, super_admin: 2 } as const;
type Role = keyof typeof CROWD;

interface Person {
  role: Role;
  email: string;
  /** The customer's own invoice numbers. */
  invoiceNos: string[];
}
interface World {
  people: Person[];
  tracking: string[];
  packageIds: number[];
  invoiceNos: string[];
}

const rows = async <T>(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as { rows: T[] }).rows;

/** The data set, then the day's people with one known password (made once; --reuse finds them). */
async function prepare(env: NodeJS.ProcessEnv): Promise<World> {
  // No statement limit for the generator: on a loaded machine one insert of 100,000 rows outlasts 30 s.
  const { ctx, database } = await createRuntime(loadConfig({ ...env, DATABASE_STATEMENT_TIMEOUT_MS: '0' }));
  const db = ctx.db;
  try {
    await fillUnlessFilled(db, size);
    const [courier] = await rows<{ id: number }>(db, sql`select id from couriers where code = ${BENCH_COURIER_CODE}`);
    if (!courier) throw new Error('no bench courier');
    const emailsOf = async (role: string) =>
      (await rows<{ email: string }>(db, sql`select email from users where email like ${`busy-${role}-%`} order by id`)).map(
        (r) => r.email,
      );
    if ((await emailsOf('staff')).length === 0) {
      const passwordHash = await hashPassword(PASSWORD);
      const [counter] = await db
        .insert(roles)
        .values({ courierId: courier.id, name: 'Counter', permissions: [...ALL_PERMISSIONS] })
        .returning({ id: roles.id });
      const person = (role: 'staff' | 'courier_admin' | 'super_admin', label: string, i: number) => ({
        courierId: role === 'super_admin' ? null : courier.id,
        role,
        roleId: role === 'staff' ? counter?.id : undefined,
        firstName: label,
        lastName: String(i),
        email: `busy-${label}-${i}@bench.test`,
        passwordHash,
      });
      await db
        .insert(users)
        .values([
          ...Array.from({ length: CROWD.staff }, (_, i) => person('staff', 'staff', i)),
          ...Array.from({ length: CROWD.admin }, (_, i) => person('courier_admin', 'admin', i)),
          ...Array.from({ length: CROWD.super_admin }, (_, i) => person('super_admin', 'super_admin', i)),
        ]);
      // Customers with the most invoices (the bench courier's), one password for the day.
      await db.execute(sql`update ${customers} set password_hash = ${passwordHash} where id in (
        select customer_id from invoices where courier_id = ${courier.id}
        group by customer_id order by count(*) desc, customer_id limit ${CROWD.customer})`);
    }
    const shoppers = await rows<{ email: string; invoice_nos: string[] }>(
      db,
      sql`select c.email, array_agg(i.invoice_no order by i.id) as invoice_nos from customers c
        join invoices i on i.customer_id = c.id and i.courier_id = c.courier_id
        where c.courier_id = ${courier.id} and c.password_hash <> 'x' group by c.id order by c.id`,
    );
    const people: Person[] = [
      ...shoppers.map((c) => ({ role: 'customer' as const, email: c.email, invoiceNos: c.invoice_nos })),
      ...(['staff', 'admin', 'super_admin'] as const).flatMap((role) =>
        Array.from({ length: CROWD[role] }, (_, i) => ({ role, email: `busy-${role}-${i}@bench.test`, invoiceNos: [] })),
      ),
    ];
    const sample = <T>(q: ReturnType<typeof sql>, pick: (r: Record<string, unknown>) => T) =>
      rows<Record<string, unknown>>(db, q).then((r) => r.map(pick));
    return {
      people,
      tracking: await sample(sql`select tracking_number from packages where courier_id = ${courier.id} order by random() limit 500`, (r) =>
        String(r.tracking_number),
      ),
      packageIds: await sample(sql`select id from packages where courier_id = ${courier.id} order by random() limit 500`, (r) =>
        Number(r.id),
      ),
      invoiceNos: await sample(sql`select invoice_no from invoices where courier_id = ${courier.id} order by random() limit 500`, (r) =>
        String(r.invoice_no),
      ),
    };
  } finally {
    await database.close();
  }
}

const any = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const list = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();

/** What each role does, with how often (weights), as the kind of request it is reported under. */
function actions(person: Person, world: World): Array<[weight: number, kind: string, path: () => string]> {
  const report = () => `/api/reports?from=${day(-30)}&to=${day(0)}&granularity=day`;
  switch (person.role) {
    case 'customer':
      return [
        [3, 'customer: dashboard', () => '/api/dashboard'],
        [4, 'customer: my packages', () => `/api/customer/packages?${list({ page: '1', limit: '10' })}`],
        [3, 'customer: my invoices', () => `/api/invoices?${list({ page: '1', limit: '10' })}`],
        [3, 'invoice detail', () => `/api/invoices/${encodeURIComponent(any(person.invoiceNos))}`],
        [2, 'customer: notifications', () => '/api/notifications'],
        [4, 'bell: unread notifications', () => '/api/notifications/unread-count'],
      ];
    case 'staff':
      return [
        [6, 'staff: scan a tracking number', () => `/api/packages/scan?trackingNumber=${encodeURIComponent(any(world.tracking))}`],
        [3, 'package list, page 1', () => `/api/packages?${list({ page: '1', limit: '50' })}`],
        [2, 'staff: ready for pickup', () => `/api/packages?${list({ page: '1', limit: '50', filters: { status: 'ready_for_pickup' } })}`],
        [3, 'staff: one package', () => `/api/packages/${any(world.packageIds)}`],
        [2, 'staff: invoice list', () => `/api/invoices?${list({ page: '1', limit: '50' })}`],
        [2, 'invoice detail', () => `/api/invoices/${encodeURIComponent(any(world.invoiceNos))}`],
        [3, 'bell: unread notifications', () => '/api/notifications/unread-count'],
        [2, 'bell: unread tickets', () => '/api/tickets/unread/count'],
      ];
    case 'admin':
      return [
        [3, 'admin: dashboard', () => '/api/dashboard'],
        [2, 'admin: 30-day report', report],
        [2, 'package list, page 1', () => `/api/packages?${list({ page: '1', limit: '50' })}`],
        [2, 'staff: invoice list', () => `/api/invoices?${list({ page: '1', limit: '50' })}`],
        [1, 'invoice detail', () => `/api/invoices/${encodeURIComponent(any(world.invoiceNos))}`],
        [1, 'admin: tickets', () => `/api/tickets?${list({ page: '1', limit: '25' })}`],
        [3, 'bell: unread tickets', () => '/api/tickets/unread/count'],
      ];
    case 'super_admin':
      return [
        [3, 'super admin: couriers', () => '/api/platform/couriers'],
        [2, 'super admin: dashboard', () => '/api/dashboard'],
        [1, 'super admin: 30-day report', report],
      ];
  }
}

const LOGIN_PAGE: Record<Role, string> = {
  customer: '/api/customers/login',
  staff: '/api/auth/staff/login',
  admin: '/api/auth/login',
  super_admin: '/api/auth/super-admin/login',
};

/** What one day measured: each kind's tally, when the sign-in burst ended, the server's CPU and the load. */
interface Day {
  tallies: Map<string, Tally>;
  burstEnd: number;
  burstSeconds: number;
  requests: number;
  cpu: { node: number; postgres: number };
  loads: string[];
}

/** One day against one build of the server (this tree's, or a ref's), then each kind's CPU alone. */
async function runDay(world: World, env: NodeJS.ProcessEnv, ref: string | undefined): Promise<Day> {
  const srcRoot = ref ? (await sourcesOf(ref)).dir : undefined;
  const server = await start(await bundle('api-server.ts', { srcRoot, name: ref ? 'api-busy-ref' : 'api-busy' }), env);
  const databaseUrl = kind === 'server' ? serverDb.url : undefined;
  const tallies = new Map<string, Tally>();
  // One way to send each kind of request (a signed-in person's), to measure its CPU alone after the day.
  const examples = new Map<string, () => [url: string, init: RequestInit]>();
  const time = async (label: string, url: string, init: RequestInit = {}) => {
    const tally = tallies.get(label) ?? { times: [], startedAt: [], errors: 0 };
    tallies.set(label, tally);
    const started = performance.now();
    try {
      const res = await fetch(`${server.base}${url}`, init);
      const body = await res.text();
      tally.times.push(performance.now() - started);
      tally.startedAt.push(started);
      if (!res.ok) {
        tally.errors += 1;
        tally.sample ??= `${res.status} ${url}: ${body.slice(0, 120)}`;
      }
      return res.ok ? body : null;
    } catch (error) {
      tally.errors += 1;
      tally.sample ??= `${url}: ${String(error)}`;
      return null;
    }
  };
  try {
    const counts = Object.entries(CROWD).map(([role, n]) => `${world.people.filter((p) => p.role === role).length} of ${n} ${role}`);
    console.log(
      `\n${ref ?? 'this tree'}: ${world.people.length} people (${counts.join(', ')}), ${seconds} s, think ${thinkMin}-${thinkMax} ms; load ${load1()}`,
    );
    const cpu = await serverCpu(server.child.pid ?? 0, databaseUrl);
    const loads = [load1()];
    const loadTimer = setInterval(() => loads.push(load1()), 10_000);
    const until = Date.now() + seconds * 1000;
    const dayStart = performance.now();
    let burstEnd = dayStart;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const live = async (person: Person) => {
      await sleep(Math.random() * 5000);
      const signIn: RequestInit = {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: person.email, password: PASSWORD }),
      };
      examples.set('sign-in (argon2id)', () => [LOGIN_PAGE[person.role], signIn]);
      const answer = await time('sign-in (argon2id)', LOGIN_PAGE[person.role], signIn);
      burstEnd = Math.max(burstEnd, performance.now());
      if (!answer) return;
      const headers = { authorization: `Bearer ${(JSON.parse(answer) as { token: string }).token}` };
      const menu = actions(person, world);
      for (const [, label, url] of menu) if (!examples.has(label)) examples.set(label, () => [url(), { headers }]);
      const total = menu.reduce((s, [w]) => s + w, 0);
      while (Date.now() < until) {
        const roll = Math.random() * total;
        let below = 0;
        const [, label, url] =
          menu.find(([w]) => {
            below += w;
            return roll < below;
          }) ?? (menu[0] as (typeof menu)[number]);
        await time(label, url(), { headers });
        await sleep(thinkMin + Math.random() * (thinkMax - thinkMin));
      }
    };
    try {
      await Promise.all(world.people.map(live));
    } finally {
      clearInterval(loadTimer);
      loads.push(load1());
    }
    const used = await cpu.stop();
    // Each kind alone, one request at a time: its CPU in Node and PostgreSQL, whatever else the machine does.
    for (const [label, example] of examples) {
      const tally = tallies.get(label);
      if (!tally) continue;
      const alone = await serverCpu(server.child.pid ?? 0, databaseUrl);
      const t0 = performance.now();
      let n = 0;
      while (n < 300 && (n < 20 || performance.now() - t0 < 1500)) {
        const [url, init] = example();
        const res = await fetch(`${server.base}${url}`, init);
        await res.arrayBuffer();
        n += 1;
      }
      const spent = await alone.stop();
      tally.cpuMs = (spent.node + spent.postgres) / n;
    }
    const requests = [...tallies.values()].reduce((s, t) => s + t.times.length, 0);
    return { tallies, burstEnd, burstSeconds: (burstEnd - dayStart) / 1000, requests, cpu: used, loads };
  } finally {
    await server.stop();
  }
}

function report(label: string, day: Day): void {
  console.log(
    `\n### Busy day, ${label}: ${CROWD_SIZE} people, ${seconds} s, ${kind === 'server' ? 'PostgreSQL server' : 'embedded PostgreSQL'}\n`,
  );
  printDay(day.tallies, day.burstEnd, day.burstSeconds);
  const { node, postgres } = day.cpu;
  const share = (ms: number) => ((ms / 1000 / seconds) * 100).toFixed(0);
  console.log(
    `\n${(day.requests / seconds).toFixed(1)} req/s; server CPU ${share(node + postgres)} % of a core ` +
      `(Node${kind === 'embedded' ? ' and the embedded PostgreSQL' : ''} ${share(node)} %` +
      `${kind === 'server' ? `, PostgreSQL backends ${share(postgres)} %` : ''}), ` +
      `${(((node + postgres) * 1000) / Math.max(1, day.requests)).toFixed(0)} µs a request; ` +
      `load ${day.loads.join(' → ')} (median ${median(day.loads.map(Number)).toFixed(1)}).`,
  );
  for (const [l, t] of day.tallies) if (t.sample) console.log(`  first error of ${l}: ${t.sample}`);
}

const CROWD_SIZE = Object.values(CROWD).reduce((s, n) => s + n, 0);

async function main(): Promise<void> {
  const dataDir = option('data-dir') ?? (await mkdtemp(path.join(os.tmpdir(), 'bench-busy-')));
  if (kind === 'server' && !args.includes('--reuse')) await serverDb.recreate();
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    DATABASE_URL: kind === 'server' ? serverDb.url : '',
  };
  try {
    const world = await prepare(env);
    const compare = option('compare');
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    if (compare) {
      // The ref's day, then this tree's, on the same data.
      const sha = execFileSync('git', ['rev-parse', '--short', compare], { encoding: 'utf8' }).trim();
      const before = await runDay(world, env, compare);
      const after = await runDay(world, env, undefined);
      report(`${compare} (${sha})`, before);
      report(`this tree (${head})`, after);
      printRatios(compare, before, after);
    } else {
      const ref = option('ref');
      report(ref ?? `this tree (${head})`, await runDay(world, env, ref));
    }
  } finally {
    if (kind === 'server' && !args.includes('--keep')) await serverDb.drop();
    if (!option('data-dir') && !args.includes('--keep')) await rm(dataDir, { recursive: true, force: true });
    else if (kind === 'embedded') console.log(`\nembedded data kept in ${dataDir} (rerun with --data-dir ${dataDir} --reuse)`);
  }
}

await main();
