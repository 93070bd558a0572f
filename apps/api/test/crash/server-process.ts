import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { entryArgs } from '../entry';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A port nobody listens on right now (the kernel picks it; closed again before use). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** What the server printed, for the failure message when something goes wrong. */
  output(): string;
  /** Settles with the exit code (null after a signal) when the process ends, whoever ended it. */
  exited: Promise<number | null>;
  /** SIGKILL: no shutdown hook, no flush, no close; answers once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown server.ts does in production. */
  stop(): Promise<void>;
}

/**
 * Starts the production server (migrations, demo seed, outbox worker) in its own process, so it can
 * be killed like a real server, and waits for /api/health: the bundle when it is up to date, else
 * apps/api/src/server.ts through tsx (test/entry.ts).
 */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, entryArgs('src/server.ts'), {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // Test mode lifts the rate limits (a registration storm from one IP is the point here).
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // A failed spawn also ends in 'exit' (or the readiness loop's timeout); never an unhandled rejection.
  const exited = once(child, 'exit').catch(() => undefined);
  // Never leave a server behind when the bench or the test worker itself dies or times out.
  const killOrphan = () => child.kill('SIGKILL');
  process.once('exit', killOrphan);
  void exited.then(() => process.off('exit', killOrphan));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${log}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after ${timeoutMs} ms:\n${log}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  const pid = child.pid ?? 0;
  const gone = async () => {
    if (child.exitCode === null && child.signalCode === null) await exited;
  };
  return {
    baseUrl,
    pid,
    output: () => log,
    exited: exited.then(() => child.exitCode),
    async kill() {
      child.kill('SIGKILL');
      await gone();
    },
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await gone();
      clearTimeout(timer);
      if (child.exitCode !== 0) throw new Error(`graceful stop ended with ${child.exitCode ?? child.signalCode}:\n${log}`);
    },
  };
}
