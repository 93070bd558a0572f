import { loadConfig } from '../config';
import { backupDataDir } from '../db/backup';
import { DataDirLockedError } from '../db/data-dir-lock';

/**
 * `npm run backup -- <file>`: writes the embedded data (DATA_DIR/pg and DATA_DIR/uploads) to a gzipped
 * tar, with the server stopped (docs/decisions/013-embedded-postgres.md).
 */
const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('Usage: npm run backup -- <file>   (for example: npm run backup -- backups/portal.tar.gz)');
  process.exit(2);
}
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: the database is a PostgreSQL server, which is backed up with its own tools (pg_dump, base backups; see docs/deploy.md). ' +
      '`npm run backup` is for the embedded database in DATA_DIR.',
  );
  process.exit(1);
}
try {
  const result = await backupDataDir(config.dataDir, file);
  console.log(`Backed up ${result.entries.map((e) => `${config.dataDir}/${e}`).join(' and ')} to ${result.file}.`);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`Cannot backup while the server runs. ${error.message}`);
  } else {
    console.error((error as Error).message);
  }
  process.exit(1);
}
