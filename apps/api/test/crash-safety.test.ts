import { describe, expect, it } from 'vitest';
import { runCrashRound } from './crash/crash-round';

/**
 * Crash safety on every test run (issue 10): the real server (apps/api/src/server.ts) in its own
 * process, SIGKILLed in the middle of a stream of registrations and payments, restarted on the
 * same data. The database this run is about: PostgreSQL when DATABASE_URL is set (in a fresh
 * crash_* database dropped afterwards), else the embedded one in a temporary DATA_DIR.
 * bench/crash-safety.ts runs more cycles on both.
 */
const serverUrl = process.env.DATABASE_URL;

describe(`crash safety (${serverUrl ? 'PostgreSQL server' : 'embedded database'})`, () => {
  it('keeps every acknowledged write whole after a SIGKILL, and the outbox delivers every receipt', { timeout: 150_000 }, async () => {
    const [cycle, ...more] = await runCrashRound({
      database: serverUrl ? { kind: 'server', adminUrl: serverUrl } : { kind: 'embedded' },
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
