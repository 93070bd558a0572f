import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_POOL_IDLE, EMBEDDED_POOL_SIZE, openDatabase } from '../src/db/client';

type Rows<T> = { rows: T[] };

/**
 * The embedded database is one office's: a burst of queries queues for 5 connections, not 10 backends,
 * and an idle pool keeps one backend, not five.
 */
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'courier-embedded-pool-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('the embedded database pool', () => {
  it('opens at most EMBEDDED_POOL_SIZE connections under a burst, answers every query, and keeps one idle', {
    timeout: 120_000,
  }, async () => {
    const database = await openDatabase({ dataDir });
    try {
      const answers = await Promise.all(
        Array.from(
          { length: 12 },
          (_, i) => database.db.execute(sql`select ${i}::int as i, pg_sleep(0.1)`) as Promise<unknown> as Promise<Rows<{ i: number }>>,
        ),
      );
      expect(answers.map((answer) => answer.rows[0]?.i)).toEqual(Array.from({ length: 12 }, (_, i) => i));
      const backends = (await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where backend_type = 'client backend'`,
      )) as unknown as Rows<{ n: number }>;
      expect(EMBEDDED_POOL_SIZE).toBe(5);
      expect(backends.rows[0]?.n).toBe(EMBEDDED_POOL_SIZE);

      // Idle, the pool keeps one connection and closes the others; the next burst opens them again.
      await new Promise((resolve) => setTimeout(resolve, EMBEDDED_POOL_IDLE.idleTimeoutMillis + 1_000));
      const idle = (await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where backend_type = 'client backend'`,
      )) as unknown as Rows<{ n: number }>;
      expect(idle.rows[0]?.n).toBe(EMBEDDED_POOL_IDLE.min);
      const again = await Promise.all(
        Array.from(
          { length: 6 },
          (_, i) => database.db.execute(sql`select ${i}::int as i, pg_sleep(0.1)`) as Promise<unknown> as Promise<Rows<{ i: number }>>,
        ),
      );
      expect(again.map((answer) => answer.rows[0]?.i)).toEqual([0, 1, 2, 3, 4, 5]);
    } finally {
      await database.close();
    }
  });
});
