import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A scratch database on a real PostgreSQL server, for tests that need several connections or
 * processes (advisory locks, replicas). DATABASE_URL when the suite runs on a server, else the
 * local server on 127.0.0.1:5432; `undefined` when neither answers, so the caller can skip.
 */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
