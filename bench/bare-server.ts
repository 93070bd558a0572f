/**
 * The framework's ceiling on this machine: a bare Fastify server, run the same way as the app (its
 * own Node process, forked by bench/api.ts, bundled by esbuild and listening on loopback), so the
 * app's figures can be given as a ratio to it.
 *
 * - `GET /` answers `{ ok: true }`: the bare route every ratio is to.
 * - `GET /query` runs one `select 1` through the raw driver first (pg's pool on the database
 *   BARE_DATABASE_URL names, else an embedded PostgreSQL of its own in a temporary directory, or an
 *   in-memory PGlite with EMBEDDED_DATABASE=pglite): the ceiling of any path that needs one
 *   round trip to the database, with nothing of the app in the way.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres';

type Query = () => Promise<unknown>;
async function openRawDatabase(): Promise<{ query: Query; close: () => Promise<void> }> {
  const url = process.env.BARE_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return { query: () => pool.query('select 1'), close: () => pool.end() };
  }
  if (process.env.EMBEDDED_DATABASE === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const lite = await PGlite.create();
    return { query: () => lite.query('select 1'), close: () => lite.close() };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-bare-'));
  const cluster = await startEmbeddedPostgres({ pgDir: path.join(dir, 'pg') });
  const pool = new pg.Pool({ connectionString: cluster.url, max: 10 });
  return {
    query: () => pool.query('select 1'),
    close: async () => {
      await pool.end();
      await cluster.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const database = await openRawDatabase();
const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
app.get('/query', async () => {
  await database.query();
  return { ok: true };
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
