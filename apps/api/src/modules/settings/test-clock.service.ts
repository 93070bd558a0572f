import { eq, sql } from 'drizzle-orm';
import { dayInZone } from '@courier/shared/domain/datetime';
import { TEST_CLOCK_MAX_DAYS, TEST_CLOCK_MESSAGES, type TestClock } from '@courier/shared/schemas/test-clock';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { audit } from '../../lib/audit';
import { clockShiftMs } from '../../lib/courier-clock';
import { COURIER_NOT_FOUND } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { changeCourier } from '../couriers/index';

async function clockRow(db: Db, courierId: number) {
  const [row] = await db
    .select({ paymentTestMode: couriers.paymentTestMode, testClockDays: couriers.testClockDays, timeZone: couriers.timeZone })
    .from(couriers)
    .where(eq(couriers.id, courierId));
  if (!row) throw new AppError('not_found', COURIER_NOT_FOUND);
  return row;
}

/** The courier's clock: real time for a live courier; for one in test mode, as far ahead as it was moved. */
export async function getTestClock(db: Db, courierId: number, real: Date = new Date()): Promise<TestClock> {
  const row = await clockRow(db, courierId);
  const now = new Date(real.getTime() + clockShiftMs(row));
  return {
    testMode: row.paymentTestMode,
    daysAhead: row.paymentTestMode ? row.testClockDays : 0,
    now: now.toISOString(),
    today: dayInZone(now, row.timeZone),
  };
}

/**
 * Moves a test-mode courier's clock forward by whole days (never back: what was charged stays
 * charged). A live courier is refused in plain words; the move is audited as TEST.
 */
export async function advanceTestClock(db: Db, actor: AuthUser, courierId: number, days: number): Promise<TestClock> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .select({ paymentTestMode: couriers.paymentTestMode, testClockDays: couriers.testClockDays })
      .from(couriers)
      .where(eq(couriers.id, courierId))
      .for('update');
    if (!row) throw new AppError('not_found', COURIER_NOT_FOUND);
    if (!row.paymentTestMode) throw new AppError('conflict', TEST_CLOCK_MESSAGES.live);
    if (row.testClockDays + days > TEST_CLOCK_MAX_DAYS)
      throw new AppError('unprocessable', TEST_CLOCK_MESSAGES.tooFar, { days: [TEST_CLOCK_MESSAGES.tooFar] });
    await changeCourier(tx, courierId, { testClockDays: sql`${couriers.testClockDays} + ${days}`, updatedAt: new Date() });
    await audit(tx, {
      courierId,
      actor,
      action: 'courier.test_clock_advanced',
      entity: 'courier',
      entityId: courierId,
      details: { mode: 'TEST', days, before: row.testClockDays, after: row.testClockDays + days },
    });
  });
  return getTestClock(db, courierId);
}
