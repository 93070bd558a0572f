import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { packages } from '../../db/schema/packages';
import { shelves } from '../../db/schema/shelves';

/**
 * Demo shelves at the demo customer's branch (a hold shelf among them), with the demo parcels in
 * the warehouse put away: held ones on the hold shelf, ready ones by the counter.
 */
export async function seedWarehouseDemo(db: Db, courierCode = 'JXP'): Promise<void> {
  const [courier] = await db.select({ id: couriers.id }).from(couriers).where(eq(couriers.code, courierCode));
  if (!courier) return;
  const [customer] = await db
    .select({ branchId: customers.branchId })
    .from(customers)
    .where(and(eq(customers.courierId, courier.id), eq(customers.email, 'customer@example.test')));
  if (!customer?.branchId) return;
  const made = await db
    .insert(shelves)
    .values([
      { courierId: courier.id, branchId: customer.branchId, code: 'R-01-1', description: 'Receiving, bay 1' },
      { courierId: courier.id, branchId: customer.branchId, code: 'R-01-2', description: 'Receiving, bay 2' },
      { courierId: courier.id, branchId: customer.branchId, code: 'C-01-1', description: 'By the counter' },
      { courierId: courier.id, branchId: customer.branchId, code: 'HOLD-A', description: 'Held parcels', isHold: true },
    ])
    .returning();
  const code = (c: string) => made.find((s) => s.code === c)?.id ?? null;
  const where = (statuses: Array<typeof packages.$inferSelect.status>) =>
    and(eq(packages.courierId, courier.id), inArray(packages.status, statuses), isNull(packages.voidedAt));
  await db
    .update(packages)
    .set({ shelfId: code('R-01-1') })
    .where(where(['received', 'unknown']));
  await db
    .update(packages)
    .set({ shelfId: code('HOLD-A') })
    .where(where(['on_hold']));
  await db
    .update(packages)
    .set({ shelfId: code('C-01-1') })
    .where(where(['ready_for_pickup']));
}
