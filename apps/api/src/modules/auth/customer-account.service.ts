import { and, eq } from 'drizzle-orm';
import { AUTH_API_MESSAGES, type changePasswordSchema, type customerProfileUpdateSchema } from '@courier/shared/schemas/auth';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { branches } from '../../db/schema/branches';
import { customers } from '../../db/schema/customers';
import type { Db } from '../../db/client';
import { publish } from '../../lib/domain-events';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { endSessions } from '../../lib/tokens';
import { changeCustomerProfile, changeCustomerPassword as storeCustomerPassword } from '../customers/index';
import { customerProfile } from './auth.service';

interface CustomerCaller {
  id: number;
  courierId: number;
  /** The caller's session (kept signed in when they change their password). */
  jti: string;
}

/** The customer edits their own details, address and pickup branch (a branch of their courier). */
export async function updateCustomerProfile(ctx: AppContext, caller: CustomerCaller, input: z.output<typeof customerProfileUpdateSchema>) {
  const [branch] = await ctx.db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, input.branchId), eq(branches.courierId, caller.courierId), eq(branches.active, true)))
    .limit(1);
  if (!branch) throw new AppError('bad_request', AUTH_API_MESSAGES.branchNotFound, { branchId: [AUTH_API_MESSAGES.branchNotFound] });
  const [current] = await ctx.db
    .select({ accountType: customers.accountType, branchId: customers.branchId })
    .from(customers)
    .where(and(eq(customers.id, caller.id), eq(customers.courierId, caller.courierId)));
  if (!current) throw new AppError('not_found', AUTH_API_MESSAGES.userNotFound);
  if (current.accountType === 'business' && !input.businessName?.trim()) {
    throw new AppError('bad_request', 'Business name is required for business accounts', {
      businessName: ['Business name is required for business accounts'],
    });
  }
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await changeCustomerProfile(tx, caller.courierId, caller.id, {
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      trn: input.trn,
      businessName: current.accountType === 'business' ? (input.businessName ?? null) : null,
      address: input.address,
      parish: input.parish,
      city: input.city,
      branchId: input.branchId,
    });
    if (current.branchId !== input.branchId)
      await publish({ db: tx, mailer: ctx.mailer }, caller.courierId, 'customer.branch_changed', {
        customerId: caller.id,
        branchId: input.branchId,
        userId: null,
      });
  });
  return customerProfile(ctx.db, caller.id);
}

export async function changeCustomerPassword(ctx: AppContext, caller: CustomerCaller, input: z.output<typeof changePasswordSchema>) {
  const [row] = await ctx.db
    .select({ passwordHash: customers.passwordHash })
    .from(customers)
    .where(and(eq(customers.id, caller.id), eq(customers.courierId, caller.courierId)));
  if (!row) throw new AppError('not_found', AUTH_API_MESSAGES.userNotFound);
  // 400, not 401: a wrong current password must not look like an expired session to the app.
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new AppError('bad_request', AUTH_API_MESSAGES.currentPasswordIncorrect, {
      currentPassword: [AUTH_API_MESSAGES.currentPasswordIncorrect],
    });
  }
  // Every other session of the customer ends; the one that changed the password stays.
  await storeCustomerPassword(ctx.db, caller.id, { passwordHash: await hashPassword(input.newPassword), ...endSessions(caller.jti) });
}
