import type { Redis } from 'ioredis';
import type { Config } from './config';
import { type Database, type Db, type OpenOptions, openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { useSubscribers } from './lib/domain-events';
import { Mailer } from './lib/mailer';
import { LiveBus } from './lib/live-bus';
import { connectRedis } from './lib/redis';
import { SecretBox } from './lib/secret-box';
import { TokenService } from './lib/tokens';
import { SUBSCRIBERS } from './subscribers';
import { keepOnce } from './modules/app-settings/index';

/**
 * What every module is given: the configuration and the services built once per process. It lives
 * here, not in app.ts, so a module that needs it never imports the app that imports the module.
 */
export interface AppContext {
  config: Config;
  db: Db;
  databaseKind: 'embedded' | 'server';
  tokens: TokenService;
  mailer: Mailer;
  /** Shared counters (rate limits) when REDIS_URL is set; the app closes it with itself. */
  redis?: Redis;
  /** Live events across replicas (PostgreSQL LISTEN/NOTIFY); the app closes it with itself. */
  live?: LiveBus;
}

export interface Runtime {
  ctx: AppContext;
  database: Database;
}

/** Opens the database (migrating it unless told not to) and builds the services the app uses. */
export async function createRuntime(config: Config, open: Partial<OpenOptions> = {}, migrate = true): Promise<Runtime> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    limits: {
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      connectionTimeoutMs: config.DATABASE_CONNECTION_TIMEOUT_MS,
    },
    onConnectionInTransaction: (error) => {
      if (config.DATABASE_TRANSACTION_GUARD === 'throw') throw error;
      process.emitWarning(error.message, { code: 'CONNECTION_IN_TRANSACTION', detail: error.stack });
    },
    ...open,
  });
  if (migrate) await database.migrate();
  useSubscribers(SUBSCRIBERS);
  const tokens = await TokenService.create((key, value) => keepOnce(database.db, key, value), config.JWT_SECRET);
  const mailer = new Mailer(database.db, config, new SecretBox(tokens.secret));
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL) : undefined;
  return {
    database,
    ctx: { config, db: database.db, databaseKind: database.kind, tokens, mailer, redis, live: new LiveBus(database.url) },
  };
}

/**
 * createRuntime for the entry points (server, CLIs): a data directory in use by another process
 * ends this one with a plain message and exit code 1, not a stack trace.
 */
export async function createRuntimeOrExit(config: Config): Promise<Runtime> {
  try {
    return await createRuntime(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** What a service that may send mail runs with. */
export type Services = Pick<AppContext, 'db' | 'mailer'>;
