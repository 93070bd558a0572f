import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withDatabase } from './global-setup';
import { testServerUrl } from './helper';

/**
 * A scratch database on the run's PostgreSQL (DATABASE_URL, else the embedded cluster of global
 * setup), for tests that need several connections or processes (advisory locks, replicas);
 * `undefined` when it does not answer, so the caller can skip.
 */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const serverUrl = testServerUrl();
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
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
