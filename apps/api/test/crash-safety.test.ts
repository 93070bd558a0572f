import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema/email';
import { runCrashRound } from './crash/crash-round';
import { buildTestApp } from './helper';

/**
 * Crash safety on every test run: the real server (apps/api/src/server.ts) in its own
 * process, SIGKILLed in the middle of a stream of registrations and payments, restarted on the
 * same data. Always on the embedded database (the default: a PostgreSQL cluster in a temporary
 * DATA_DIR, started and stopped by the server), and also on the PostgreSQL server when
 * DATABASE_URL is set (in a fresh crash_* database dropped afterwards). bench/crash-safety.ts
 * runs more cycles on both.
 */
const serverUrl = process.env.DATABASE_URL;
const modes = [{ label: 'embedded database', server: false }, ...(serverUrl ? [{ label: 'PostgreSQL server', server: true }] : [])];

describe.each(modes)('crash safety ($label)', ({ server }) => {
  it('keeps every acknowledged write whole after a SIGKILL, and the outbox delivers every receipt', { timeout: 150_000 }, async () => {
    const [cycle, ...more] = await runCrashRound({
      database: server && serverUrl ? { kind: 'server', adminUrl: serverUrl } : { kind: 'embedded' },
      cycles: 1,
      concurrency: 4,
      killAfterEachKind: 6,
      claimExpiry: 'fast-forward',
    });
    expect(more).toHaveLength(0);
    if (!cycle) throw new Error('no cycle ran');
    expect(cycle.problems).toEqual([]);
    // The stream really ran and was cut in the middle: writes of both kinds acknowledged, and
    // receipts of at least every acknowledged payment delivered after the restart.
    expect(cycle.acknowledged.registrations).toBeGreaterThanOrEqual(6);
    expect(cycle.acknowledged.payments).toBeGreaterThanOrEqual(6);
    expect(cycle.inFlight.sent).toBeGreaterThanOrEqual(1);
    expect(cycle.receiptMails.delivered).toBe(cycle.receiptMails.expected);
    expect(cycle.receiptMails.expected).toBeGreaterThanOrEqual(cycle.acknowledged.payments);
    expect(cycle.signInAfterRestart).toBe(true);
  });
});

describe('outbox mail claimed by a crashed run', () => {
  it('goes back to the outbox at once when released, and mail already sent stays sent', async () => {
    const t = await buildTestApp();
    try {
      const later = new Date(Date.now() + 60_000);
      const mail = { courierId: null, toAddress: 'someone@example.test', subject: 'Receipt', textBody: 'x' };
      const [claimed, sent, waiting] = await t.db
        .insert(emailOutbox)
        .values([
          { ...mail, status: 'sending', lockedUntil: later, attempts: 1 },
          { ...mail, status: 'sent', sentAt: new Date(), attempts: 1 },
          { ...mail, status: 'pending' },
        ])
        .returning();
      if (!claimed || !sent || !waiting) throw new Error('outbox insert failed');

      expect(await t.ctx.mailer.releaseAbandonedClaims()).toBe(1);
      const status = async (id: number) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];
      expect(await status(claimed.id)).toMatchObject({ status: 'pending', lockedUntil: null, attempts: 1 });
      expect(await status(sent.id)).toMatchObject({ status: 'sent' });
      expect(await status(waiting.id)).toMatchObject({ status: 'pending' });
    } finally {
      await t.close();
    }
  });
});
