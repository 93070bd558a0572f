import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

/**
 * Migrates one template database per run; every test file then starts from a copy of it.
 * Embedded: a dumped PGlite data directory loaded per file. Server (DATABASE_URL): a template
 * database cloned with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const templateName = `courier_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${templateName}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    await database.migrate();
    await database.close();
    project.provide('templateDatabase', templateName);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'courier-tpl-'));
  const database = await openDatabase({});
  await database.migrate();
  if (!database.pglite) throw new Error('Expected an embedded database');
  const dump = await database.pglite.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('templateDataDir', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataDir?: string;
    templateDatabase?: string;
  }
}
