import { and, eq, sql } from 'drizzle-orm';
import { AUTH_API_MESSAGES, AUTH_MESSAGES, type customerRegisterSchema, type staffRegisterSchema } from '@courier/shared/schemas/auth';
import { staffChangeRefusal } from '@courier/shared/domain/role-ceiling';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { customers } from '../../db/schema/customers';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import { nextMailboxNumber } from '../../db/seed';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { actorRights, grantedRights, refuseIf } from '../../lib/role-ceiling';
import type { AuthUser } from '../../plugins/auth';
import { enqueueWelcomeEmail } from '../notifications/index';
import { activeCourierById, courierByApiKey, customerProfile, issueAccessToken, staffProfile } from './auth.service';
import { isUniqueViolation } from '../../lib/db-errors';
import { resolveSignUpCodes } from '../account-credit/index';
import { createCustomer } from '../customers/index';
import { insertUser } from '../staff/index';

const emailTaken = () => new AppError('conflict', AUTH_API_MESSAGES.emailTaken, { email: [AUTH_API_MESSAGES.emailTaken] });

/**
 * Self-registration with an e-mail that already has an account at this courier: the answer says
 * nothing about that account, and its owner is mailed how to sign in (or that it was not them).
 */
async function mailOwnerOfTakenEmail(ctx: AppContext, courier: { id: number; name: string }, email: string): Promise<AppError> {
  const login = await ctx.mailer.link(courier.id, '/login');
  await ctx.mailer.enqueue({
    courierId: courier.id,
    to: email,
    subject: `Signing up at ${courier.name}`,
    text: [
      'Hello,',
      '',
      `Someone tried to create a ${courier.name} account with this e-mail address, which already has one.`,
      `If it was you, sign in here (or use "Forgot password" there): ${login}`,
      'If it was not you, you need do nothing: your account is unchanged.',
    ].join('\n'),
  });
  const message = AUTH_API_MESSAGES.registrationCheckEmail;
  return new AppError('conflict', message, { email: [message] });
}

async function activeBranchOf(db: Db, courierId: number, branchId: number) {
  const [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.courierId, courierId), eq(branches.active, true)))
    .limit(1);
  if (!branch) throw new AppError('bad_request', AUTH_API_MESSAGES.branchNotFound, { branchId: [AUTH_API_MESSAGES.branchNotFound] });
  return branch;
}

/** Until a courier has an active branch it takes no sign-ups (a new customer must choose one). */
async function refuseWithoutBranches(db: Db, courierId: number): Promise<void> {
  const [open] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.courierId, courierId), eq(branches.active, true)))
    .limit(1);
  if (!open) throw new AppError('unprocessable', AUTH_MESSAGES.notTakingSignUps);
}

/**
 * Self-registration of a customer (POST /customers/register). The courier comes from the api key
 * (else the courierId of the payload); the e-mail is unique within the courier; the customer gets
 * the courier's next mailbox number and is signed in.
 */
export async function registerCustomer(ctx: AppContext, input: z.output<typeof customerRegisterSchema>) {
  const courier = input.api_key ? await courierByApiKey(ctx.db, input.api_key) : await activeCourierById(ctx.db, input.courierId ?? 0);
  if (input.api_key && input.courierId !== undefined && input.courierId !== courier.id) {
    throw new AppError('bad_request', AUTH_API_MESSAGES.courierMismatch);
  }
  await refuseWithoutBranches(ctx.db, courier.id);
  await activeBranchOf(ctx.db, courier.id, input.branchId);
  const [existing] = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.courierId, courier.id), eq(sql`lower(${customers.email})`, input.email)))
    .limit(1);
  if (existing) throw await mailOwnerOfTakenEmail(ctx, courier, input.email);
  // A referral or coupon code counts at this courier only; an unknown one is refused on its field.
  const codes = await resolveSignUpCodes(ctx.db, courier.id, input);

  const passwordHash = await hashPassword(input.password);
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const row = await createCustomer(db, {
        courierId: courier.id,
        branchId: input.branchId,
        mailboxNumber: await nextMailboxNumber(db, courier.id, courier.code),
        ...customerColumns(input),
        couponCode: codes.couponCode,
        referralCode: codes.referralCode,
        referredById: codes.referredById,
        passwordHash,
        lastLoginAt: new Date(),
      });
      await enqueueWelcomeEmail(db, ctx.mailer, {
        courierId: courier.id,
        customer: { firstName: input.firstName, lastName: input.lastName, email: input.email, mailboxNumber: row.mailboxNumber },
      });
      return row.id;
    });
  } catch (error) {
    // Two registrations racing for one e-mail: the unique index decides.
    if (isUniqueViolation(error)) throw await mailOwnerOfTakenEmail(ctx, courier, input.email);
    throw error;
  }
  const token = await issueAccessToken(ctx, { kind: 'customer', id, role: 'customer', courierId: courier.id });
  return { token, customer: await customerProfile(ctx.db, id), message: AUTH_API_MESSAGES.registered };
}

