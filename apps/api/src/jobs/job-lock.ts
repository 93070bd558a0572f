import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * One PostgreSQL advisory-lock key per scheduled job. The keys are fixed numbers (not hashes of
 * names) so an operator can find a held lock in pg_locks (classid 0, objid = key).
 */
export const JOB_LOCK_KEYS = {
  uncollected: 19_001,
  webhooks: 19_002,
  agentPickup: 19_003,
  statements: 19_004,
  storage_reminder: 19_005,
  invoice_reminder: 19_006,
  storage_after_payment: 19_007,
  domain_events_prune: 19_008,
  card_charges: 19_009,
  carrier_tracking: 19_010,
  carrier_alerts: 19_011,
} as const;
export type JobName = keyof typeof JOB_LOCK_KEYS;

/**
 * Runs `work` inside one transaction that holds the job's advisory lock, so replicas sharing a
 * database run it once: a replica that finds the lock taken skips this round (`ran: false`)
 * instead of waiting and repeating the work. The transaction-level lock is released at commit or
 * rollback, so a crashed replica never leaves it held. Works on PGlite and a server alike.
 */
export async function runExclusive<T>(
  db: Db,
  job: JobName,
  work: (tx: Db) => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const rows = await tx.execute(sql`select pg_try_advisory_xact_lock(${JOB_LOCK_KEYS[job]}) as locked`);
    const locked = (rows as unknown as { rows: Array<{ locked: boolean }> }).rows[0]?.locked === true;
    if (!locked) return { ran: false as const };
    return { ran: true as const, result: await work(tx) };
  });
}
