import { and, eq, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS } from '@courier/shared/constants/permissions';
import { DEFAULT_TIME_ZONE } from '@courier/shared/domain/datetime';
import type { Role } from '@courier/shared/constants/roles';
import {
  AUTH_API_MESSAGES,
  AUTH_MESSAGES,
  type CustomerProfile,
  type StaffProfile,
  type customerLoginSchema,
  type loginSchema,
} from '@courier/shared/schemas/auth';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { roles } from '../../db/schema/roles';
import { twoFactorSecrets } from '../../db/schema/two-factor';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords';
import { type AccountKind, subjectOf } from '../../lib/tokens';
import { markCustomerSignedIn } from '../customers/index';
import { markUserSignedIn } from '../staff/index';
import { secondStep } from './two-factor.service';

/** Courier admins and general admins hold every permission inside their courier (as the auth plugin). */
const COURIER_WIDE_ROLES: ReadonlySet<string> = new Set(['super_admin', 'courier_admin', 'admin']);

/** Which staff-side roles each sign-in page lets in. */
export const PORTAL_ROLES = {
  admin: ['courier_admin', 'admin'],
  staff: ['branch_manager', 'staff', 'agent'],
  super_admin: ['super_admin'],
} as const satisfies Record<string, readonly Role[]>;
export type Portal = keyof typeof PORTAL_ROLES;

const lower = (column: typeof users.email | typeof customers.email) => sql`lower(${column})`;

function courierBrief(row: {
  id: number | null;
  name: string | null;
  code: string | null;
  logoUrl: string | null;
  accentColor: string | null;
}) {
  if (row.id === null || row.name === null || row.code === null) return null;
  return { id: row.id, name: row.name, code: row.code, logo_url: row.logoUrl, accent_color: row.accentColor };
}

/** The staff-side account with what its profile shows; `where` picks the account. */
/** Whether the account has two-step sign-in on: read with the account, so a sign-in stays one statement. */
function twoFactorOn(kind: AccountKind, id: typeof users.id | typeof customers.id) {
  return sql<boolean>`exists (select 1 from ${twoFactorSecrets} where ${twoFactorSecrets.accountKind} = ${kind} and ${twoFactorSecrets.accountId} = ${id} and ${twoFactorSecrets.enabledAt} is not null)`;
}

function selectStaffProfile(db: Db, options: { signIn?: boolean } = {}) {
  return db
    .select({
      ...(options.signIn ? { twoFactorOn: twoFactorOn('user', users.id), courierRequiresTwoFactor: couriers.requireStaffTwoFactor } : {}),
      user: users,
      rolePermissions: roles.permissions,
      courierId: couriers.id,
      courierName: couriers.name,
      courierCode: couriers.code,
      courierLogo: couriers.logoUrl,
      courierAccent: couriers.accentColor,
      courierTimeZone: couriers.timeZone,
      courierStatus: couriers.status,
      branchId: branches.id,
      branchName: branches.name,
    })
    .from(users)
    .leftJoin(roles, and(eq(roles.id, users.roleId), eq(roles.courierId, users.courierId)))
    .leftJoin(couriers, eq(couriers.id, users.courierId))
    .leftJoin(branches, eq(branches.id, users.branchId));
}
type StaffProfileRow = Awaited<ReturnType<ReturnType<typeof selectStaffProfile>['execute']>>[number];

function toStaffProfile(row: StaffProfileRow, impersonated: boolean): StaffProfile {
  const { user } = row;
  const permissions = COURIER_WIDE_ROLES.has(user.role) ? [...ALL_PERMISSIONS] : (row.rolePermissions ?? []);
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    username: user.username,
    avatarUrl: user.avatarUrl,
    phone: user.phone,
    role: { name: user.role, permissions },
    permissions,
    courier: courierBrief({
      id: row.courierId,
      name: row.courierName,
      code: row.courierCode,
      logoUrl: row.courierLogo,
      accentColor: row.courierAccent,
    }),
    branch: row.branchId !== null && row.branchName !== null ? { id: row.branchId, name: row.branchName } : null,
    impersonated,
    timeZone: row.courierTimeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** The staff-side profile (GET /auth/profile). */
export async function staffProfile(db: Db, userId: number, impersonated = false): Promise<StaffProfile> {
  const [row] = await selectStaffProfile(db).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError('not_found', AUTH_API_MESSAGES.userNotFound);
  return toStaffProfile(row, impersonated);
}

/** The customer account with what its profile shows; `where` picks the account. */
function selectCustomerProfile(db: Db) {
  return db
    .select({ customer: customers, courier: couriers, branchName: branches.name })
    .from(customers)
    .innerJoin(couriers, eq(couriers.id, customers.courierId))
    .leftJoin(branches, eq(branches.id, customers.branchId));
}

function toCustomerProfile(row: {
  customer: typeof customers.$inferSelect;
  courier: typeof couriers.$inferSelect;
  branchName: string | null;
}) {
  const c = row.customer;
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    accountType: c.accountType,
    businessName: c.businessName,
    title: c.title,
    mailboxNumber: c.mailboxNumber,
    phone: c.phone,
    trn: c.trn,
    address: c.address,
    parish: c.parish,
    city: c.city,
    country: c.country,
    avatarUrl: c.avatarUrl,
    branch: c.branchId !== null && row.branchName !== null ? { id: c.branchId, name: row.branchName } : null,
    courier: {
      id: row.courier.id,
      name: row.courier.name,
      code: row.courier.code,
      logo_url: row.courier.logoUrl,
      accent_color: row.courier.accentColor,
    },
    timeZone: row.courier.timeZone,
    role: 'customer',
    createdAt: c.createdAt.toISOString(),
  } satisfies CustomerProfile;
}

