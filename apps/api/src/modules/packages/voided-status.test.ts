import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_MESSAGES } from '@courier/shared/domain/scan';
import { makeCustomer } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData, loginAs } from '../../../test/helper';
import { customers } from '../../db/schema/customers';
import { packages } from '../../db/schema/packages';

/** A voided package is in the Voided status: lists filter it, counts leave it out, scans say it is voided. */
let t: TestApp;
let staff: string;
let courierId: number;
type Customer = Awaited<ReturnType<typeof makeCustomer>>;
let alice: Customer;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  staff = await loginAs(t, 'branch_manager');
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!c) throw new Error('no demo customer');
  courierId = c.courierId;
  alice = await makeCustomer(t, courierId);
});
afterAll(async () => t?.close());

const readyCount = async () =>
  (await t.api('GET', '/dashboard', staff)).json().cards.find((card: { key: string }) => card.key === 'ready_for_pickup').value as number;

/** A package of Alice's at customs, made ready for pickup (and invoiced) through the API, then voided. */
async function voidedReadyPackage(tracking: string) {
  const [p] = await t.db
    .insert(packages)
    .values({
      courierId,
      packageNumber: `PKG-9${tracking.slice(-5)}`,
      trackingNumber: tracking,
      customerId: alice.id,
      status: 'at_customs',
      weightLb: 2,
    })
    .returning();
  if (!p) throw new Error('package insert failed');
  expect((await t.api('POST', `/packages/${p.id}/status`, staff, { status: 'ready_for_pickup' })).statusCode).toBe(200);
  return p;
}

describe('a voided package', () => {
  it('is Voided, not Ready for Pickup, and leaves the ready count', async () => {
    const before = await readyCount();
    const p = await voidedReadyPackage('1ZVOIDSTAT00001');
    expect(await readyCount()).toBe(before + 1);
    const res = await t.api('POST', `/packages/${p.id}/void`, staff, { reason: 'Scanned twice' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'voided', voidReason: 'Scanned twice' });
    expect(res.json().events.at(-1)).toMatchObject({ status: 'voided' });
    expect(await readyCount()).toBe(before);
    const chart = (await t.api('GET', '/dashboard', staff)).json().charts.find((c: { key: string }) => c.key === 'packages_by_status');
    expect(chart.data).toContainEqual({ name: 'Voided', value: 1 });
    // Lists filter it by its status; the ready list does not show it.
    const byStatus = await t.api('GET', `/packages?filters=${encodeURIComponent(JSON.stringify({ status: 'voided' }))}`, staff);
    expect(byStatus.json().data.map((d: { packageNumber: string }) => d.packageNumber)).toEqual([p.packageNumber]);
    const ready = await t.api('GET', `/packages?filters=${encodeURIComponent(JSON.stringify({ status: 'ready_for_pickup' }))}`, staff);
    expect(ready.json().data.map((d: { packageNumber: string }) => d.packageNumber)).not.toContain(p.packageNumber);
  });

  it('the scan station and the counter say it was voided instead of "Nothing found"', async () => {
    const p = await voidedReadyPackage('1ZVOIDSTAT00002');
    await t.api('POST', `/packages/${p.id}/void`, staff, { reason: 'Phantom label' });
    const message = SCAN_MESSAGES.voided(p.packageNumber, 'Phantom label');
    const station = await t.api('GET', `/packages/scan?trackingNumber=${p.packageNumber}`, staff);
    expect(station.statusCode).toBe(409);
    expect(station.json().message).toBe(message);
    for (const code of [p.packageNumber, '1ZVOIDSTAT00002']) {
      const counter = await t.api('GET', `/collections?search=${code}`, staff);
      expect(counter.statusCode, code).toBe(409);
      expect(counter.json().message).toBe(message);
    }
  });
});
