import Papa from 'papaparse';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { couriers } from '../../db/schema/couriers';
import { timeEntries } from '../../db/schema/time-entries';
import { makeCourier, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';

/**
 * CSV exports write every date and time as ISO 8601 with the courier's own offset: a courier in
 * New York reads -05:00 in winter and -04:00 in summer, a courier in Jamaica -05:00 all year.
 */
let t: TestApp;
let ny: { id: number; admin: { id: number; token: string } };
let jm: { id: number; admin: { id: number; token: string } };

const WINTER_IN = new Date('2026-01-15T14:15:00Z');
const WINTER_OUT = new Date('2026-01-15T22:45:00Z');
const SUMMER_IN = new Date('2026-07-15T14:15:00Z');
const SUMMER_OUT = new Date('2026-07-15T22:45:00Z');

async function courierWith(code: string, timeZone: string) {
  const courier = await makeCourier(t, code);
  await t.db.update(couriers).set({ timeZone }).where(eq(couriers.id, courier.id));
  const admin = await makeUser(t, courier.id, 'courier_admin');
  await t.db.insert(timeEntries).values([
    { courierId: courier.id, userId: admin.id, clockIn: WINTER_IN, clockOut: WINTER_OUT },
    { courierId: courier.id, userId: admin.id, clockIn: SUMMER_IN, clockOut: SUMMER_OUT },
  ]);
  await t.db.insert(auditLog).values([
    { courierId: courier.id, actorType: 'user', actorId: admin.id, action: 'tz.winter', entity: 'test', createdAt: WINTER_IN },
    { courierId: courier.id, actorType: 'user', actorId: admin.id, action: 'tz.summer', entity: 'test', createdAt: SUMMER_IN },
  ]);
  return { id: courier.id, admin };
}

beforeAll(async () => {
  t = await buildTestApp();
  ny = await courierWith('TZNY', 'America/New_York');
  jm = await courierWith('TZJM', 'America/Jamaica');
});
afterAll(async () => t?.close());

const rowsOf = (body: string) => Papa.parse<string[]>(body.trim()).data;

describe('CSV dates carry the courier offset', () => {
  it('timesheets: a New York courier reads -05:00 in January and -04:00 in July', async () => {
    const res = await t.api('GET', '/api/time-tracking/timesheets.csv?from=2026-01-01&to=2026-12-31', ny.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const rows = rowsOf(res.body);
    expect(rows[0]).toEqual(['Name', 'Role', 'Clock in', 'Clock out', 'Minutes', 'Hours']);
    expect(rows[1]?.slice(2, 4)).toEqual(['2026-01-15T09:15:00-05:00', '2026-01-15T17:45:00-05:00']);
    expect(rows[2]?.slice(2, 4)).toEqual(['2026-07-15T10:15:00-04:00', '2026-07-15T18:45:00-04:00']);
  });

  it('timesheets: a Jamaica courier reads -05:00 all year', async () => {
    const rows = rowsOf((await t.api('GET', '/api/time-tracking/timesheets.csv?from=2026-01-01&to=2026-12-31', jm.admin.token)).body);
    expect(rows[1]?.slice(2, 4)).toEqual(['2026-01-15T09:15:00-05:00', '2026-01-15T17:45:00-05:00']);
    expect(rows[2]?.slice(2, 4)).toEqual(['2026-07-15T09:15:00-05:00', '2026-07-15T17:45:00-05:00']);
  });

  it('timesheets: the period is counted in the courier zone', async () => {
    // 2026-07-15T02:30Z is the 14th in New York (22:30 EDT): outside a sheet for the 15th.
    await t.db.insert(timeEntries).values({
      courierId: ny.id,
      userId: ny.admin.id,
      clockIn: new Date('2026-07-15T02:30:00Z'),
      clockOut: new Date('2026-07-15T03:30:00Z'),
    });
    const rows = rowsOf((await t.api('GET', '/api/time-tracking/timesheets.csv?from=2026-07-15&to=2026-07-15', ny.admin.token)).body);
    expect(rows.filter((r) => r[2]?.startsWith('2026-07-'))).toHaveLength(1);
    expect(rows[1]?.[2]).toBe('2026-07-15T10:15:00-04:00');
  });

  it('audit log: each row in its courier offset', async () => {
    const res = await t.api('GET', '/api/audit-log/csv', ny.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const rows = rowsOf(res.body);
    const when = (action: string) => rows.find((r) => r[3] === action)?.[0];
    expect(when('tz.winter')).toBe('2026-01-15T09:15:00-05:00');
    expect(when('tz.summer')).toBe('2026-07-15T10:15:00-04:00');
    const jmRows = rowsOf((await t.api('GET', '/api/audit-log/csv', jm.admin.token)).body);
    expect(jmRows.find((r) => r[3] === 'tz.summer')?.[0]).toBe('2026-07-15T09:15:00-05:00');
  });

  it('the signed-in profile carries the courier time zone (the platform default for the super admin)', async () => {
    expect((await t.api('GET', '/api/auth/profile', ny.admin.token)).json().timeZone).toBe('America/New_York');
    const superAdmin = await makeUser(t, null, 'super_admin');
    expect((await t.api('GET', '/api/auth/profile', superAdmin.token)).json().timeZone).toBe('America/Jamaica');
  });
});
