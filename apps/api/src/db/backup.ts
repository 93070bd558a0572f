import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { lockDataDir } from './data-dir-lock';
import { startEmbeddedPostgres } from './embedded-postgres';

const run = promisify(execFile);

/**
 * Backup and restore of the embedded mode (decision 012): a consistent copy of DATA_DIR/pg (the
 * PostgreSQL cluster) and DATA_DIR/uploads, taken while the server is stopped, as a gzipped tar.
 * The embedded packages ship no pg_dump, and a copy of a stopped cluster is exact. Both refuse
 * while the server (or any process) holds DATA_DIR/.lock (decision 008). A backup restores into
 * the same PostgreSQL major version only (the portal's embedded PostgreSQL, 18).
 */

export interface BackupResult {
  file: string;
  entries: string[];
}

/**
 * Leaves the cluster shut down cleanly: after a crash postgres.pid remains, so start the cluster
 * once (it replays its WAL) and stop it, and the copy needs no recovery.
 */
async function settle(pgDir: string): Promise<void> {
  if (existsSync(path.join(pgDir, 'postmaster.pid'))) {
    const cluster = await startEmbeddedPostgres({ pgDir });
    await cluster.stop();
  }
}

export async function backupDataDir(dataDir: string, file: string): Promise<BackupResult> {
  const pgDir = path.join(dataDir, 'pg');
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) throw new Error(`No embedded database in ${pgDir}: nothing to back up.`);
  const lock = lockDataDir(dataDir);
  try {
    await settle(pgDir);
    const entries = ['pg', ...(existsSync(path.join(dataDir, 'uploads')) ? ['uploads'] : [])];
    const target = path.resolve(file);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    await run('tar', ['-czf', partial, '-C', dataDir, ...entries]);
    await rename(partial, target);
    return { file: target, entries };
  } finally {
    lock.release();
  }
}

export interface RestoreResult {
  /** Where the data replaced by the restore was moved (kept, not deleted). */
  keptAs: string[];
}

export async function restoreDataDir(dataDir: string, file: string): Promise<RestoreResult> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new Error(`No backup file ${source}.`);
  const { stdout } = await run('tar', ['-tzf', source], { maxBuffer: 256 * 1024 * 1024 });
  const names = stdout.split('\n').map((n) => n.replace(/^\.\//, ''));
  if (!names.includes('pg/PG_VERSION')) throw new Error(`${source} is not a backup of the portal's embedded data (no pg/PG_VERSION).`);
  await mkdir(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  try {
    const staging = await mkdtemp(path.join(dataDir, '.restore-'));
    try {
      await run('tar', ['-xzf', source, '-C', staging]);
      const version = readFileSync(path.join(staging, 'pg', 'PG_VERSION'), 'utf8').trim();
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const keptAs: string[] = [];
      for (const entry of ['pg', 'uploads']) {
        const current = path.join(dataDir, entry);
        const restored = path.join(staging, entry);
        if (!existsSync(restored) && entry !== 'pg') continue;
        if (existsSync(current)) {
          const aside = path.join(dataDir, `${entry}.before-restore-${stamp}`);
          await rename(current, aside);
          keptAs.push(aside);
        }
        await rename(restored, current);
      }
      // Start once, so a backup from another PostgreSQL version fails here and not at the next start.
      try {
        const cluster = await startEmbeddedPostgres({ pgDir: path.join(dataDir, 'pg') });
        await cluster.stop();
      } catch (error) {
        throw new Error(`The restored database (PostgreSQL ${version}) does not start: ${(error as Error).message}`);
      }
      return { keptAs };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  } finally {
    lock.release();
  }
}
