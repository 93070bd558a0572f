import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { AppError } from '../../lib/errors';

// The rows the cover module reads: a package in the caller's reach, its insurance choice.

export const PACKAGE_NOT_FOUND = 'Package not found';
/** Days before storage fees start that the customer is reminded. */
export const STORAGE_REMINDER_DAYS = 2;

export interface Who {
  courierId: number;
  /** Set when the caller is the customer: only their packages. */
  customerId: number | null;
}

export async function packageOf(db: Db, who: Who, packageId: number) {
  const [pkg] = await db
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.id, packageId),
        eq(packages.courierId, who.courierId),
        isNull(packages.voidedAt),
        who.customerId === null ? undefined : eq(packages.customerId, who.customerId),
      ),
    );
  if (!pkg) throw new AppError('not_found', PACKAGE_NOT_FOUND);
  return pkg;
}

export async function insureByDefault(db: Db, customerId: number | null): Promise<boolean> {
  if (customerId === null) return false;
  const [row] = await db.select({ v: customers.insureByDefault }).from(customers).where(eq(customers.id, customerId));
  return row?.v ?? false;
}

export async function onLiveInvoice(db: Db, courierId: number, packageId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoicePackages)
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(and(eq(invoicePackages.courierId, courierId), eq(invoicePackages.packageId, packageId), ne(invoices.status, 'void')))
    .limit(1);
  return row !== undefined;
}
