/**
 * The built server (apps/api/dist/server.js, serving apps/web/dist or WEB_DIST) on a fresh embedded
 * database with the demo data, for the web benchmarks (bench/web.ts, bench/customer-dashboard.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The environment of a production server on loopback: its own data directory, the given port, and
 * DATABASE_URL empty (the embedded database) unless `overrides` names one.
 */
export function productionEnv(dataDir: string, port: number, overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: '',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...overrides,
  };
}

export async function startBuiltServer(port: number): Promise<{ base: string; stop: () => Promise<void> }> {
  const base = `http://127.0.0.1:${port}`;
  // WEB_DIST (read by the server too) can point at another build of the web app.
  const webIndex = path.resolve(ROOT, process.env.WEB_DIST ?? 'apps/web/dist', 'index.html');
  for (const built of [path.join(ROOT, 'apps/api/dist/server.js'), webIndex]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const server: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/server.js')], {
    env: productionEnv(dataDir, port, {
      SEED_DEMO: 'true',
      PUBLIC_URL: base,
      // The portals' sign-ins come from one address in a burst.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_EMAIL: '10000',
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A busy machine (migrations and the demo seed on a shared CPU) may take minutes.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('server did not answer /api/health in 300 s');
}

/** The demo customer's token from the server at `base` (the demo data's customer). */
export async function demoCustomerToken(base: string): Promise<string> {
  const login = await fetch(`${base}/api/customers/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'customer@example.test', password: 'Customer#2026' }),
  });
  const { token } = (await login.json()) as { token?: string };
  if (!token) throw new Error(`the demo customer could not sign in (${login.status})`);
  return token;
}
