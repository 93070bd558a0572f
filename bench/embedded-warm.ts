/**
 * The embedded PostgreSQL's memory with its whole database in shared buffers, as a server that has
 * run for a while ends up (decision 013, "Sizing"): on a DATA_DIR (e.g. one kept by
 * `bench/api.ts --data-dir DIR`), 10 connections (the pool's default) each read every table and
 * index of the app's schema into shared buffers (pg_prewarm); PSS and RSS of the postgres
 * processes before and after.
 *
 *   npx tsx bench/embedded-warm.ts --data-dir DIR [--settings '{"shared_buffers":"128MB"}']
 *
 * --settings: `-c` settings over startEmbeddedPostgres's own, to compare with other sizes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres';
import { processTree, pssMiB, rssMiB } from './lib/measure';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const dataDir = option('data-dir');
if (!dataDir) throw new Error('--data-dir DIR (a DATA_DIR holding pg/)');
const settings = JSON.parse(option('settings') ?? '{}') as Record<string, string | number>;

const cluster = await startEmbeddedPostgres({ pgDir: path.join(dataDir, 'pg'), settings });
// The guardian `sh` above the postmaster: the tree the API bench counts below Node.
const stat = readFileSync(`/proc/${cluster.pid}/stat`, 'utf8');
const guardian = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
const figures = () =>
  `PSS ${pssMiB(guardian).toFixed(0)} MiB, RSS ${rssMiB(guardian).toFixed(0)} MiB, ${processTree(guardian).length} processes`;
const clients = await Promise.all(
  Array.from({ length: 10 }, async () => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    return client;
  }),
);
const [first] = clients;
if (!first) throw new Error('no connection');
try {
  console.log(`settings ${JSON.stringify(settings)}`);
  console.log(`idle, 10 connections: ${figures()}`);
  await first.query('create extension if not exists pg_prewarm');
  const relations = (
    await first.query<{ name: string }>(
      `select c.oid::regclass::text as name from pg_class c where relnamespace = 'public'::regnamespace and relkind in ('r', 'i')`,
    )
  ).rows;
  const size = (await first.query<{ size: string }>('select pg_size_pretty(pg_database_size(current_database())) as size')).rows[0]?.size;
  await Promise.all(
    clients.map(async (client) => {
      for (const { name } of relations) await client.query('select pg_prewarm($1::regclass, $2)', [name, 'buffer']);
    }),
  );
  console.log(`every table and index (database ${size}) read by each connection: ${figures()}`);
  await first.query('drop extension pg_prewarm');
} finally {
  await Promise.all(clients.map((client) => client.end()));
  await cluster.stop();
}
