import { loadConfig } from '../config';
import { restoreDataDir } from '../db/backup';
import { DataDirLockedError } from '../db/data-dir-lock';

/**
 * `npm run restore -- <file>`: puts a backup made by `npm run backup` in place of DATA_DIR/pg and DATA_DIR/uploads
 * (the replaced data is kept beside them), with the server stopped (docs/decisions/013-embedded-postgres.md).
 */
const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('Usage: npm run restore -- <file>   (for example: npm run restore -- backups/portal.tar.gz)');
  process.exit(2);
}
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: the database is a PostgreSQL server, which is backed up with its own tools (pg_dump, base backups; see docs/deploy.md). ' +
      '`npm run restore` is for the embedded database in DATA_DIR.',
  );
  process.exit(1);
}
try {
  const result = await restoreDataDir(config.dataDir, file);
  console.log(`Restored ${file} into ${config.dataDir}.`);
  for (const kept of result.keptAs) console.log(`The data it replaced is kept in ${kept} (delete it when you no longer need it).`);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`Cannot restore while the server runs. ${error.message}`);
  } else {
    console.error((error as Error).message);
  }
  process.exit(1);
}
