import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { AUTH_API_MESSAGES, type walkInCustomerSchema } from '@courier/shared/schemas/auth';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { nextMailboxNumber } from '../../db/seed';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { AuthUser } from '../../plugins/auth';
import { passwordLink, customerColumns } from '../auth/index';
import { createCustomer } from '../customers/index';
import { enqueueWelcomeEmail } from '../notifications/index';
import { listScope } from '../../lib/courier-scope';
import { isUniqueViolation } from '../../lib/db-errors';

/** How long the welcome e-mail's "choose your password" link works. */
export const WELCOME_LINK_TTL_MINUTES = 7 * 24 * 60;

/**
 * Staff register a walk-in customer from the Scan screen: the registration wizard's
 * rules, the courier's next mailbox number, no password (an unguessable one nobody knows), and a
 * welcome e-mail with the mailbox and a link to choose the password.
 */
export async function registerWalkIn(ctx: AppContext, user: AuthUser, input: z.output<typeof walkInCustomerSchema>) {
  const courierId = listScope(user);
  if (courierId === null) throw new AppError('bad_request', 'Choose a courier');
  const [courier] = await ctx.db.select({ code: couriers.code, name: couriers.name }).from(couriers).where(eq(couriers.id, courierId));
  if (!courier) throw new AppError('not_found', 'Courier not found');
  const [branch] = await ctx.db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, input.branchId), eq(branches.courierId, courierId), eq(branches.active, true)));
  if (!branch) throw new AppError('bad_request', AUTH_API_MESSAGES.branchNotFound, { branchId: [AUTH_API_MESSAGES.branchNotFound] });
  const taken = () => new AppError('conflict', AUTH_API_MESSAGES.emailTaken, { email: [AUTH_API_MESSAGES.emailTaken] });
  const [existing] = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.courierId, courierId), eq(sql`lower(${customers.email})`, input.email.toLowerCase())));
  if (existing) throw taken();

  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  try {
    return await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const row = await createCustomer(tx, {
        courierId,
        branchId: input.branchId,
        mailboxNumber: await nextMailboxNumber(tx, courierId, courier.code),
        ...customerColumns(input),
        passwordHash,
      });
      const link = await passwordLink(ctx, tx, { kind: 'customer', id: row.id, courierId }, WELCOME_LINK_TTL_MINUTES);
      await enqueueWelcomeEmail(tx, ctx.mailer, {
        courierId,
        customer: { mailboxNumber: row.mailboxNumber, firstName: row.firstName, email: row.email, lastName: input.lastName },
        passwordLink: link,
      });
      await audit(tx, {
        courierId,
        actor: user,
        action: 'customer.registered_walk_in',
        entity: 'customer',
        entityId: row.id,
        details: { mailboxNumber: row.mailboxNumber },
      });
      return {
        id: row.id,
        mailboxNumber: row.mailboxNumber,
        name: `${input.firstName} ${input.lastName}`,
        branchName: null as string | null,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
