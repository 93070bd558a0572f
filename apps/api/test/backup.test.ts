import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDataDir, restoreDataDir } from '../src/db/backup';
import { openDatabase } from '../src/db/client';
import { DataDirLockedError } from '../src/db/data-dir-lock';
import { entryArgs } from './entry';

/**
 * `npm run backup` / `npm run restore` of the embedded mode (decision 012): a backup taken with
 * the server stopped, data changed, the backup restored: the old data is back, uploads too, and
 * both commands refuse while a process holds the data directory.
 */
let work: string;
let dataDir: string;

async function rows(): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    const result = (await database.db.execute(sql`select body from note order by body`)) as unknown as { rows: Array<{ body: string }> };
    return result.rows.map((r) => r.body);
  } finally {
    await database.close();
  }
}

async function exec(statement: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await database.db.execute(sql.raw(statement));
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'courier-backup-'));
  dataDir = path.join(work, 'data');
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('backup and restore of the embedded data', () => {
  it('restores the data as it was at the backup, and keeps what it replaced', { timeout: 120_000 }, async () => {
    await exec(`create table note (body text not null); insert into note values ('kept before the backup')`);
    await mkdir(path.join(dataDir, 'uploads'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', 'invoice.pdf'), 'old upload');
    const file = path.join(work, 'backups', 'portal.tar.gz');

    const backup = await backupDataDir(dataDir, file);
    expect(backup.entries).toEqual(['pg', 'uploads']);
    expect(existsSync(file)).toBe(true);

    await exec(`delete from note; insert into note values ('written after the backup')`);
    await writeFile(path.join(dataDir, 'uploads', 'invoice.pdf'), 'new upload');
    expect(await rows()).toEqual(['written after the backup']);

    const restore = await restoreDataDir(dataDir, file);
    expect(await rows()).toEqual(['kept before the backup']);
    expect(await readFile(path.join(dataDir, 'uploads', 'invoice.pdf'), 'utf8')).toBe('old upload');
    // The replaced data is moved aside, not deleted.
    expect(restore.keptAs.map((p) => path.basename(p).replace(/\.before-restore-.*$/, ''))).toEqual(['pg', 'uploads']);
  });

  it('refuses while the server holds the data directory', { timeout: 60_000 }, async () => {
    const running = await openDatabase({ dataDir });
    try {
      await expect(backupDataDir(dataDir, path.join(work, 'refused.tar.gz'))).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(restoreDataDir(dataDir, path.join(work, 'backups', 'portal.tar.gz'))).rejects.toBeInstanceOf(DataDirLockedError);
      // The command, in its own process, as a person runs it while the server runs.
      const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir };
      const refused = spawnSync(process.execPath, [...entryArgs('src/cli/restore.ts'), path.join(work, 'backups', 'portal.tar.gz')], {
        env,
        encoding: 'utf8',
      });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('Cannot restore while the server runs. The data directory');
      expect(refused.stderr).toContain('Stop the server first');
    } finally {
      await running.close();
    }
    expect(existsSync(path.join(work, 'refused.tar.gz'))).toBe(false);
  });

  it('the command says plainly why it refuses, and how to use it', { timeout: 60_000 }, async () => {
    const cli = entryArgs('src/cli/backup.ts');
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir };
    const usage = spawnSync(process.execPath, cli, { env, encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run backup -- <file>');
    const server = spawnSync(process.execPath, [...cli, 'x.tar.gz'], {
      env: { ...env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' },
      encoding: 'utf8',
    });
    expect(server.status).toBe(1);
    expect(server.stderr).toContain('DATABASE_URL is set');
  });
});
