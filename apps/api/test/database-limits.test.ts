import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@courier/shared/messages';
import { type Database, openDatabase } from '../src/db/client';
import { isDatabaseBusy } from '../src/lib/db-errors';
import { type DeskWorld, buildDeskWorld } from './fixtures/front-desk';
import { createScratchDatabase } from './pg-server';

/**
 * A mistake that holds the database (a row locked too long, a transaction waiting on itself, one
 * left idle) costs the request that made it, answered 503 in our words, never the whole service.
 */
const rowsOf = async (result: Promise<unknown>) => ((await result) as { rows: unknown[] }).rows;

describe('the pool limits', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const opened: Database[] = [];
  const open = async (limits: Parameters<typeof openDatabase>[0]['limits'], onConnectionInTransaction?: (e: Error) => void) => {
    if (!scratch) throw new Error('no scratch database');
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 1, limits, onConnectionInTransaction });
    opened.push(database);
    return database;
  };
  beforeAll(async () => {
    scratch = await createScratchDatabase('courier_limits');
  });
  afterAll(async () => {
    for (const d of opened) await d.close();
    await scratch?.drop();
  });

  it('a transaction that waits for a second connection of a full pool gives up after the pool wait, and the pool serves again', async () => {
    const { db } = await open({ connectionTimeoutMs: 400 });
    const started = Date.now();
    const stuck = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await db.execute(sql`select 2`);
    });
    await expect(stuck).rejects.toSatisfy(isDatabaseBusy);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await rowsOf(db.execute(sql`select 3 as n`))).toEqual([{ n: 3 }]);
  });

  it('the guard names a second connection taken inside a transaction, and may refuse it', async () => {
    const told: string[] = [];
    const { db } = await open({ connectionTimeoutMs: 400 }, (error) => {
      told.push(error.message);
      throw error;
    });
    await expect(
      db.transaction(async () => {
        await db.execute(sql`select 1`);
      }),
    ).rejects.toSatisfy((e: Error) => String((e.cause as Error | undefined)?.message).includes('pass the transaction down'));
    expect(told).toHaveLength(1);
    // The same query after the transaction, and the transaction's own queries, are not its business.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    await db.execute(sql`select 1`);
    expect(told).toHaveLength(1);
  });

  it('a statement past its time is cancelled', async () => {
    const { db } = await open({ statementTimeoutMs: 300 });
    const started = Date.now();
    await expect(db.execute(sql`select pg_sleep(3)`)).rejects.toSatisfy(isDatabaseBusy);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('a transaction left idle past its time is ended, without taking the process down', async () => {
    const { db } = await open({ idleInTransactionTimeoutMs: 300 });
    const idle = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise((r) => setTimeout(r, 1_200));
      await tx.execute(sql`select 2`);
    });
    await expect(idle).rejects.toSatisfy(isDatabaseBusy);
    expect(await rowsOf(db.execute(sql`select 4 as n`))).toEqual([{ n: 4 }]);
  });
});

describe('a request held up by a locked row', () => {
  let w: DeskWorld;
  beforeAll(async () => {
    w = await buildDeskWorld({ DATABASE_STATEMENT_TIMEOUT_MS: '700' });
  });
  afterAll(async () => w?.t.close());

  it('answers 503 in our words when its statement runs out of time, and the server answers after', { timeout: 30_000 }, async () => {
    const { invoiceNo } = await w.issue([1]);
    const holder = new pg.Client({ connectionString: w.t.config.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from invoices where invoice_no = $1 for update', [invoiceNo]);
      const res = await w.api('POST', '/payments', w.tokens.staff, { method: 'cash', allocations: [{ invoiceNo, amountCents: 1_00 }] });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().message).toBe(API_MESSAGES.busy);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const again = await w.api('POST', '/payments', w.tokens.staff, { method: 'cash', allocations: [{ invoiceNo, amountCents: 1_00 }] });
    expect(again.statusCode, again.body).toBe(201);
    expect((await w.t.api('GET', '/health')).statusCode).toBe(200);
  });
});
