import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { packageStatusCounts } from '../../db/schema/package-status-counts';
import { packages } from '../../db/schema/packages';
import { makeCourier, makeCustomer } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';
import { FOLD_AFTER_ROWS, foldStatusCounts, packageStatusCountsOf } from './status-counts.service';

/**
 * The dashboards' packages by status come from counts the triggers on `packages` keep: after any
 * mix of receives, status changes, voids, deletes and moves between couriers they must equal a
 * COUNT(*) of the packages, for each courier and for the platform, folded or not.
 */
let t: TestApp;
let admin: string;
let courierId: number;
let otherCourierId: number;
let mailbox: string;

type Rows<T> = { rows: T[] };
const sorted = (rows: Array<{ status: string; n: number }>) => rows.map((r) => `${r.status}:${r.n}`).sort((a, b) => a.localeCompare(b));

async function counted(courier: number | null) {
  const where = courier === null ? sql`true` : sql`courier_id = ${courier}`;
  const result = (await t.db.execute(
    sql`select status, count(*)::int as n from packages where ${where} group by status`,
  )) as unknown as Rows<{ status: string; n: number }>;
  return sorted(result.rows);
}

async function expectCountsAgree() {
  for (const courier of [courierId, otherCourierId, null]) {
    expect(sorted(await packageStatusCountsOf(t.db, courier))).toEqual(await counted(courier));
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  admin = await loginAs(t, 'courier_admin');
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!c) throw new Error('no demo customer');
  courierId = c.courierId;
  mailbox = c.mailboxNumber;
  otherCourierId = (await makeCourier(t, 'SCO')).id;
  await makeCustomer(t, otherCourierId);
});
afterAll(async () => t?.close());

describe('packages by status, kept by triggers', () => {
  it('agree with a COUNT(*) after the demo data and the migration’s first count', async () => {
    await expectCountsAgree();
  });

  it('agree after receives, status changes, voids, deletes and moves between couriers', async () => {
    const ids: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const res = await t.api('POST', '/packages', admin, { trackingNumber: `1Z999AA1012345${n}780`, weightLb: 1.5 + n, mailbox });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    await expectCountsAgree();
    const [a, b, c, d, e] = ids as [number, number, number, number, number];
    expect((await t.api('POST', `/packages/${a}/status`, admin, { status: 'on_hold' })).statusCode).toBe(200);
    expect((await t.api('POST', '/packages/bulk-status', admin, { ids: [b, c, d], status: 'in_transit' })).json().changed).toBe(3);
    expect((await t.api('POST', `/packages/${e}/void`, admin, { reason: 'Received by mistake' })).statusCode).toBe(200);
    await expectCountsAgree();
    // A statement that changes no status or courier adds no count.
    const before = await t.db.select().from(packageStatusCounts);
    await t.db.update(packages).set({ description: 'Shoes' }).where(eq(packages.id, b));
    expect(await t.db.select().from(packageStatusCounts)).toHaveLength(before.length);
    // Moved to another courier, several at once, and back; then deleted.
    await t.db.update(packages).set({ courierId: otherCourierId, customerId: null }).where(sql`${packages.id} in (${c}, ${d})`);
    await expectCountsAgree();
    await t.db.update(packages).set({ courierId, status: 'received' }).where(eq(packages.id, d));
    await t.db.execute(sql`delete from package_events where package_id = ${c}`);
    await t.db.delete(packages).where(eq(packages.id, c));
    await expectCountsAgree();
    // Many rows in one statement.
    await t.db.execute(sql`insert into packages (courier_id, package_number, tracking_number, status, weight_lb)
      select ${otherCourierId}, 'SCO-' || g, 'TRK-SCO-' || g, (array['received','in_transit','delivered'])[1 + g % 3], 1
      from generate_series(1, 300) g`);
    await t.db.execute(sql`update packages set status = 'at_customs' where courier_id = ${otherCourierId} and status = 'in_transit'`);
    await expectCountsAgree();
  });

  it('fold into one row per courier and status, and still agree', async () => {
    const rows = async () =>
      (await t.db.select().from(packageStatusCounts).where(eq(packageStatusCounts.courierId, otherCourierId))).length;
    for (let i = 0; i < FOLD_AFTER_ROWS / 2 + 1; i += 1) {
      await t.db.execute(sql`update packages set status = case status when 'delivered' then 'received' else 'delivered' end
        where courier_id = ${otherCourierId} and package_number = 'SCO-3'`);
    }
    expect(await rows()).toBeGreaterThan(FOLD_AFTER_ROWS);
    await expectCountsAgree(); // the courier's read folds its rows past FOLD_AFTER_ROWS
    expect(await rows()).toBe((await counted(otherCourierId)).length);
    await Promise.all([foldStatusCounts(t.db), foldStatusCounts(t.db), foldStatusCounts(t.db)]);
    await expectCountsAgree();
  });

  it('give the staff dashboard its chart', async () => {
    const res = await t.api('GET', '/dashboard', admin);
    const chart = res.json().charts.find((c: { key: string }) => c.key === 'packages_by_status');
    const total = chart.data.reduce((sum: number, d: { value: number }) => sum + d.value, 0);
    const [all] = await t.db.select({ n: sql<number>`count(*)::int` }).from(packages).where(eq(packages.courierId, courierId));
    expect(total).toBe(all?.n);
  });
});
