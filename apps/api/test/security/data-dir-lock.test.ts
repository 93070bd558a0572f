import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from '../../src/db/data-dir-lock';
import { entryArgs } from '../entry';

/**
 * A process that opens DATA_DIR while another holds it (the server, say) must
 * refuse at once, before it touches the embedded database; a lock left by a killed process must
 * not block the next start. Real second processes, as in production.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `entry` relative to apps/api: built when the build is up to date (test/entry.ts). */
function start(entry: string, args: string[], dataDir: string): ChildProcess {
  return spawn(process.execPath, [...entryArgs(entry), ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs `entry` to its end; one still running after `limitMs` is killed (code null). */
async function run(entry: string, args: string[], dataDir: string, limitMs = 60_000): Promise<Finished> {
  const child = start(entry, args, dataDir);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => {
    stdout += c.toString('utf8');
  });
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString('utf8');
  });
  // One that does not refuse (a server that starts) is stopped, so the test fails instead of hanging.
  const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** The holder: a process that has taken the lock and keeps it. */
async function holdLock(dataDir: string): Promise<ChildProcess> {
  const child = start('test/security/fixtures/hold-data-dir.ts', [dataDir], dataDir);
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      if (out.includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
}

const superAdmin = ['--email', 'owner@example.test', '--password', 'a long passphrase 1'];

describe('data-directory lock', () => {
  let dataDir: string;
  let holder: ChildProcess | undefined;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'courier-lock-'));
  });
  afterEach(async () => {
    if (holder && holder.exitCode === null && holder.signalCode === null) {
      holder.kill('SIGKILL');
      await once(holder, 'exit');
    }
    holder = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('makes create-super-admin, seed and a second server refuse with exit code 1 before they open the database', {
    timeout: 120_000,
  }, async () => {
    holder = await holdLock(dataDir);
    const message = `The data directory ${dataDir} is in use by another process (pid ${holder.pid}). Stop the server first`;
    const results = await Promise.all([
      run('src/cli/create-super-admin.ts', superAdmin, dataDir),
      run('src/cli/seed.ts', [], dataDir),
      run('src/server.ts', [], dataDir),
    ]);
    for (const result of results) {
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(message);
      expect(result.stdout).not.toContain('created');
    }
    // Refused before the database: its directory was never even created.
    expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
    expect(holder.exitCode).toBeNull();
  });

  it('takes over a lock left by a process that is gone, and releases it on exit', { timeout: 180_000 }, async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    await once(dead, 'exit');
    const lockFile = path.join(dataDir, LOCK_FILE_NAME);
    await writeFile(lockFile, JSON.stringify({ pid: dead.pid, host: hostname() }));

    // This one migrates a new database: slow on a busy machine.
    const result = await run('src/cli/create-super-admin.ts', superAdmin, dataDir, 170_000);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Super admin owner@example.test: created.');
    expect(existsSync(lockFile)).toBe(false);
  });

  it('treats a lock of a SIGKILLed holder as stale', { timeout: 30_000 }, async () => {
    holder = await holdLock(dataDir);
    const pid = holder.pid;
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    // The file is still there, naming the dead pid...
    expect(JSON.parse(await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({ pid });
    // ...and this process takes it over.
    const lock = lockDataDir(dataDir);
    expect(JSON.parse(await readFile(lock.file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  });

  it('refuses a second open of the same directory within one process until the first is released', () => {
    const first = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(/is in use by another process/);
    first.release();
    lockDataDir(dataDir).release();
  });
});
