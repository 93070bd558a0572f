import { type SQL, and, eq } from 'drizzle-orm';
import { API_MESSAGES } from '@courier/shared/messages';
import { BILLING_MESSAGES } from '@courier/shared/schemas/billing';
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

/**
 * A courier's invoice by number, locked for a change in this transaction. A void invoice cannot
 * change (answered as `voidIs`: voiding it again is a conflict, anything else unprocessable).
 */
export async function lockInvoiceForChange(
  tx: Db,
  courierId: number,
  invoiceNo: string,
  voidIs: 'conflict' | 'unprocessable' = 'unprocessable',
): Promise<typeof invoices.$inferSelect> {
  const [inv] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.courierId, courierId), eq(invoices.invoiceNo, invoiceNo)))
    .for('update');
  if (!inv) throw new AppError('not_found', BILLING_MESSAGES.invoiceNotFound);
  if (inv.status === 'void') throw new AppError(voidIs, BILLING_MESSAGES.invoiceVoid);
  return inv;
}
