import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_WORKERS, type WorkerPorts, workerPorts } from './support/ports';
import { startSmtpSink } from './support/smtp-sink';

/**
 * Starts, for each Playwright worker, the built server (apps/api/dist + apps/web/dist) on a fresh
 * data directory with the demo data, and a loopback SMTP server whose messages the journeys read
 * over HTTP (support/ports.ts gives each worker its ports), and the directory where the workers
 * note the screens audited (support/test.ts).
 */
export default async function globalSetup() {
  // The screens audited so far in this run, shared by the workers (support/test.ts).
  const audited = mkdtempSync(path.join(os.tmpdir(), 'courier-e2e-audited-'));
  process.env.E2E_AUDITED_DIR = audited;
  const started = await Promise.all(Array.from({ length: E2E_WORKERS }, (_, index) => startWorkerServer(workerPorts(index))));
  return async () => {
    await Promise.all(started.map((stop) => stop()));
    rmSync(audited, { recursive: true, force: true });
  };
}

/** True when something already answers HTTP on the port (a server left over from an interrupted run). */
async function answers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

async function startWorkerServer(ports: WorkerPorts): Promise<() => Promise<void>> {
  const port = ports.app;
  // Otherwise the health check below would pass on the old server and every journey would test
  // an old build on an old database.
  if (await answers(port)) {
    throw new Error(`Port ${port} is already in use by another server (left over from an interrupted run?): stop it, or set E2E_PORT.`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'courier-e2e-'));
  const sink = await startSmtpSink(ports.smtp, ports.mailbox);
  const root = path.resolve(import.meta.dirname, '../../..');
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Approved host names of couriers (loopback names such as jxp.localhost here) are served without TLS.
      COURIER_DOMAIN_URL: `http://{host}:${port}`,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(sink.smtpPort),
      MAIL_FROM: 'Courier Portal <no-reply@courierportal.test>',
      // The sink's port, and port 1 (nothing listens) for the refused-connection journey.
      SMTP_ALLOWED_PORTS: `${sink.smtpPort},1`,
      // Every journey signs in from 127.0.0.1, many times with the same demo e-mails.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_EMAIL: '10000',
      AUTH_LOGIN_DELAY_AFTER_FAILURES: '10000',
      // The phone journey's push receiver, the integrations journey's webhook receiver and SFTP server listen on 127.0.0.1.
      ALLOW_LOOPBACK_ENDPOINTS: 'true',
      // In production the messaging provider is Twilio or this simulator, which the phone journey starts.
      MESSAGING_SIMULATOR_URL: `http://127.0.0.1:${ports.messaging}`,
      // The saved-card journey: an automatic card payment is taken the day it is announced, within seconds.
      CARD_CHARGE_NOTICE_DAYS: '0',
      CARD_CHARGES_INTERVAL_MS: '2000',
      // Couriers in test mode follow pre-alerts through this simulator, which the carrier-tracking journey starts.
      TRACKING_SIMULATOR_URL: `http://127.0.0.1:${ports.tracking}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Generous: on a loaded machine the built server has taken over a minute to answer its first health check.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server on port ${port} exited with ${server.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
