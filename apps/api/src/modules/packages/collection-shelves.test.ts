import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { branches } from '../../db/schema/branches';
import { packages } from '../../db/schema/packages';

/**
 * The counter sees where each waiting parcel sits: the shelf it was put away on at the branch it
 * is collected from (a parcel leaves its Miami shelf when it ships).
 */
let t: TestApp;
let courierId: number;
let branchId: number;
let admin: string;
let counter: string;
let stranger: string;
let customer: Awaited<ReturnType<typeof makeCustomer>>;

beforeAll(async () => {
  t = await buildTestApp();
  courierId = (await makeCourier(t, `SH${Date.now().toString().slice(-5)}`)).id;
  const [branch] = await t.db.insert(branches).values({ courierId, name: 'Montego Bay' }).returning();
  branchId = branch?.id ?? 0;
  admin = (await makeUser(t, courierId, 'courier_admin')).token;
  // The counter clerk of the branch: signs collections and puts parcels away there.
  counter = (await makeUser(t, courierId, 'staff', ['packages_view', 'packages_sign', 'packages_scan', 'packages_edit'], branchId)).token;
  stranger = (await makeUser(t, (await makeCourier(t, `SI${Date.now().toString().slice(-5)}`)).id, 'courier_admin')).token;
  customer = await makeCustomer(t, courierId, { branchId });
});
afterAll(async () => t?.close());

describe('the collection screen', () => {
  it('says the shelf of each waiting parcel, once put away at the branch, and not for another courier', async () => {
    const rows = await t.db
      .insert(packages)
      .values(
        [1, 2].map((n) => ({
          courierId,
          packageNumber: `PKG-S${n}`,
          trackingNumber: `1ZSHELF${Date.now()}${n}`,
          customerId: customer.id,
          branchId,
          status: 'ready_for_pickup' as const,
          weightLb: 2,
          readyAt: new Date(),
        })),
      )
      .returning();
    const inv = await t.api('POST', '/invoices', admin, { customerId: customer.id, packageIds: rows.map((r) => r.id) });
    expect(inv.statusCode, inv.body).toBe(201);
    const invoiceNo = inv.json().invoiceNo as string;
    expect((await t.api('POST', '/shelves', admin, { branchId, code: 'K-02-1' })).statusCode).toBe(201);
    const put = await t.api('POST', '/shelves/put-away', counter, { scan: rows[0]?.trackingNumber, shelf: 'K-02-1' });
    expect(put.statusCode, put.body).toBe(200);

    const view = await t.api('GET', `/collections/${invoiceNo}`, counter);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().shelves).toEqual([
      { packageId: rows[0]?.id, packageNumber: 'PKG-S1', shelfCode: 'K-02-1' },
      { packageId: rows[1]?.id, packageNumber: 'PKG-S2', shelfCode: null },
    ]);
    expect((await t.api('GET', `/collections/${invoiceNo}`, stranger)).statusCode).toBe(404);
  });
});
