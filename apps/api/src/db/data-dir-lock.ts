import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One process at a time may open an embedded data directory: PGlite has no shared-memory
 * coordination, so a second process writing the same files silently loses writes or corrupts the
 * cluster. docs/decisions/008-data-directory-lock.md explains the choice.
 *
 * The lock is DATA_DIR/.lock, created with O_EXCL and holding the owner's pid, host and process
 * start time. A lock whose process is gone (a crash or SIGKILL) is stale and taken over; a live
 * one makes the newcomer refuse at once, before the database is touched.
 */

export const LOCK_FILE_NAME = '.lock';
/**
 * Taking over or writing a lock takes microseconds; a breaker file or an unreadable lock older than
 * this was left by a process that died in the middle.
 */
const BREAKER_STALE_MS = 10_000;

interface LockOwner {
  pid: number;
  host: string;
  /** /proc start time on Linux, so a pid reused by an unrelated process is not mistaken for the owner. */
  started?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | undefined,
    readonly lockFile: string,
  ) {
    const who = owner ? `another process (pid ${owner.pid}${owner.host === hostname() ? '' : ` on ${owner.host}`})` : 'another process';
    super(
      `The data directory ${dataDir} is in use by ${who}. Stop the server first, or point DATA_DIR at another ` +
        `directory. If no such process runs, delete ${lockFile} and try again.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** Locks held by this process, so opening the same directory twice in one process also refuses. */
const heldHere = new Set<string>();

function processStartTime(pid: number): string | undefined {
  try {
    // Field 22 of /proc/<pid>/stat, counted after the parenthesised command name (which may hold spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(owner: LockOwner): boolean {
  // On another host we cannot tell (a shared volume): assume it runs.
  if (owner.host !== hostname()) return true;
  // Our own pid in a file we did not write: a previous life of this container's pid 1.
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (owner.started === undefined) return true;
  const started = processStartTime(owner.pid);
  return started === undefined || started === owner.started;
}

function readOwner(file: string): { owner?: LockOwner; raw: string } | undefined {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed = JSON.parse(raw) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') {
      return { raw, owner: { pid: parsed.pid, host: parsed.host, started: parsed.started } };
    }
  } catch {
    // Half-written by a process killed between open and write: nobody owns it.
  }
  return { raw };
}

/** How long ago `file` was written; Infinity when it is gone. */
function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Creates `file` only if it does not exist; false when it does. */
function createExclusive(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Removes a stale lock under a breaker file, so that two processes starting together after a
 * crash cannot both remove it (one of them would delete the other's fresh lock).
 */
function removeStale(file: string, staleRaw: string): void {
  const breaker = `${file}.takeover`;
  if (!createExclusive(breaker, String(process.pid))) {
    try {
      if (ageMs(breaker) >= BREAKER_STALE_MS) unlinkSync(breaker);
    } catch {
      // Gone meanwhile: the other process finished its takeover.
    }
    return;
  }
  try {
    if (readOwner(file)?.raw === staleRaw) unlinkSync(file);
  } finally {
    unlinkSync(breaker);
  }
}

/** Takes the lock of `dataDir` (which must exist) or throws DataDirLockedError. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  if (heldHere.has(file)) throw new DataDirLockedError(dataDir, { pid: process.pid, host: hostname() }, file);
  const me: LockOwner = { pid: process.pid, host: hostname(), started: processStartTime(process.pid) };
  const content = JSON.stringify(me);
  // A second round only after a stale lock was removed; a third would mean a race we lost.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createExclusive(file, content)) {
      heldHere.add(file);
      const releaseOnExit = () => release();
      const release = () => {
        process.off('exit', releaseOnExit);
        if (!heldHere.delete(file)) return;
        try {
          if (readOwner(file)?.raw === content) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
      // process.exit() without close (a fatal error, the forced shutdown) still frees the directory.
      process.on('exit', releaseOnExit);
      return { file, release };
    }
    const current = readOwner(file);
    if (!current) continue;
    if (current.owner && isAlive(current.owner)) throw new DataDirLockedError(dataDir, current.owner, file);
    // An empty or unreadable lock may be one being written this very moment: stale only once old.
    if (!current.owner && ageMs(file) < BREAKER_STALE_MS) {
      throw new DataDirLockedError(dataDir, undefined, file);
    }
    removeStale(file, current.raw);
  }
  throw new DataDirLockedError(dataDir, readOwner(file)?.owner, file);
}
