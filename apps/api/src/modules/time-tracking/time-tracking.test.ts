import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_MESSAGES } from '@courier/shared/schemas/time-tracking';
import { timeEntries } from '../../db/schema/time-entries';
import { makeCourier, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';

let t: TestApp;
let courierA: number;
let staff: { id: number; token: string };
let admin: { token: string };
let adminB: { token: string };

beforeAll(async () => {
  t = await buildTestApp();
  courierA = (await makeCourier(t, 'TTA')).id;
  const courierB = (await makeCourier(t, 'TTB')).id;
  staff = await makeUser(t, courierA, 'staff', ['time_tracking_view']);
  admin = await makeUser(t, courierA, 'courier_admin');
  adminB = await makeUser(t, courierB, 'courier_admin');
});
afterAll(async () => t?.close());

describe('time tracking', () => {
  it('clocks in once, refuses a second clock-in, clocks out', async () => {
    const first = await t.api('POST', '/api/time-tracking/clock-in', staff.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().open).not.toBeNull();
    const twice = await t.api('POST', '/api/time-tracking/clock-in', staff.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(TIME_MESSAGES.alreadyIn);
    const out = await t.api('POST', '/api/time-tracking/clock-out', staff.token);
    expect(out.json().open).toBeNull();
    const outAgain = await t.api('POST', '/api/time-tracking/clock-out', staff.token);
    expect(outAgain.json().message).toBe(TIME_MESSAGES.notIn);
  });

  it('timesheets total per person and period (Jamaica dates), export CSV, and stay inside the courier', async () => {
    await t.db.insert(timeEntries).values([
      // 2026-03-02 08:00 to 16:30 Jamaica time = 8h30
      { courierId: courierA, userId: staff.id, clockIn: new Date('2026-03-02T13:00:00Z'), clockOut: new Date('2026-03-02T21:30:00Z') },
      // 2026-03-03 09:00 to 12:15 = 3h15
      { courierId: courierA, userId: staff.id, clockIn: new Date('2026-03-03T14:00:00Z'), clockOut: new Date('2026-03-03T17:15:00Z') },
      // 2026-03-04 at 21:00 Jamaica is 02:00Z on the 5th: still the 4th in Jamaica, outside the period.
      { courierId: courierA, userId: staff.id, clockIn: new Date('2026-03-05T02:00:00Z'), clockOut: new Date('2026-03-05T03:00:00Z') },
    ]);
    const res = await t.api('GET', '/time-tracking/timesheets?from=2026-03-02&to=2026-03-03', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const sheet = res.json();
    expect(sheet.people).toHaveLength(1);
    expect(sheet.people[0].totalMinutes).toBe(8 * 60 + 30 + 3 * 60 + 15);
    expect(sheet.totalMinutes).toBe(705);

    const csv = await t.api('GET', '/time-tracking/timesheets.csv?from=2026-03-02&to=2026-03-03', admin.token);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('Name,Role,Clock in,Clock out,Minutes,Hours');
    expect(csv.body).toContain('All staff total,,,,705,11.75');

    const other = await t.api('GET', '/time-tracking/timesheets?from=2026-03-02&to=2026-03-03', adminB.token);
    expect(other.json().people).toHaveLength(0);
    const staffRefused = await t.api('GET', '/time-tracking/timesheets?from=2026-03-02&to=2026-03-03', staff.token);
    expect(staffRefused.statusCode).toBe(403);
    const backwards = await t.api('GET', '/time-tracking/timesheets?from=2026-03-05&to=2026-03-03', admin.token);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(TIME_MESSAGES.periodInvalid);
  });
});
