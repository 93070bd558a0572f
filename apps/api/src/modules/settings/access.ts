import { hasPermission } from '@courier/shared/domain/permissions';
import { API_MESSAGES } from '@courier/shared/messages';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../lib/errors';
import { courierScope } from '../../lib/courier-scope';

export const COURIER_NOT_FOUND = 'Courier not found';

/**
 * The courier named in a path (`/couriers/{id}`, `settings/couriers/{id}`): the super admin may name
 * any; everyone else only their own, and another courier's id answers 404 as if it did not exist.
 */
export function ownCourier(user: AuthUser, courierId: number): number {
  if (user.role === 'super_admin') return courierId;
  if (user.courierId === null) throw new AppError('forbidden', API_MESSAGES.forbidden);
  if (user.courierId !== courierId) throw new AppError('not_found', COURIER_NOT_FOUND);
  return courierId;
}

/** The courier of a `/settings/...` call: the caller's own, or the one the super admin names. */
export function settingsCourier(user: AuthUser, requested?: number): number {
  return courierScope(user, requested);
}

/** Who reads a courier's settings whole (bank details, US addresses, contact): the super admin and settings_view. */
export const canReadCourierSettings = (user: AuthUser) => user.kind === 'user' && hasPermission(user, 'settings_view');
