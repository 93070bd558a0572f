import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import pg from 'pg';
import { startSmtpSink } from '../../../web/e2e/support/smtp-sink';
import { openDatabase } from '../../src/db/client';
import { type ServerProcess, freePort, startServer } from './server-process';
import { type CrashFindings, verifyAfterCrash } from './verify';
import { CUSTOMER_PASSWORD, type SentWrite, type StreamTarget, prepareTarget, streamUntilKilled } from './write-stream';

/**
 * One crash round: a fresh database with the demo data, then `cycles` times: a stream of writes,
 * SIGKILL in the middle of it, a restart on the same data, the outbox left to deliver to a
 * loopback SMTP server, a graceful stop and the checks of verify.ts on the database itself.
 * bench/crash-safety.ts runs many; apps/api/test/crash-safety.test.ts runs one short one.
 */

export type CrashDatabase = { kind: 'embedded' } | { kind: 'server'; adminUrl: string };

export interface CrashRoundOptions {
  database: CrashDatabase;
  cycles: number;
  concurrency: number;
  /** The kill comes once this many writes of each kind are acknowledged (plus the cycle's jitter). */
  killAfterEachKind: number;
  /**
   * On a PostgreSQL server a mail claimed by the killed process stays claimed for the outbox lock
   * (60 s; other replicas may be sending, so nothing can release it early). 'wait' lets it
   * expire as in production; 'fast-forward' moves the lock's end to now before the restart.
   * The embedded database releases such claims at start (Mailer.releaseAbandonedClaims).
   */
  claimExpiry: 'wait' | 'fast-forward';
  log?: (line: string) => void;
}

export interface CycleResult extends CrashFindings {
  cycle: number;
  /** Receipt mails the killed process had claimed but not marked sent. */
  abandonedClaims: number;
  restartMs: number;
  deliveryMs: number;
  /** The last acknowledged customer signed in on the restarted server. */
  signInAfterRestart: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Receipt numbers of this cycle's payments the restarted server lists (search by the cycle's tag). */
async function listedReceipts(target: StreamTarget, baseUrl: string): Promise<string[]> {
  const receipts: string[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${baseUrl}/api/payments?limit=100&page=${page}&search=${encodeURIComponent(target.tag)}`, {
      headers: { authorization: `Bearer ${target.staffToken}` },
    });
    if (!res.ok) throw new Error(`payment list after restart: HTTP ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { data: Array<{ receiptNo: string }>; total: number };
    receipts.push(...body.data.map((p) => p.receiptNo));
    if (body.data.length === 0 || receipts.length >= body.total) return receipts;
  }
}

async function customerSignsIn(baseUrl: string, sent: SentWrite[]): Promise<boolean> {
  const last = sent.filter((s) => s.outcome === 'acknowledged' && s.write.kind === 'registration').at(-1);
  if (last?.write.kind !== 'registration') return false;
  const res = await fetch(`${baseUrl}/api/customers/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: last.write.email, password: CUSTOMER_PASSWORD, api_key: DEFAULT_API_KEY }),
  });
  return res.status === 200;
}

async function withPool<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function runCrashRound(options: CrashRoundOptions): Promise<CycleResult[]> {
  const log = options.log ?? (() => {});
  const smtpPort = await freePort();
  const sink = await startSmtpSink(smtpPort, await freePort());
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'courier-crash-'));
  let databaseUrl: string | undefined;
  let databaseName: string | undefined;
  if (options.database.kind === 'server') {
    databaseName = `crash_${randomBytes(5).toString('hex')}`;
    await withPool(options.database.adminUrl, (c) => c.query(`CREATE DATABASE ${databaseName}`));
    const url = new URL(options.database.adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const env: Record<string, string> = {
    SEED_DEMO: 'true',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: workDir }),
    // bench/embedded-engines comparisons: PGlite instead of the embedded PostgreSQL.
    ...(process.env.EMBEDDED_DATABASE ? { EMBEDDED_DATABASE: process.env.EMBEDDED_DATABASE } : {}),
  };

  const results: CycleResult[] = [];
  // The process to kill if a check throws half-way.
  let live: ServerProcess | undefined;
  try {
    let current = await startServer(env);
    live = current;
    for (let cycle = 1; cycle <= options.cycles; cycle++) {
      const tag = `crash-${randomBytes(4).toString('hex')}`;
      const target = await prepareTarget(current.baseUrl, tag);
      const running = current;
      // Vary where in the stream the kill lands from one cycle to the next.
      const killAfterEachKind = options.killAfterEachKind + Math.floor(Math.random() * options.killAfterEachKind);
      const sent = await streamUntilKilled(target, { concurrency: options.concurrency, killAfterEachKind, kill: () => running.kill() });
      live = undefined;

      let abandonedClaims = 0;
      if (databaseUrl) {
        abandonedClaims = await withPool(databaseUrl, async (c) => {
          const held = await c.query(`select count(*)::int as n from email_outbox where status = 'sending'`);
          if (options.claimExpiry === 'fast-forward') {
            await c.query(`update email_outbox set locked_until = now() where status = 'sending'`);
          }
          return (held.rows[0] as { n: number }).n;
        });
      }

      const restartAt = Date.now();
      const restarted = await startServer(env);
      live = restarted;
      const restartMs = Date.now() - restartAt;
      // The embedded database hands them back at start and says how many (server.ts).
      if (!databaseUrl) abandonedClaims = Number(/"released":(\d+)/.exec(restarted.output())?.[1] ?? 0);

      // Wait for the receipt of every payment the restarted server lists to reach the SMTP sink.
      const deliveryAt = Date.now();
      const receipts = await listedReceipts(target, restarted.baseUrl);
      const deadline = Date.now() + (databaseUrl && options.claimExpiry === 'wait' ? 100_000 : 25_000);
      const missing = () => receipts.filter((r) => !sink.received.some((m) => m.raw.includes(`: Receipt ${r}:`)));
      while (missing().length > 0 && Date.now() < deadline) await sleep(200);
      const deliveryMs = Date.now() - deliveryAt;
      const signInAfterRestart = await customerSignsIn(restarted.baseUrl, sent);
      await restarted.stop();
      live = undefined;

      const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 1 } : { dataDir: workDir });
      let findings: CrashFindings;
      try {
        findings = await verifyAfterCrash(database.db, tag, sent, sink.received);
      } finally {
        await database.close();
      }
      const result = { cycle, abandonedClaims, restartMs, deliveryMs, signInAfterRestart, ...findings };
      if (!signInAfterRestart) result.problems.push('the last acknowledged customer cannot sign in after the restart');
      results.push(result);
      log(
        `cycle ${cycle}: acknowledged ${findings.acknowledged.registrations} registrations + ${findings.acknowledged.payments} payments, ` +
          `${findings.inFlight.sent} in flight at the kill (${findings.inFlight.committed} committed), restart ${restartMs} ms, ` +
          `receipts ${findings.receiptMails.delivered}/${findings.receiptMails.expected} delivered in ${deliveryMs} ms ` +
          `(${findings.receiptMails.duplicates} sent twice, ${abandonedClaims} abandoned claims), problems: ${findings.problems.length}`,
      );
      if (cycle < options.cycles) {
        current = await startServer(env);
        live = current;
      }
    }
  } finally {
    await live?.kill();
    await sink.close();
    await rm(workDir, { recursive: true, force: true });
    if (options.database.kind === 'server' && databaseName) {
      await withPool(options.database.adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
    }
  }
  return results;
}
