/**
 * Where the server's CPU goes on the hot paths: a V8 CPU profile of each path under load, summarised
 * by package and by function, and written as `.cpuprofile` (Chrome DevTools, speedscope) and as
 * collapsed stacks (`.folded`: flamegraph.pl, inferno, speedscope) for the flame graph.
 *
 *   npx tsx bench/profile.ts [--url postgres://postgres@127.0.0.1:5432] [--packages 100000]
 *                            [--seconds 8] [--connections 10] [--out DIR] [--only customer,profile] [--reuse]
 *
 * Runs on a PostgreSQL server (database `bench_profile`, dropped at the end unless --reuse), with the
 * data set of bench/lib/dataset.ts. Shares are of the server's busy time, so they hold on a loaded
 * machine where absolute times do not.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config';
import { createRuntime } from '../apps/api/src/context';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { collapsedStacks, summarize } from './lib/cpu-profile';
import { BENCH_ADMIN, BENCH_COURIER_CODE } from './lib/dataset';
import { type Scenario, bundle, drive, profiled, signInAs, start } from './lib/api-servers';
import { fillUnlessFilled } from './lib/fill';
import { serverDatabase } from './lib/server-database';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const url = option('url') ?? process.env.DATABASE_URL ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const packages = Number(option('packages') ?? 100_000);
const seconds = Number(option('seconds') ?? 8);
const connections = Number(option('connections') ?? 10);
const only = option('only')?.split(',');
const reuse = args.includes('--reuse');
const out = option('out') ?? path.join(os.tmpdir(), `bench-profile-${new Date().toISOString().slice(0, 16).replace(/\D/g, '')}`);
const db = serverDatabase(url, 'bench_profile');
const SHOPPER_PASSWORD = 'BenchShopper#2026';

/** Fills the database; gives the customer with the most parcels a password; answers samples. */
async function prepare(env: NodeJS.ProcessEnv) {
  const { ctx, database } = await createRuntime(loadConfig(env));
  try {
    await fillUnlessFilled(ctx.db, { packages, invoices: Math.round(packages / 5), tickets: 200 });
    const hash = await hashPassword(SHOPPER_PASSWORD);
    const [shopper] = (
      (await ctx.db.execute(sql`update customers set password_hash = ${hash} where id = (
        select customer_id from packages where courier_id = (select id from couriers where code = ${BENCH_COURIER_CODE})
          and customer_id is not null group by customer_id order by count(*) desc limit 1) returning email`)) as unknown as {
        rows: Array<{ email: string }>;
      }
    ).rows;
    const tracking = (
      (await ctx.db.execute(sql`select tracking_number from packages
        where courier_id = (select id from couriers where code = ${BENCH_COURIER_CODE}) order by random() limit 300`)) as unknown as {
        rows: Array<{ tracking_number: string }>;
      }
    ).rows.map((r) => r.tracking_number);
    if (!shopper) throw new Error('no customer with parcels in the data set');
    return { shopperEmail: shopper.email, tracking };
  } finally {
    await database.close();
  }
}

const list = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]));

async function main() {
  if (!reuse) await db.recreate();
  const env = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATABASE_URL: db.url };
  try {
    const samples = await prepare(env);
    const server = await start(await bundle('api-server.ts', { name: 'api-profile' }), env);
    await mkdir(out, { recursive: true });
    try {
      const admin = await signInAs(server.base, BENCH_ADMIN);
      const login = await fetch(`${server.base}/api/customers/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: samples.shopperEmail, password: SHOPPER_PASSWORD }),
      });
      if (!login.ok) throw new Error(`customer login: ${login.status} ${await login.text()}`);
      const customer = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
      const paths: Array<{ key: string; scenario: Scenario; headers: Record<string, string> }> = [
        {
          key: 'profile',
          headers: admin,
          scenario: { name: 'GET /api/auth/profile', requests: [{ method: 'GET', path: '/api/auth/profile' }] },
        },
        {
          key: 'customer-packages',
          headers: customer,
          scenario: {
            name: "customer's own packages",
            requests: [{ method: 'GET', path: `/api/customer/packages?${list({ page: '1', limit: '10' })}` }],
          },
        },
        {
          key: 'newest',
          headers: admin,
          scenario: {
            name: '50 newest packages',
            requests: [{ method: 'GET', path: `/api/packages?${list({ page: '1', limit: '50' })}` }],
          },
        },
        {
          key: 'filtered',
          headers: admin,
          scenario: {
            name: 'filtered list (ready, by received date)',
            requests: [
              {
                method: 'GET',
                path: `/api/packages?${list({ page: '1', limit: '50', sort: 'receivedAt', order: 'desc', filters: { status: 'ready_for_pickup' } })}`,
              },
            ],
          },
        },
        {
          key: 'scan',
          headers: admin,
          scenario: {
            name: 'scan lookup by tracking number',
            requests: samples.tracking.map((t) => ({
              method: 'GET' as const,
              path: `/api/packages/scan?trackingNumber=${encodeURIComponent(t)}`,
            })),
          },
        },
      ];
      console.log(
        `\n${packages} packages on ${db.url}; ${seconds} s a path, ${connections} connections; load ${os.loadavg()[0]?.toFixed(1)}`,
      );
      for (const p of paths.filter((x) => !only || only.some((w) => x.key.includes(w)))) {
        await drive(server, p.scenario, p.headers, { duration: 2, connections, warmUp: false }); // JIT and caches first
        const { result: figure, profile } = await profiled(server, () =>
          drive(server, p.scenario, p.headers, { duration: seconds, connections, warmUp: false }),
        );
        await writeFile(path.join(out, `${p.key}.cpuprofile`), JSON.stringify(profile));
        await writeFile(path.join(out, `${p.key}.folded`), collapsedStacks(profile));
        const s = summarize(profile);
        const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
        console.log(`\n## ${p.scenario.name}: ${figure.rps.toFixed(0)} req/s, ${figure.cpuUs.toFixed(0)} µs CPU/req (profiling on)`);
        console.log(`by package: ${s.areas.map((a) => `${a.name} ${pct(a.share)}`).join(', ')}`);
        console.log('top functions (self time):');
        for (const f of s.functions) console.log(`  ${pct(f.share).padStart(6)}  ${f.name}`);
      }
      console.log(`\nprofiles (.cpuprofile for DevTools/speedscope, .folded for flame graphs) in ${out}`);
    } finally {
      await server.stop();
    }
  } finally {
    if (!reuse) await db.drop();
  }
}

await main();
