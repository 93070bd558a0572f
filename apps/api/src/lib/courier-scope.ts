import { type AnyColumn, type SQL, eq } from 'drizzle-orm';
import { API_MESSAGES } from '@courier/shared/messages';
import type { AuthUser } from '../plugins/auth';
import { AppError } from './errors';

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
 * A row read by id must belong to the caller's courier; another courier's row answers 404, exactly
 * as a missing one does, so ids of other tenants reveal nothing.
 */
export function assertCourierRow<T extends { courierId: number | null }>(user: AuthUser, row: T | undefined, notFound: string): T {
  if (!row) throw new AppError('not_found', notFound);
  if (user.role !== 'super_admin' && row.courierId !== user.courierId) throw new AppError('not_found', notFound);
  return row;
}
