import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { couriers } from '../db/schema/couriers';

const DAY_MS = 86_400_000;

/** How far a courier's clock runs ahead of real time: its test clock's days in test mode, else none. */
export function clockShiftMs(row: { paymentTestMode: boolean; testClockDays: number } | undefined): number {
  return row?.paymentTestMode ? row.testClockDays * DAY_MS : 0;
}

/**
 * The courier's "now": the real instant, moved on by its test clock while it is in test mode.
 * Storage, free days, storage reminders, the uncollected count and the day a parcel is ready read
 * this, never `new Date()`; a live courier's clock is real time.
 */
export async function courierNow(db: Db, courierId: number, real: Date = new Date()): Promise<Date> {
  const [row] = await db
    .select({ paymentTestMode: couriers.paymentTestMode, testClockDays: couriers.testClockDays })
    .from(couriers)
    .where(eq(couriers.id, courierId));
  return new Date(real.getTime() + clockShiftMs(row));
}
