import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Mailer } from '../lib/mailer';
import { countJobRun } from '../lib/metrics';
import type { Storage } from '../lib/storage';
import { sendMonthlyStatements } from '../modules/account-credit/index';
import { runExclusive } from './job-lock';
import { repeatEvery } from './repeat';

const HOUR = 3_600_000;

/**
 * Business customers' monthly statements. Runs at start and then hourly: each customer's month is
 * sent once (a row per customer and month), so the first run on the 1st in the courier's time zone
 * sends them and later runs find nothing due. Replicas share it through an advisory lock.
 */
export async function runStatements(services: { db: Db; mailer: Mailer; storage: Storage }, now = new Date()) {
  const outcome = await runExclusive(services.db, 'statements', (tx) => sendMonthlyStatements({ ...services, db: tx }, now));
  countJobRun('statements', outcome.ran ? 'ran' : 'skipped');
  return outcome;
}

export function startStatementsJob(services: { db: Db; mailer: Mailer; storage: Storage }, log: FastifyBaseLogger, intervalMs = HOUR) {
  return repeatEvery('statements', intervalMs, log, async () => {
    const outcome = await runStatements(services);
    if (outcome.ran && outcome.result > 0) log.info({ sent: outcome.result }, 'monthly statements sent');
  });
}
