import { type SQL, eq } from 'drizzle-orm';
import { API_MESSAGES } from '@courier/shared/messages';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { courierScope } from '../../lib/courier-scope';

/** Which invoices a caller may see: a customer their own, staff their courier's, the super admin any. */
export interface InvoiceScope {
  courierId: number | null;
  customerId: number | null;
}

export function invoiceScope(user: AuthUser, requestedCourierId?: number): InvoiceScope {
  if (user.kind === 'customer') {
    if (user.courierId === null) throw new AppError('forbidden', API_MESSAGES.forbidden);
    return { courierId: user.courierId, customerId: user.id };
  }
  if (user.role === 'super_admin') return { courierId: requestedCourierId ?? null, customerId: null };
  return { courierId: courierScope(user), customerId: null };
}

export function scopeConditions(scope: InvoiceScope): SQL[] {
  const where: SQL[] = [];
  if (scope.courierId !== null) where.push(eq(invoices.courierId, scope.courierId));
  if (scope.customerId !== null) where.push(eq(invoices.customerId, scope.customerId));
  return where;
}

/** A staff member changing one invoice of their courier. */
export interface StaffChange {
  db: Db;
  courierId: number;
  actor: AuthUser;
  invoiceNo: string;
}
