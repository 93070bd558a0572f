import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './crash/server-process';

/**
 * The embedded PostgreSQL dies under a running server (killed by hand, out of memory): the server
 * cannot answer anything without it, so it says so in its log and stops with exit code 1 instead
 * of failing every request and logging outbox errors every few seconds. Nothing of the cluster is
 * left running, and the next start on the same data recovers and serves again.
 */
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'courier-db-lost-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false' };
const postmasterPid = async () => Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
/** Processes whose command line names this data directory (postgres and its guardian). */
const clusterProcesses = () => {
  try {
    return execFileSync('pgrep', ['-f', dataDir], { encoding: 'utf8' }).trim();
  } catch {
    return ''; // pgrep exits 1 when nothing matches
  }
};

describe('the embedded database lost under the server', () => {
  it('stops the server with exit code 1 and a clear message; the next start recovers', { timeout: 120_000 }, async () => {
    const server = await startServer(env);
    process.kill(await postmasterPid(), 'SIGKILL');
    const code = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000))]);
    expect(code, server.output()).toBe(1);
    expect(server.output()).toContain('The embedded PostgreSQL stopped unexpectedly');
    await expect.poll(clusterProcesses, { timeout: 10_000 }).toBe('');

    const again = await startServer(env);
    try {
      expect((await fetch(`${again.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      await again.stop();
    }
    expect(clusterProcesses()).toBe('');
  });
});
