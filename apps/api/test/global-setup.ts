import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/db/embedded-postgres';

/**
 * One PostgreSQL for the whole run, the same engine as production: the server DATABASE_URL names
 * (CI: the local server, database `test`), else an embedded PostgreSQL started here in a temporary
 * directory. It migrates one template database; every test file then gets its own database cloned
 * from it with CREATE DATABASE ... TEMPLATE (apps/api/test/helper.ts).
 */
export default async function setup(project: TestProject) {
  let cluster: EmbeddedPostgres | undefined;
  let dir: string | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    dir = await mkdtemp(path.join(os.tmpdir(), 'courier-test-pg-'));
    // Test data is thrown away: no need to wait for the disk on every commit.
    cluster = await startEmbeddedPostgres({
      pgDir: path.join(dir, 'pg'),
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    serverUrl = cluster.url;
  }
  const templateName = `courier_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
  await admin.query(`CREATE DATABASE ${templateName}`);
  const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, templateName), poolSize: 1 });
  await database.migrate();
  await database.close();
  project.provide('templateDatabase', templateName);
  project.provide('testServerUrl', serverUrl);
  return async () => {
    // Each worker's last spare database, and any drop a file's close did not wait for.
    const left = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      testDatabasePrefix(templateName),
    ]);
    for (const { datname } of left.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    await admin.end();
    await cluster?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}

/** The start of the name of every database cloned from `template` (helper.ts). */
export function testDatabasePrefix(template: string): string {
  return `${template.replace('courier_tpl_', 'courier_t_')}_`;
}

/** The same server URL with another database name (works for TCP and Unix-socket URLs alike). */
export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase?: string;
    testServerUrl?: string;
  }
}
