import { AsyncLocalStorage } from 'node:async_hooks';
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
  /** The connection string of the PostgreSQL it uses (none for PGlite): a listener opens its own connection. */
  url?: string;
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
  /** Connections at most: 10 to a PostgreSQL server, EMBEDDED_POOL_SIZE to the embedded one. */
  poolSize?: number;
  /**
   * The embedded engine: a PostgreSQL cluster in DATA_DIR/pg (the default), or PGlite, kept only
   * to compare the two (EMBEDDED_DATABASE=pglite; decision 012).
   */
  engine?: 'postgres' | 'pglite';
  /** Statement, idle-in-transaction and pool-wait limits in ms (0: none); the server's pool only. */
  limits?: Partial<DatabaseLimits>;
  /**
   * Told when code inside a transaction takes a second connection of the pool (a query on the
   * outer `db`, not the transaction's `tx`): the pattern that lets a full pool wait on itself.
   * Throw from it to refuse the query; return to let it run.
   */
  onConnectionInTransaction?: (error: Error) => void;
}

export interface DatabaseLimits {
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  connectionTimeoutMs: number;
}

/** The defaults of DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS and DATABASE_CONNECTION_TIMEOUT_MS. */
export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 60_000,
  connectionTimeoutMs: 10_000,
};

/** Set while a transaction's callback runs; `open` turns false when it ends. */
const inTransaction = new AsyncLocalStorage<{ open: boolean }>();

/**
 * Nothing inside a transaction may reach for another connection: the transaction holds its rows
 * while it waits, and with the pool full the others wait on those rows. The pool reports each such
 * use to `report` (which may throw to refuse it).
 */
function guardTransactions(pool: pg.Pool, db: Db, report: (error: Error) => void): void {
  const run = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    run(async (tx) => {
      const mark = { open: true };
      try {
        return await inTransaction.run(mark, () => work(tx));
      } finally {
        mark.open = false;
      }
    }, config)) as Db['transaction'];
  const connect = pool.connect.bind(pool) as (cb?: unknown) => unknown;
  pool.connect = ((cb?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => {
    if (inTransaction.getStore()?.open) {
      const error = new Error('A query inside a transaction took a second connection of the pool; pass the transaction down');
      try {
        report(error);
      } catch (refused) {
        if (cb) return cb(refused as Error);
        return Promise.reject(refused);
      }
    }
    return connect(cb);
  }) as pg.Pool['connect'];
}

/**
 * One office's server on a small machine: each backend keeps 3-5 MiB of its own (catalog and plan
 * caches) while it lives, and more connections than cores only queue in PostgreSQL instead.
 */
export const EMBEDDED_POOL_SIZE = 5;

/**
 * The embedded pool keeps one connection warm and closes the others 2 s after their last query: an
 * idle backend holds 3-8 MiB of PSS, and the few ms of opening one again are paid only by a burst
 * after a pause. A PostgreSQL server's pool keeps pg's defaults (none kept, 10 s).
 */
export const EMBEDDED_POOL_IDLE = { min: 1, idleTimeoutMillis: 2_000 } as const;

function openPool(url: string, options: OpenOptions, onClose?: () => Promise<void>): Database {
  const limits = { ...DEFAULT_DATABASE_LIMITS, ...options.limits };
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? (onClose ? EMBEDDED_POOL_SIZE : 10),
    ...(onClose ? EMBEDDED_POOL_IDLE : {}),
    // A stuck request costs that request (a 503), never the pool: see decision 033.
    connectionTimeoutMillis: limits.connectionTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor one the server ends while it is lent out (an idle transaction past its limit): its query fails instead.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  guardTransactions(pool, db, options.onConnectionInTransaction ?? (() => {}));
  return {
    db,
    kind: onClose ? 'embedded' : 'server',
    url,
    // Migrations run on a connection of their own, without the request limits: a long one must finish.
    migrate: async () => {
      const migrator = new pg.Pool({ connectionString: url, max: 1 });
      try {
        await migratePg(drizzlePg(migrator, { casing: 'snake_case' }) as never, { migrationsFolder: migrationsFolder() });
      } finally {
        await migrator.end();
      }
    },
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
  if (options.databaseUrl) return openPool(options.databaseUrl, options);
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
    const database = openPool(cluster.url, options, async () => {
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
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
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
    // The package search's index needs pg_trgm (migration 0071).
    client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
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