/** The customer profile (GET /customers/profile). */
export async function customerProfile(db: Db, customerId: number): Promise<CustomerProfile> {
  const [row] = await selectCustomerProfile(db).where(eq(customers.id, customerId)).limit(1);
  if (!row) throw new AppError('not_found', AUTH_API_MESSAGES.userNotFound);
  return toCustomerProfile(row);
}

/** How long a new sign-in lasts: REMEMBER_ME_TTL_DAYS with Remember me, else TOKEN_TTL_HOURS. */
export function signInTtlSeconds(ctx: AppContext, remember: boolean | undefined): number | undefined {
  return remember ? ctx.config.REMEMBER_ME_TTL_DAYS * 86_400 : undefined;
}

/** An access token for an account, valid TOKEN_TTL_HOURS (or less for impersonated sessions). */
export async function issueAccessToken(
  ctx: AppContext,
  account: { kind: AccountKind; id: number; role: Role; courierId: number | null },
  options: { impersonatorId?: number; ttlSeconds?: number } = {},
): Promise<string> {
  const { token } = await ctx.tokens.sign(
    {
      sub: subjectOf(account.kind, account.id),
      role: account.role,
      type: 'access',
      courierId: account.courierId,
      ...(options.impersonatorId ? { impersonatorId: options.impersonatorId } : {}),
    },
    options.ttlSeconds ?? ctx.config.TOKEN_TTL_HOURS * 3600,
  );
  return token;
}

/** The courier behind an api key: 404 when unknown, 401 when suspended (the registration page's messages depend on it). */
export async function courierByApiKey(db: Db, apiKey: string) {
  const [courier] = await db.select().from(couriers).where(eq(couriers.apiKey, apiKey)).limit(1);
  if (!courier) throw new AppError('not_found', AUTH_API_MESSAGES.courierNotFound);
  if (courier.status !== 'active') throw new AppError('unauthenticated', AUTH_API_MESSAGES.courierSuspended);
  return courier;
}

export async function activeCourierById(db: Db, courierId: number) {
  const [courier] = await db.select().from(couriers).where(eq(couriers.id, courierId)).limit(1);
  if (!courier) throw new AppError('not_found', AUTH_API_MESSAGES.courierNotFound);
  if (courier.status !== 'active') throw new AppError('unauthenticated', AUTH_API_MESSAGES.courierSuspended);
  return courier;
}

const invalidCredentials = () => new AppError('unauthenticated', AUTH_API_MESSAGES.invalidCredentials);

/**
 * Signs a staff-side account in at one of the three staff-side pages. The password is checked
 * first (against a dummy hash when the e-mail is unknown, so both take the same time), then
 * whether this page is the right one for the account's role. The account, its courier's state
 * and its profile come in one statement; the sign-in time is written in a second.
 */
export async function loginStaff(ctx: AppContext, input: z.output<typeof loginSchema>, portal: Portal) {
  const [row] = await selectStaffProfile(ctx.db, { signIn: true })
    .where(eq(lower(users.email), input.email))
    .limit(1);
  const user = row?.user;
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!row || !user || !ok) throw invalidCredentials();
  if (!user.active) throw new AppError('unauthenticated', AUTH_API_MESSAGES.accountInactive);
  const allowed: readonly Role[] = PORTAL_ROLES[portal];
  if (!allowed.includes(user.role)) {
    throw new AppError('forbidden', portal === 'super_admin' ? AUTH_MESSAGES.noPermissionArea : AUTH_API_MESSAGES.wrongLogin);
  }
  if (user.courierId !== null) {
    if (row.courierId === null) throw new AppError('not_found', AUTH_API_MESSAGES.courierNotFound);
    if (row.courierStatus !== 'active') throw new AppError('unauthenticated', AUTH_API_MESSAGES.courierSuspended);
  }
  const challenge = await secondStep(ctx, { kind: 'user', id: user.id, role: user.role, courierId: user.courierId }, input.remember, {
    on: row.twoFactorOn ?? false,
    required: row.courierRequiresTwoFactor ?? false,
  });
  if (challenge) return challenge;
  return staffSession(ctx, user, input.remember, toStaffProfile(row, false));
}

