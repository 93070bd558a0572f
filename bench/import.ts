/**
 * Bulk receive from a warehouse agent's file: a 5,000-row CSV read, previewed (every row checked)
 * and imported, on the embedded database and on a PostgreSQL server. Prints rows per second.
 *
 *   npx tsx bench/import.ts [--rows 5000] [--db embedded|server|both]
 *
 * The server is DATABASE_URL (else postgres://postgres@127.0.0.1:5432); the benchmark makes its
 * own database there, `bench_import_<pid>` (so two runs at once do not collide), and drops it. The courier has 2,000 customers and 1,000 pending
 * pre-alerts; a tenth of the rows name no customer (Unknown Packages), a few are bad.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serverDatabase } from './lib/server-database';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? String(args[i + 1]) : fallback;
};
const ROWS = Number(option('rows', '5000'));
const which = option('db', 'both');
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function run(kind: 'embedded' | 'server'): Promise<void> {
  const { loadConfig } = await import('../apps/api/src/config');
  const { createRuntime } = await import('../apps/api/src/context');
  const { couriers } = await import('../apps/api/src/db/schema/couriers');
  const { customers } = await import('../apps/api/src/db/schema/customers');
  const { preAlerts } = await import('../apps/api/src/db/schema/pre-alerts');
  const svc = await import('../apps/api/src/modules/package-imports/package-imports.service');

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-import-'));
  const server = serverDatabase(serverUrl, `bench_import_${process.pid}`);
  if (kind === 'server') await server.recreate();
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATABASE_URL: kind === 'server' ? server.url : '' },
    { DATA_DIR: dataDir },
  );
  const { ctx, database } = await createRuntime(config);
  try {
    const [courier] = await ctx.db.insert(couriers).values({ name: 'Bench Courier', code: 'BIM', apiKey: 'ck_bench_import' }).returning();
    if (!courier) throw new Error('no courier');
    const people = Array.from({ length: 2000 }, (_, i) => ({
      courierId: courier.id,
      mailboxNumber: `BIM${String(i).padStart(5, '0')}`,
      firstName: `First${i}`,
      lastName: 'Bench',
      email: `bench-${i}@bench.test`,
      passwordHash: 'x',
    }));
    const made = [];
    for (let i = 0; i < people.length; i += 500)
      made.push(
        ...(await ctx.db
          .insert(customers)
          .values(people.slice(i, i + 500))
          .returning()),
      );
    const tracking = (i: number) => `BENCH${String(i).padStart(8, '0')}`;
    await ctx.db.insert(preAlerts).values(
      Array.from({ length: 1000 }, (_, i) => ({
        courierId: courier.id,
        customerId: made[(i * 5) % made.length]?.id ?? 0,
        trackingNumber: tracking(i * 5),
        merchant: 'Amazon',
        description: 'Books',
        declaredValueUsdCents: 2500,
        invoicePath: 'pre-alert-invoices/bench.pdf',
      })),
    );
    const lines = ['Tracking Number,Mailbox,Consignee,Weight,Dimensions,Pieces,Shipper,Description,Value,Date'];
    for (let i = 0; i < ROWS; i++) {
      const mailbox = i % 10 === 9 ? 'NOBODY' : `BIM${String(i % 2000).padStart(5, '0')}`;
      const weight = i % 97 === 0 ? 'n/a' : (1 + (i % 40) * 0.25).toFixed(2);
      lines.push(`${tracking(i)},${mailbox},,${weight},12x9x4,1,Amazon,Item ${i},$${(i % 300) + 1}.00,11/20/2026`);
    }
    const data = Buffer.from(lines.join('\r\n'));
    const who = { courierId: courier.id, user: null };

    let t0 = performance.now();
    const upload = await svc.createImport(ctx.db, who, { name: 'bench.csv', data });
    const readMs = performance.now() - t0;
    t0 = performance.now();
    const preview = await svc.previewImport(ctx.db, courier.id, upload.id, upload.mapping);
    const previewMs = performance.now() - t0;
    await svc.claimImport(ctx.db, courier.id, upload.id, upload.mapping);
    t0 = performance.now();
    const done = await svc.runImport({ db: ctx.db, mailer: ctx.mailer }, who, upload.id);
    const importMs = performance.now() - t0;
    const c = done.counts;
    console.log(
      `${kind === 'server' ? 'PostgreSQL server' : 'embedded PostgreSQL'}: ${ROWS} rows — read ${readMs.toFixed(0)} ms, ` +
        `preview ${previewMs.toFixed(0)} ms (${((ROWS / previewMs) * 1000).toFixed(0)} rows/s), ` +
        `import ${importMs.toFixed(0)} ms (${((ROWS / importMs) * 1000).toFixed(0)} rows/s); ` +
        `received ${c?.received}, unknown ${c?.unknown}, invalid ${c?.invalid}, pre-alerts matched ${c?.preAlertsMatched}` +
        ` (preview said received ${preview.counts.received})`,
    );
    // The same file again creates nothing.
    const again = await svc.createImport(ctx.db, who, { name: 'bench.csv', data });
    await svc.claimImport(ctx.db, courier.id, again.id, again.mapping);
    t0 = performance.now();
    const second = await svc.runImport({ db: ctx.db, mailer: ctx.mailer }, who, again.id);
    console.log(
      `  the same file again: ${(performance.now() - t0).toFixed(0)} ms, received ${second.counts?.received}, already received ${second.counts?.alreadyReceived}`,
    );
  } finally {
    await database.close();
    if (kind === 'server') await server.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (which === 'embedded' || which === 'both') await run('embedded');
if (which === 'server' || which === 'both') await run('server');
process.exit(0);
