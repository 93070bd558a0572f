import { eq } from 'drizzle-orm';
import type { customerShopRequestSchema } from '@courier/shared/schemas/services';
import type { z } from 'zod';
import type { Services } from '../../context';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { courierOf } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { createShopRequest } from './shop-for-me.service';

/** A signed-in customer asks us to buy for them: the request in their name, the courier told. */
export async function createCustomerShopRequest(
  s: Services,
  user: AuthUser,
  input: z.output<typeof customerShopRequestSchema>,
): Promise<number> {
  const courierId = courierOf(user);
  const [me] = await s.db
    .select({ firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
    .from(customers)
    .where(eq(customers.id, user.id));
  if (!me) throw new AppError('not_found', 'Customer not found');
  const [courier] = await s.db.select({ email: couriers.email }).from(couriers).where(eq(couriers.id, courierId));
  return createShopRequest(s, {
    courierId,
    courierEmail: courier?.email ?? null,
    customerId: user.id,
    name: `${me.firstName} ${me.lastName}`.trim(),
    email: me.email,
    items: input.items,
    notes: input.notes,
  });
}
