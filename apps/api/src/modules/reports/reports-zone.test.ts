import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier, makeCustomer } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { couriers } from '../../db/schema/couriers';
import { payments } from '../../db/schema/payments';
import { courierTimeZone } from '../../lib/courier-zone';
import { buildReport } from './reports.service';

/**
 * Reports count days where the courier is. 2026-03-10 04:30 UTC is 23:30 on the 9th in
 * Jamaica (UTC-5 all year) but 00:30 on the 10th in New York (daylight saving began on the 8th):
 * one payment, two different days, by the courier's setting.
 */
let t: TestApp;
let courierId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const courier = await makeCourier(t, 'RZT');
  courierId = courier.id;
  const customer = await makeCustomer(t, courierId);
  await t.db.insert(payments).values({
    courierId,
    customerId: customer.id,
    receiptNo: 'RCT-RZT-1',
    amountCents: 12_345,
    method: 'cash',
    paidAt: new Date('2026-03-10T04:30:00Z'),
  });
});
afterAll(async () => {
  await t?.close();
});

const collectedByDay = async () => {
  const report = await buildReport(t.db, {
    courierId,
    from: '2026-03-09',
    to: '2026-03-10',
    granularity: 'day',
    timeZone: await courierTimeZone(t.db, courierId),
  });
  return Object.fromEntries(report.revenue.map((r) => [r.period, r.collectedCents]));
};

describe('reports in the courier time zone', () => {
  it('puts a late-evening payment on the Jamaican day for a Jamaica courier', async () => {
    expect(await collectedByDay()).toEqual({ '2026-03-09': 12_345, '2026-03-10': 0 });
  });

  it('puts the same payment on the next day for a New York courier', async () => {
    await t.db.update(couriers).set({ timeZone: 'America/New_York' }).where(eq(couriers.id, courierId));
    expect(await collectedByDay()).toEqual({ '2026-03-09': 0, '2026-03-10': 12_345 });
  });
});
