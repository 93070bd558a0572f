import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyScan } from '@courier/shared/domain/scan';
import { makeCourier } from '../../../test/fixtures/comms';
import { type PlanNode, planNodes } from '../../../test/fixtures/query-plan';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { packageLookup } from './scan-resolver.service';

/**
 * The scan lookup is the warehouse's most frequent request: at 100,000 parcels its plan must use
 * an index on what it asks for, never read all of a courier's parcels. A plan that scans the
 * table (or filters a courier's rows one by one) fails here the day it appears.
 */
let t: TestApp;
let courierId: number;

async function planOf(raw: string): Promise<PlanNode[]> {
  const code = classifyScan(raw);
  if (!code) throw new Error(`not a code: ${raw}`);
  return (await planNodes(t.db, packageLookup(t.db, courierId, code).getSQL())).filter((n) => n['Relation Name'] === 'packages');
}

beforeAll(async () => {
  t = await buildTestApp();
  courierId = (await makeCourier(t, 'PLN')).id;
  const other = await makeCourier(t, 'PLO');
  // 100,000 parcels for the courier (1% voided, as mistakes are) and 20,000 for another one; no
  // statement timeout for filling them on a loaded machine (the search's trigram index takes them too).
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`insert into packages (courier_id, package_number, tracking_number, status, weight_lb, voided_at)
      select ${courierId}, 'PKG-' || lpad(n::text, 7, '0'), '1Z' || lpad(n::text, 16, '0'), 'received', 1.5, case when n % 100 = 0 then now() end
      from generate_series(1, 100000) n`);
    await tx.execute(sql`insert into packages (courier_id, package_number, tracking_number, status, weight_lb)
      select ${other.id}, 'PKG-' || lpad(n::text, 7, '0'), '1Z' || lpad(n::text, 16, '0'), 'received', 1.5 from generate_series(1, 20000) n`);
  });
  await t.db.execute(sql`analyze packages`);
}, 120_000);
afterAll(async () => t?.close());

describe('the scan lookup at 100,000 parcels', () => {
  it.each([
    ['a carrier tracking number', '1Z0000000000054321', 'packages_courier_tracking_idx'],
    ['a voided parcel’s tracking number', '1Z0000000000054300', 'packages_courier_tracking_idx'],
    ['our package number', 'PKG-0054321', 'packages_courier_id_package_number_index'],
  ])('finds %s through its index', async (_what, raw, index) => {
    const plan = await planOf(raw);
    expect(plan.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(plan.map((n) => n['Index Name'])).toContain(index);
  });

  it('finds the right parcel, a live one before a voided one', async () => {
    const code = classifyScan('1Z0000000000054300');
    if (!code) throw new Error('not a code');
    const [row] = await packageLookup(t.db, courierId, code);
    expect(row?.pkg.packageNumber).toBe('PKG-0054300');
    expect(row?.pkg.voidedAt).not.toBeNull();
  });
});
