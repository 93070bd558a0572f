import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type TestApp, bearer, buildTestApp, seedDemoData } from '../../../test/helper';
import { branches } from '../../db/schema/branches';
import { courierFeeSettings, processingFees } from '../../db/schema/courier-fees';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { packages } from '../../db/schema/packages';
import { users } from '../../db/schema/users';
import { subjectOf } from '../../lib/tokens';

/**
 * The front desk's test world: the demo courier with known fees (1 lb freight 650.00, GCT 16.5%,
 * duty 20% of the USD value at 150), its staff, a branch, and a second courier with its admin.
 */
export interface DeskWorld {
  t: TestApp;
  courierId: number;
  customerId: number;
  branchId: number;
  secondCourierId: number;
  tokens: Record<'admin' | 'manager' | 'staff' | 'superAdmin' | 'secondAdmin' | 'customer', string>;
  userIds: Record<'admin' | 'manager' | 'staff', number>;
  api(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** Issues an invoice for new ready packages (weights in lb, declared values in US cents). */
  issue(weights: number[], declared?: number[]): Promise<{ invoiceNo: string; totalCents: number; packageIds: number[] }>;
}

let seq = 0;

export async function buildDeskWorld(): Promise<DeskWorld> {
  const t = await buildTestApp();
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  const courierId = courier.id;
  const fees = { gctTenthsPercent: 165, unknownFeeCents: 500_00, uncollectedFeeCents: 300_00, switchingFeeCents: 200_00 };
  await t.db
    .insert(courierFeeSettings)
    .values({ courierId, ...fees })
    .onConflictDoUpdate({ target: courierFeeSettings.courierId, set: fees });
  await t.db.delete(processingFees).where(eq(processingFees.courierId, courierId));
  const [cust] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  const [branch] = await t.db.select().from(branches).where(eq(branches.courierId, courierId)).limit(1);
  if (!cust || !branch) throw new Error('no demo customer or branch');

  const [second] = await t.db.insert(couriers).values({ name: 'Second Courier', code: 'SEC', apiKey: 'ck_second_desk' }).returning();
  if (!second) throw new Error('courier insert failed');
  const [secondAdmin] = await t.db
    .insert(users)
    .values({
      courierId: second.id,
      role: 'courier_admin',
      firstName: 'Sam',
      lastName: 'Second',
      email: 'admin@second.test',
      passwordHash: 'x',
    })
    .returning();
  if (!secondAdmin) throw new Error('user insert failed');

  const sign = async (kind: 'user' | 'customer', id: number, role: string, cId: number | null) =>
    (await t.ctx.tokens.sign({ sub: subjectOf(kind, id), role: role as 'staff', type: 'access', courierId: cId }, 3600)).token;
  const person = async (email: string) => {
    const [u] = await t.db.select().from(users).where(eq(users.email, email));
    if (!u) throw new Error(`no user ${email}`);
    return { id: u.id, token: await sign('user', u.id, u.role, u.courierId) };
  };
  const admin = await person('admin@jamaicaexpress.test');
  const manager = await person('manager@jamaicaexpress.test');
  const staff = await person('staff@jamaicaexpress.test');
  const superAdmin = await person('superadmin@courierportal.test');

  const api: DeskWorld['api'] = (method, url, token, payload) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload: payload as Record<string, unknown> });

  const world: DeskWorld = {
    t,
    courierId,
    customerId: cust.id,
    branchId: branch.id,
    secondCourierId: second.id,
    tokens: {
      admin: admin.token,
      manager: manager.token,
      staff: staff.token,
      superAdmin: superAdmin.token,
      secondAdmin: await sign('user', secondAdmin.id, 'courier_admin', second.id),
      customer: await sign('customer', cust.id, 'customer', courierId),
    },
    userIds: { admin: admin.id, manager: manager.id, staff: staff.id },
    api,
    async issue(weights, declared = []) {
      const packageIds: number[] = [];
      for (const [i, weightLb] of weights.entries()) {
        seq += 1;
        const [row] = await t.db
          .insert(packages)
          .values({
            courierId,
            packageNumber: `PKG-D${seq}`,
            trackingNumber: `1ZDESK${seq}`,
            customerId: cust.id,
            status: 'ready_for_pickup',
            weightLb,
            declaredValueUsdCents: declared[i] ?? 0,
            readyAt: new Date(),
          })
          .returning();
        if (!row) throw new Error('package insert failed');
        packageIds.push(row.id);
      }
      const res = await api('POST', '/invoices', manager.token, { customerId: cust.id, packageIds });
      expect(res.statusCode, res.body).toBe(201);
      return { invoiceNo: res.json().invoiceNo, totalCents: res.json().totalCents, packageIds };
    },
  };
  return world;
}
