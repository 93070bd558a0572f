import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';

// What a package call runs with: its services, and the courier a staff member works in.

export interface Services {
  db: Db;
  mailer: Mailer;
}

/** The courier a staff call works in; null means every courier (only the super admin, only for lists). */
export function listScope(user: AuthUser, requested?: number): number | null {
  if (user.role === 'super_admin') return requested ?? null;
  if (user.courierId === null) throw new AppError('forbidden', 'You do not have permission to perform this action');
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
