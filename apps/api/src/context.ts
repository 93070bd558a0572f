import type { AppContext } from './app';
import type { Config } from './config';
import { type Database, type OpenOptions, openDatabase } from './db/client';
import { Mailer } from './lib/mailer';
import { SecretBox } from './lib/secret-box';
import { TokenService } from './lib/tokens';

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
    ...open,
  });
  if (migrate) await database.migrate();
  const tokens = await TokenService.create(database.db, config.JWT_SECRET);
  const mailer = new Mailer(database.db, config, new SecretBox(tokens.secret));
  return { database, ctx: { config, db: database.db, databaseKind: database.kind, tokens, mailer } };
}