/** A staff-side session after every step of the sign-in (the profile read again unless given). */
export async function staffSession(
  ctx: AppContext,
  user: { id: number; role: Role; courierId: number | null },
  remember: boolean | undefined,
  profile?: StaffProfile,
) {
  await markUserSignedIn(ctx.db, user.id);
  const token = await issueAccessToken(
    ctx,
    { kind: 'user', id: user.id, role: user.role, courierId: user.courierId },
    { ttlSeconds: signInTtlSeconds(ctx, remember) },
  );
  return { token, user: profile ?? (await staffProfile(ctx.db, user.id)), message: AUTH_API_MESSAGES.loginSuccess };
}

/**
 * Signs a customer in, on whichever courier's page they came to (docs/decisions/016-courier-links.md).
 * With an api key that courier's account with this e-mail is tried; when that courier has none,
 * the accounts of every active courier with this e-mail are, as without a key (one person may use
 * two couriers): a customer who followed an old link, or finds another courier as the platform's
 * default, still signs in to their own account, and the answer's profile names their courier,
 * whose brand the app then shows. The key's courier, the accounts and their profiles come in one
 * statement (the key's courier's accounts first); the sign-in time is written in a second.
 */
/**
 * A customer signs in with their courier's api key, on their courier's approved host name, or (on
 * the platform's own address, without a key) by e-mail alone. `domainCourierId` is the courier
 * whose approved host name the request came to.
 */
export async function loginCustomer(ctx: AppContext, input: z.output<typeof customerLoginSchema>, domainCourierId: number | null = null) {
  const key = input.api_key ?? null;
  const keyCourier = (column: typeof couriers.id | typeof couriers.status) =>
    sql`(select ${column} from ${couriers} where ${couriers.apiKey} = ${key})`;
  const rows = await ctx.db
    .select({
      customer: customers,
      courier: couriers,
      branchName: branches.name,
      keyCourierId: sql<number | null>`${keyCourier(couriers.id)}`,
      keyCourierStatus: sql<string | null>`${keyCourier(couriers.status)}`,
      twoFactorOn: twoFactorOn('customer', customers.id),
    })
    .from(customers)
    .innerJoin(couriers, eq(couriers.id, customers.courierId))
    .leftJoin(branches, eq(branches.id, customers.branchId))
    .where(and(eq(lower(customers.email), input.email), eq(couriers.status, 'active')))
    .orderBy(sql`${customers.courierId} = ${keyCourier(couriers.id)} desc nulls last`, customers.id)
    .limit(5);
  if (key !== null) {
    // No account on any active courier: the key's courier is read alone for its own answer.
    const [first] = rows;
    if (!first) await courierByApiKey(ctx.db, key);
    else if (first.keyCourierId === null) throw new AppError('not_found', AUTH_API_MESSAGES.courierNotFound);
    else if (first.keyCourierStatus !== 'active') throw new AppError('unauthenticated', AUTH_API_MESSAGES.courierSuspended);
  }
  // On a courier's own domain without a key, only that courier's customers: never another's session there.
  const here = key === null && domainCourierId !== null ? rows.filter((r) => r.customer.courierId === domainCourierId) : rows;
  const ofKey = here.filter((r) => r.customer.courierId === r.keyCourierId);
  const candidates = ofKey.length > 0 ? ofKey : here;
  let match: (typeof candidates)[number] | undefined;
  if (candidates.length === 0) await verifyPassword(await dummyPasswordHash(), input.password);
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.customer.passwordHash, input.password)) {
      match = candidate;
      break;
    }
  }
  if (!match) throw invalidCredentials();
  const { customer } = match;
  if (!customer.active) throw new AppError('unauthenticated', AUTH_API_MESSAGES.accountInactive);
  const account = { id: customer.id, courierId: customer.courierId };
  const challenge = await secondStep(ctx, { kind: 'customer', role: 'customer', ...account }, input.remember, {
    on: match.twoFactorOn,
    required: false,
  });
  if (challenge) return challenge;
  return customerSession(ctx, account, input.remember, toCustomerProfile(match));
}

/** A customer session after every step of the sign-in (the profile read again unless given). */
export async function customerSession(
  ctx: AppContext,
  match: { id: number; courierId: number },
  remember: boolean | undefined,
  profile?: CustomerProfile,
) {
  await markCustomerSignedIn(ctx.db, match.id);
  const token = await issueAccessToken(
    ctx,
    { kind: 'customer', id: match.id, role: 'customer', courierId: match.courierId },
    { ttlSeconds: signInTtlSeconds(ctx, remember) },
  );
  return { token, customer: profile ?? (await customerProfile(ctx.db, match.id)), message: AUTH_API_MESSAGES.loginSuccess };
}
