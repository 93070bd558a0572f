import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/pg-server';
import { type Database, openDatabase } from '../db/client';
import { runExclusive } from './job-lock';

// Two pools on one server database stand for two replicas: a lock held by one makes the other skip.
const scratch = await createScratchDatabase('courier_joblock');

describe.skipIf(!scratch)('runExclusive (needs PostgreSQL on 127.0.0.1:5432)', () => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    a = await openDatabase({ databaseUrl: scratch?.url, poolSize: 2 });
    b = await openDatabase({ databaseUrl: scratch?.url, poolSize: 2 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await scratch?.drop();
  });

  it('skips the job on one replica while another runs it, and runs it once the lock is released', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const first = runExclusive(a.db, 'uncollected', async () => {
      entered();
      await held;
      return 'first';
    });
    await inside;
    let secondRan = false;
    let second: unknown;
    try {
      second = await runExclusive(b.db, 'uncollected', async () => {
        secondRan = true;
        return 'second';
      });
    } finally {
      // Even when an assertion below fails, the first run must end or its pool never closes.
      release();
    }
    expect(second).toEqual({ ran: false });
    expect(secondRan).toBe(false);
    expect(await first).toEqual({ ran: true, result: 'first' });
    // The transaction-level lock ended with the first run's commit.
    expect(await runExclusive(b.db, 'uncollected', async () => 'again')).toEqual({ ran: true, result: 'again' });
  });
});

describe('runExclusive on the embedded database', () => {
  it('takes the lock and runs the job', async () => {
    const { buildTestApp } = await import('../../test/helper');
    const t = await buildTestApp();
    try {
      expect(await runExclusive(t.db, 'uncollected', async () => 42)).toEqual({ ran: true, result: 42 });
    } finally {
      await t.close();
    }
  });
});
