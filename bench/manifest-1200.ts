/**
 * A flight's manifest from the agent's file: 1,200 received parcels (for 300 customers) added to
 * an AIR manifest from a CSV with the agent's own "Tracking #" header, then the manifest closed
 * and shipped (each parcel in transit with its event, webhook, e-mail and feed entry). Prints
 * rows per second for the add and the ship.
 *
 *   npx tsx bench/manifest-1200.ts [--rows 1200] [--statements]      (npm run bench:manifest)
 *
 * `--statements` also lists what the ship sent to the database: how many statements, their time,
 * and the slowest kinds (the rest of the ship's time is the server's own work); `--profile` where
 * the server's own time went during the ship (self time by package and function, V8's profiler).
 *
 * Old code against new in one run, alternated: `bash bench/manifest-compare.sh <old worktree> [runs]`.
 *
 * The server is DATABASE_URL (else postgres://postgres@127.0.0.1:5432); the benchmark makes its
 * own database there, `bench_manifest_<pid>`, and drops it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { type CpuProfile, summarize } from './lib/cpu-profile';
import { serverDatabase } from './lib/server-database';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? String(args[i + 1]) : fallback;
};
const ROWS = Number(option('rows', '1200'));
const TRACE = args.includes('--statements');
const PROFILE = args.includes('--profile');

/** Times every statement sent through the pg driver until the returned function stops it. */
function traceStatements() {
  type Query = (...a: unknown[]) => unknown;
  const original = pg.Client.prototype.query as Query;
  const seen: Array<{ text: string; ms: number }> = [];
  pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
    const q = a[0];
    const text = typeof q === 'string' ? q : String((q as { text?: unknown } | undefined)?.text);
    const t0 = performance.now();
    const out = original.apply(this, a);
    if (out && typeof (out as Promise<unknown>).then === 'function')
      (out as Promise<unknown>).then(
        () => seen.push({ text, ms: performance.now() - t0 }),
        () => seen.push({ text, ms: performance.now() - t0 }),
      );
    return out;
  } as typeof pg.Client.prototype.query;
  return () => {
    pg.Client.prototype.query = original as typeof pg.Client.prototype.query;
    const kinds = new Map<string, { n: number; ms: number }>();
    for (const s of seen) {
      const key = s.text.replace(/\s+/g, ' ').slice(0, 90);
      const k = kinds.get(key) ?? { n: 0, ms: 0 };
      k.n += 1;
      k.ms += s.ms;
      kinds.set(key, k);
    }
    const total = seen.reduce((a, s) => a + s.ms, 0);
    console.log(`ship: ${seen.length} statements, ${total.toFixed(0)} ms in the database`);
    for (const [text, k] of [...kinds].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12))
      console.log(`  ${k.ms.toFixed(0).padStart(6)} ms ×${k.n}  ${text}`);
  };
}
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const { loadConfig } = await import('../apps/api/src/config');
const { createRuntime } = await import('../apps/api/src/context');
const { couriers } = await import('../apps/api/src/db/schema/couriers');
const { customers } = await import('../apps/api/src/db/schema/customers');
const { users } = await import('../apps/api/src/db/schema/users');
const imports = await import('../apps/api/src/modules/package-imports/package-imports.service');
const editing = await import('../apps/api/src/modules/manifests/manifest-editing.service');
const contents = await import('../apps/api/src/modules/manifests/manifest-contents.service');
const shipping = await import('../apps/api/src/modules/manifests/manifest-shipping.service');
const queries = await import('../apps/api/src/modules/manifests/manifest-queries.service');
const { ALL_PERMISSIONS } = await import('../packages/shared/src/constants/permissions');

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-manifest-'));
const server = serverDatabase(serverUrl, `bench_manifest_${process.pid}`);
await server.recreate();
const config = loadConfig(
  { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATABASE_URL: server.url },
  { DATA_DIR: dataDir },
);
const { ctx, database } = await createRuntime(config);
try {
  const [courier] = await ctx.db.insert(couriers).values({ name: 'Bench Courier', code: 'BMF', apiKey: 'ck_bench_manifest' }).returning();
  if (!courier) throw new Error('no courier');
  const [admin] = await ctx.db
    .insert(users)
    .values({
      courierId: courier.id,
      role: 'courier_admin',
      firstName: 'Bench',
      lastName: 'Admin',
      email: 'a@bench.test',
      passwordHash: 'x',
    })
    .returning();
  if (!admin) throw new Error('no admin');
  const user = {
    id: admin.id,
    kind: 'user' as const,
    role: 'courier_admin' as const,
    courierId: courier.id,
    branchId: null,
    permissions: [...ALL_PERMISSIONS],
    jti: 'bench',
    exp: Number.MAX_SAFE_INTEGER,
  };
  await ctx.db.insert(customers).values(
    Array.from({ length: 300 }, (_, i) => ({
      courierId: courier.id,
      mailboxNumber: `BMF${String(i).padStart(5, '0')}`,
      firstName: `First${i}`,
      lastName: 'Bench',
      email: `bench-${i}@bench.test`,
      passwordHash: 'x',
    })),
  );
  const tracking = (i: number) => `1Z999AA1${String(i).padStart(10, '0')}`;
  // The parcels arrive from the agent's file of the week.
  const received = ['Tracking Number,Mailbox,Weight'];
  for (let i = 0; i < ROWS; i++) received.push(`${tracking(i)},BMF${String(i % 300).padStart(5, '0')},${(1 + (i % 20) * 0.5).toFixed(1)}`);
  const who = { courierId: courier.id, user: null };
  const upload = await imports.createImport(ctx.db, who, { name: 'week.csv', data: Buffer.from(received.join('\n')) });
  await imports.claimImport(ctx.db, courier.id, upload.id, upload.mapping);
  await imports.runImport({ db: ctx.db, mailer: ctx.mailer }, who, upload.id);

  const manifest = await editing.createManifest(ctx.db, user, { type: 'AIR', flightOrVessel: 'JM 018', departureDate: '2026-11-20' });
  const rows = [{ line: 1, cells: ['Tracking #', 'Consignee', 'Pcs'] }];
  for (let i = 0; i < ROWS; i++) rows.push({ line: i + 2, cells: [tracking(i), `First${i % 300} Bench`, '1'] });
  let t0 = performance.now();
  const report = await contents.importRows(ctx.db, user, manifest.id, rows, 'no header');
  const addMs = performance.now() - t0;
  if (report.accepted === 0) throw new Error(`nothing added: ${JSON.stringify(report.rows.slice(0, 3))}`);
  await shipping.closeManifest(ctx.db, user, manifest.id);
  const stop = TRACE ? traceStatements() : null;
  const inspector = PROFILE ? new Session() : null;
  if (inspector) {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
    await inspector.post('Profiler.start');
  }
  t0 = performance.now();
  const shipped = await shipping.shipManifest({ db: ctx.db, mailer: ctx.mailer }, user, manifest.id, {}, new Date('2026-11-20T15:00:00Z'));
  const shipMs = performance.now() - t0;
  stop?.();
  if (inspector) {
    const { profile } = (await inspector.post('Profiler.stop')) as unknown as { profile: CpuProfile };
    inspector.disconnect();
    await writeFile(path.join(os.tmpdir(), 'manifest-ship.cpuprofile'), JSON.stringify(profile));
    const summary = summarize(profile, 15);
    console.log(`ship: ${summary.totalMs.toFixed(0)} ms of the server's own CPU (${path.join(os.tmpdir(), 'manifest-ship.cpuprofile')})`);
    for (const a of summary.areas.slice(0, 8)) console.log(`  ${(a.share * 100).toFixed(1).padStart(5)} %  ${a.name}`);
    for (const f of summary.functions) console.log(`  ${(f.share * 100).toFixed(1).padStart(5)} %  ${f.name}`);
  }
  const rate = (n: number, ms: number) => ((n / ms) * 1000).toFixed(0);
  const moved = (await queries.getManifest(ctx.db, user, manifest.id)).packages;
  console.log(
    `manifest of ${ROWS} parcels (PostgreSQL server): add from the file ${addMs.toFixed(0)} ms (${rate(report.accepted, addMs)} rows/s, ` +
      `${report.accepted} accepted, ${report.refused} refused); ship ${shipMs.toFixed(0)} ms (${rate(shipped.pieces, shipMs)} rows/s, ` +
      `${moved.filter((p) => p.status === 'in_transit').length} in transit)`,
  );
} finally {
  await database.close();
  await server.drop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
