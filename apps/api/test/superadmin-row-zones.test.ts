import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier, makeCustomer, makeUser } from './fixtures/comms';
import { type TestApp, buildTestApp } from './helper';
import { branches } from '../src/db/schema/branches';
import { couriers } from '../src/db/schema/couriers';
import { invoices } from '../src/db/schema/invoices';
import { notifications } from '../src/db/schema/notifications';
import { packages } from '../src/db/schema/packages';
import { payments } from '../src/db/schema/payments';
import { tickets } from '../src/db/schema/tickets';

/**
 * The super admin's lists mix couriers; each row names its own courier's time zone (`timeZone`),
 * which the web shows its dates in. One courier in Jamaica, one in Tokyo: every list answers each
 * row with its courier's zone, and a courier's staff get their own zone on their rows.
 */
let t: TestApp;
let superAdmin: string;
let tokyoAdmin: string;
const ids = { jamaica: 0, tokyo: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  superAdmin = (await makeUser(t, null, 'super_admin')).token;
  for (const [key, code, zone] of [
    ['jamaica', 'ZJA', 'America/Jamaica'],
    ['tokyo', 'ZTK', 'Asia/Tokyo'],
  ] as const) {
    const courier = await makeCourier(t, code);
    ids[key] = courier.id;
    await t.db.update(couriers).set({ timeZone: zone }).where(eq(couriers.id, courier.id));
    const customer = await makeCustomer(t, courier.id);
    const staff = await makeUser(t, courier.id, 'staff');
    if (key === 'tokyo') tokyoAdmin = (await makeUser(t, courier.id, 'courier_admin')).token;
    await t.db.insert(packages).values({
      courierId: courier.id,
      customerId: customer.id,
      packageNumber: `${code}-1`,
      trackingNumber: `TRK-${code}-1`,
      status: 'received',
      weightLb: 2,
    });
    await t.db
      .insert(invoices)
      .values({ courierId: courier.id, customerId: customer.id, invoiceNo: `INV-${code}-1`, totalCents: 1000, exchangeRate: 160 });
    await t.db
      .insert(payments)
      .values({ courierId: courier.id, customerId: customer.id, receiptNo: `RCT-${code}-1`, amountCents: 500, method: 'cash' });
    await t.db.insert(tickets).values({
      courierId: courier.id,
      customerId: customer.id,
      ticketNo: `TKT-${code}-1`,
      subject: 'Where is it?',
      department: 'Packages',
    });
    await t.db.insert(notifications).values({ courierId: courier.id, type: 'announcement', title: `To ${code}`, body: 'Hello' });
    await t.db.insert(branches).values({ courierId: courier.id, name: `${code} Main` });
    // makeUser gave the staff member a role of the courier: the roles list has a row of each courier too.
    expect(staff.roleId).not.toBeNull();
  }
});
afterAll(async () => t?.close());

type Row = Record<string, unknown> & { courierId?: number; courier?: { id: number } | null; timeZone?: unknown };
const courierOf = (row: Row) => row.courierId ?? row.courier?.id;

async function rows(url: string, token = superAdmin): Promise<Row[]> {
  const res = await t.api({ method: 'GET', path: url, token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return (res.json() as { data: Row[] }).data;
}

const LISTS = [
  '/api/packages?limit=100',
  '/api/packages?limit=100&search=Z', // the general path, not the prepared page
  '/api/invoices?limit=100',
  '/api/payments?limit=100',
  '/api/tickets?limit=100',
  '/api/notifications/announcements',
  '/api/staff?limit=100',
  '/api/roles?limit=100',
  '/api/branches?limit=100',
];

describe("the super admin's lists say each row's courier time zone", () => {
  it.each(LISTS)('%s', async (url) => {
    const data = await rows(url);
    const zoneOf = (courierId: number) => data.filter((r) => courierOf(r) === courierId).map((r) => r.timeZone);
    expect(zoneOf(ids.jamaica).length, 'a Jamaica row').toBeGreaterThan(0);
    expect(zoneOf(ids.tokyo).length, 'a Tokyo row').toBeGreaterThan(0);
    expect(new Set(zoneOf(ids.jamaica))).toEqual(new Set(['America/Jamaica']));
    expect(new Set(zoneOf(ids.tokyo))).toEqual(new Set(['Asia/Tokyo']));
  });

  it("leaves the zone out of the CSV export (its times carry the courier's offset)", async () => {
    const res = await t.api('GET', '/packages?format=csv', superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')[0]).not.toMatch(/time zone/i);
  });

  it("gives a courier's own staff only their rows, in their courier's zone", async () => {
    const invoices = await rows('/api/invoices?limit=100', tokyoAdmin);
    expect(invoices.length).toBeGreaterThan(0);
    expect(invoices.every((r) => courierOf(r) === ids.tokyo && r.timeZone === 'Asia/Tokyo')).toBe(true);
    // The package table, the busiest page, names no zone on one courier's rows (they are all the
    // screen's): 50 rows stay within the 20 KB budget. Both of its paths.
    for (const url of ['/api/packages?limit=100', '/api/packages?limit=100&search=Z']) {
      const data = await rows(url, tokyoAdmin);
      expect(data.length).toBeGreaterThan(0);
      expect(data.every((r) => r.courierId === ids.tokyo && !('timeZone' in r))).toBe(true);
    }
  });
});
