import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS } from '@courier/shared/constants/permissions';
import { couriers } from '../src/db/schema/couriers';
import { customers } from '../src/db/schema/customers';
import { roles } from '../src/db/schema/roles';
import { users } from '../src/db/schema/users';
import { subjectOf } from '../src/lib/tokens';
import type { TestApp } from './helper';

/** Test people for the tickets, notifications, e-mail and time-tracking tests; tokens signed directly. */
export async function tokenForUser(t: TestApp, email: string): Promise<string> {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return (await t.ctx.tokens.sign({ sub: subjectOf('user', user.id), role: user.role, type: 'access', courierId: user.courierId }, 3600))
    .token;
}

export async function tokenForCustomer(t: TestApp, id: number): Promise<string> {
  const [c] = await t.db.select().from(customers).where(eq(customers.id, id));
  if (!c) throw new Error(`no customer ${id}`);
  return (await t.ctx.tokens.sign({ sub: subjectOf('customer', c.id), role: 'customer', type: 'access', courierId: c.courierId }, 3600))
    .token;
}

export async function makeCourier(t: TestApp, code: string) {
  const [courier] = await t.db
    .insert(couriers)
    .values({ name: `${code} Courier`, code, apiKey: `ck_${code}_${randomBytes(4).toString('hex')}` })
    .returning();
  if (!courier) throw new Error('courier insert failed');
  return courier;
}

export async function makeUser(
  t: TestApp,
  courierId: number | null,
  role: 'courier_admin' | 'staff' | 'branch_manager' | 'super_admin',
  permissions: string[] = [...ALL_PERMISSIONS],
  branchId: number | null = null,
) {
  let roleId: number | null = null;
  if (courierId !== null && (role === 'staff' || role === 'branch_manager')) {
    const [r] = await t.db
      .insert(roles)
      .values({ courierId, name: `r-${randomBytes(3).toString('hex')}`, permissions })
      .returning();
    roleId = r?.id ?? null;
  }
  const email = `${role}-${randomBytes(4).toString('hex')}@test.test`;
  const [user] = await t.db
    .insert(users)
    .values({ courierId, role, roleId, branchId, firstName: 'Test', lastName: role, email, passwordHash: 'x' })
    .returning();
  if (!user) throw new Error('user insert failed');
  return { ...user, token: await tokenForUser(t, email) };
}

export async function makeCustomer(
  t: TestApp,
  courierId: number,
  extra: Partial<typeof customers.$inferInsert> = {},
): Promise<typeof customers.$inferSelect & { token: string }> {
  const tag = randomBytes(4).toString('hex');
  const [c] = await t.db
    .insert(customers)
    .values({
      courierId,
      mailboxNumber: `T-${tag}`,
      firstName: `First${tag}`,
      lastName: 'Customer',
      email: `c-${tag}@example.test`,
      passwordHash: 'x',
      ...extra,
    })
    .returning();
  if (!c) throw new Error('customer insert failed');
  return { ...c, token: await tokenForCustomer(t, c.id) };
}
