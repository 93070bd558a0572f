import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { courierCounters } from './schema/platform';

/**
 * The next value of a per-courier sequence (mailbox, invoice, ticket numbers). One statement, so
 * two concurrent requests never get the same number and numbers are never reused.
 */
export async function nextCounter(db: Db, courierId: number, name: string, start = 1): Promise<number> {
  const [row] = await db
    .insert(courierCounters)
    .values({ courierId, name, value: start })
    .onConflictDoUpdate({
      target: [courierCounters.courierId, courierCounters.name],
      set: { value: sql`${courierCounters.value} + 1` },
    })
    .returning({ value: courierCounters.value });
  if (!row) throw new Error(`Counter ${name} did not return a value`);
  return row.value;
}

/**
 * `count` consecutive values of a per-courier sequence in one statement (a batch of imported
 * packages): returns the first; the others follow it.
 */
export async function reserveCounters(db: Db, courierId: number, name: string, count: number): Promise<number> {
  const [row] = await db
    .insert(courierCounters)
    .values({ courierId, name, value: count })
    .onConflictDoUpdate({
      target: [courierCounters.courierId, courierCounters.name],
      set: { value: sql`${courierCounters.value} + ${count}` },
    })
    .returning({ value: courierCounters.value });
  if (!row) throw new Error(`Counter ${name} did not return a value`);
  return row.value - count + 1;
}

/**
 * Moves a per-courier sequence up to at least `value` (never down), so the next value follows
 * numbers that came from elsewhere (mailbox numbers brought across by a customer import).
 */
export async function advanceCounter(db: Db, courierId: number, name: string, value: number): Promise<void> {
  await db
    .insert(courierCounters)
    .values({ courierId, name, value })
    .onConflictDoUpdate({
      target: [courierCounters.courierId, courierCounters.name],
      set: { value: sql`greatest(${courierCounters.value}, ${value})` },
    });
}
