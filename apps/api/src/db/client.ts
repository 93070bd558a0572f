import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** One type for both drivers: services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction as a Db, for the services that take one (the same query API; drizzle types them apart). */
export const asDb = (tx: unknown) => tx as Db;

export interface Database {
  db: Db;
  kind: 'embedded' | 'server';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded PostgreSQL only: settles if it stops on its own (killed, crashed). */
  lost?: Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * In source the migrations sit beside this file; the build copies them to dist/migrations, one
 * level above the bundled CLI scripts in dist/cli.
 */
export function migrationsFolder(): string {
  const candidates = [path.join(here, 'migrations'), path.join(here, '..', 'migrations')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations found in ${candidates.join(' or ')}`);
  return found;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /**
   * The embedded engine: a PostgreSQL cluster in DATA_DIR/pg (the default), or PGlite, kept only
   * to compare the two (EMBEDDED_DATABASE=pglite; decision 012).
   */
  engine?: 'postgres' | 'pglite';
}

function openPool(url: string, poolSize: number | undefined, onClose?: () => Promise<void>): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize ?? 10 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: onClose ? 'embedded' : 'server',
    migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
    close: async () => {
      try {
        await pool.end();
      } finally {
        await onClose?.();
      }
    },
  };
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPool(options.databaseUrl, options.poolSize);
  const engine = options.engine ?? (process.env.EMBEDDED_DATABASE === 'pglite' ? 'pglite' : 'postgres');
  if (engine === 'postgres') {
    if (!options.dataDir) throw new Error('The embedded PostgreSQL needs a data directory');
    await mkdir(options.dataDir, { recursive: true });
    // Before anything touches the database files: a second process refuses here (decision 008).
    const lock = lockDataDir(options.dataDir);
    let cluster: EmbeddedPostgres;
    try {
      cluster = await startEmbeddedPostgres({ pgDir: path.join(options.dataDir, 'pg') });
    } catch (error) {
      lock.release();
      throw error;
    }
    const database = openPool(cluster.url, options.poolSize, async () => {
      try {
        await cluster.stop();
      } finally {
        lock.release();
      }
    });
    return { ...database, lost: cluster.lost };
  }
  return openPglite(options.dataDir);
}

/**
 * PGlite (PostgreSQL in WebAssembly, in this process), the embedded engine before decision 012,
 * kept only so bench/embedded-engines.ts and EMBEDDED_DATABASE=pglite can compare the two. It is
 * a development dependency, loaded on demand: a production install does not have it.
 */
async function openPglite(dataDirOption: string | undefined): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let dataDir: string | undefined;
  let lock: DataDirLock | undefined;
  if (dataDirOption) {
    await mkdir(dataDirOption, { recursive: true });
    lock = lockDataDir(dataDirOption);
    dataDir = path.join(dataDirOption, 'pg');
  }
  let client: InstanceType<typeof PGlite>;
  try {
    if (dataDir) await mkdir(dataDir, { recursive: true });
    client = await PGlite.create({ dataDir });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'embedded',
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