/**
 * Staff-side registration: POST /auth/register (role admin) and POST /auth/staff/register (branch
 * manager or staff). Only the super admin (naming any courier) or a courier admin (their own) may.
 */
export async function registerStaffSide(
  ctx: AppContext,
  caller: AuthUser,
  input: z.output<typeof staffRegisterSchema>,
  kind: 'general' | 'staff',
) {
  let courierId: number;
  if (caller.role === 'super_admin') {
    if (!input.courierId) throw new AppError('bad_request', 'Choose a courier', { courierId: ['Choose a courier'] });
    courierId = input.courierId;
  } else if (caller.role === 'courier_admin' && caller.courierId !== null) {
    // Another courier's id is answered as if it did not exist.
    if (input.courierId !== undefined && input.courierId !== caller.courierId)
      throw new AppError('not_found', AUTH_API_MESSAGES.courierNotFound);
    courierId = caller.courierId;
  } else {
    throw new AppError('forbidden', 'You do not have permission to perform this action');
  }
  // The US agent holds no permission and no branch: its routes admit the role, nothing more.
  if (kind === 'staff' && input.role === 'agent' && (input.roleId || input.branchId))
    throw new AppError('bad_request', AUTH_API_MESSAGES.agentNoRole);
  const courier = await activeCourierById(ctx.db, courierId);
  if (input.branchId) await activeBranchOf(ctx.db, courier.id, input.branchId);
  if (input.roleId) {
    const [role] = await ctx.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.id, input.roleId), eq(roles.courierId, courier.id)))
      .limit(1);
    if (!role) throw new AppError('bad_request', 'Choose a role of this courier', { roleId: ['Choose a role of this courier'] });
  }
  const [existing] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email))
    .limit(1);
  if (existing) throw emailTaken();

  const role = kind === 'general' ? ('admin' as const) : (input.role ?? 'staff');
  const next = await grantedRights(ctx.db, courier.id, role, input.roleId);
  refuseIf(staffChangeRefusal({ actor: await actorRights(ctx.db, caller), next }));
  let id: number;
  try {
    id = await insertUser(ctx.db, {
      courierId: courier.id,
      branchId: input.branchId ?? null,
      role,
      roleId: input.roleId ?? null,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      username: input.username ?? null,
      phone: input.phone || null,
      passwordHash: await hashPassword(input.password),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await audit(ctx.db, { courierId: courier.id, actor: caller, action: 'user.registered', entity: 'user', entityId: id, details: { role } });
  const token = await issueAccessToken(ctx, { kind: 'user', id, role, courierId: courier.id });
  return { token, user: await staffProfile(ctx.db, id), message: AUTH_API_MESSAGES.registered };
}

/** A new customer's own details, as the registration wizard and the walk-in form both take them. */
export function customerColumns(input: {
  accountType: 'individual' | 'business';
  businessName?: string | null;
  title?: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  trn: string;
  address: string;
  parish: string;
  city: string;
  country: string;
}) {
  return {
    accountType: input.accountType,
    businessName: input.accountType === 'business' ? (input.businessName ?? null) : null,
    title: input.accountType === 'individual' ? input.title || null : null,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    trn: input.trn,
    address: input.address,
    parish: input.parish,
    city: input.city,
    country: input.country,
  };
}
