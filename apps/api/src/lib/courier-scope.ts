import { type AnyColumn, type SQL, eq, sql } from 'drizzle-orm';
import { API_MESSAGES } from '@courier/shared/messages';
import { couriers } from '../db/schema/couriers';
import type { AuthUser } from '../plugins/auth';
import { AppError } from './errors';

// Which courier's data a call may touch: the one place that decides it. Courier-bound callers
// (staff, customers) get their own courier; only the super admin reaches others.

/**
 * The courier whose data a call may touch. Courier-bound callers always get their own courier;
 * the super admin must name one (e.g. `?courierId=`), and may name any.
 */
export function courierScope(user: AuthUser, requested?: number | null): number {
  if (user.role === 'super_admin') {
    if (!requested) throw new AppError('bad_request', 'Choose a courier');
    return requested;
  }
  if (user.courierId === null) throw new AppError('forbidden', API_MESSAGES.forbidden);
  return user.courierId;
}

/** The courier of a list; null means every courier (only the super admin, when they name none). */
export function listScope(user: AuthUser, requested?: number): number | null {
  if (user.role === 'super_admin') return requested ?? null;
  if (user.courierId === null) throw new AppError('forbidden', API_MESSAGES.forbidden);
  return user.courierId;
}

/** The courier of a call on one record; the super admin may reach any (null). */
export function recordScope(user: AuthUser): number | null {
  return user.role === 'super_admin' ? null : listScope(user);
}

/** The courier of a caller who must have one (a customer, a courier's staff); none is refused. */
export function courierOf(user: AuthUser): number {
  if (user.courierId === null) throw new AppError('bad_request', 'Choose a courier');
  return user.courierId;
}

/** The courier of a caller's own work (their clock): the super admin has none and is refused. */
export function ownCourier(user: AuthUser): number {
  if (user.courierId === null) throw new AppError('forbidden', API_MESSAGES.forbidden);
  return user.courierId;
}

/**
 * The courier condition of a list: courier-bound callers see only their own courier; the super
 * admin sees every courier, or the one named by the `courierId` filter.
 */
export function courierListCondition(user: AuthUser, column: AnyColumn, requested?: number): SQL | undefined {
  if (user.role === 'super_admin') return requested ? eq(column, requested) : undefined;
  if (user.courierId === null) throw new AppError('forbidden', API_MESSAGES.forbidden);
  return eq(column, user.courierId);
}

/**
 * The rows of one courier, or of every courier (null). Every courier is the list of couriers rather
 * than no condition: PostgreSQL then searches an index led by courier_id courier by courier, for
 * the rows in range alone (this month's, the ready ones), where it would read the whole table (it
 * has no skip scan). Each row has a courier (NOT NULL, a foreign key), so the rows are the same.
 */
export function ofCourier(column: AnyColumn, courierId: number | null): SQL {
  return courierId === null ? sql`${column} = any(array(select ${couriers.id} from ${couriers}))` : eq(column, courierId);
}

/**
 * A row read by id must belong to the caller's courier; another courier's row answers 404, exactly
 * as a missing one does, so ids of other tenants reveal nothing.
 */
export function assertCourierRow<T extends { courierId: number | null }>(user: AuthUser, row: T | undefined, notFound: string): T {
  if (!row) throw new AppError('not_found', notFound);
  if (user.role !== 'super_admin' && row.courierId !== user.courierId) throw new AppError('not_found', notFound);
  return row;
}

export const COURIER_NOT_FOUND = 'Courier not found';

/**
 * The courier named in a path (`/couriers/{id}`, `settings/couriers/{id}`): the super admin may name
 * any; everyone else only their own, and another courier's id answers 404 as if it did not exist.
 */
export function courierInPath(user: AuthUser, courierId: number): number {
  if (user.role === 'super_admin') return courierId;
  if (user.courierId === null) throw new AppError('forbidden', API_MESSAGES.forbidden);
  if (user.courierId !== courierId) throw new AppError('not_found', COURIER_NOT_FOUND);
  return courierId;
}
