import { type SQL, and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { hasPermission } from '@courier/shared/domain/permissions';
import { SEARCH_LIMIT_PER_KIND, type SearchResult } from '@courier/shared/schemas/search';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import type { AuthUser } from '../../plugins/auth';
import { customerNameSql } from '../packages/index';

const NOTHING: SearchResult = { packages: [], customers: [], invoices: [] };

/**
 * The numbers a query may mean: as typed, in capitals, and a bare number as the courier's
 * `PKG-000123` / `INV-000123`. Exact numbers keep every lookup on the (courier, number) indexes.
 */
export function numberCandidates(q: string, prefix: 'PKG' | 'INV'): string[] {
  const values = new Set([q, q.toUpperCase()]);
  if (/^\d{1,9}$/.test(q)) values.add(`${prefix}-${q.padStart(6, '0')}`);
  return [...values];
}

/** `%` and `_` typed by the person are letters, not wildcards. */
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The couriers a caller searches: their own, or every courier for the super admin (listed, so
 * each lookup still starts with the courier column of its index).
 */
async function courierIdsOf(db: Db, user: AuthUser): Promise<number[]> {
  if (user.role === 'super_admin') return (await db.select({ id: couriers.id }).from(couriers)).map((c) => c.id);
  return user.courierId === null ? [] : [user.courierId];
}

/**
 * The command palette's lookup: packages by package or tracking number, customers by mailbox
 * number or name, invoices by number. Staff see a kind only with its view permission, customers
 * only their own packages and invoices, and nobody another courier's records.
 */
export async function search(db: Db, user: AuthUser, q: string): Promise<SearchResult> {
  if (q === '') return NOTHING;
  const courierIds = await courierIdsOf(db, user);
  if (courierIds.length === 0) return NOTHING;
  const customer = user.kind === 'customer';
  const inCourier = (column: typeof packages.courierId | typeof customers.courierId | typeof invoices.courierId) =>
    courierIds.length === 1 ? eq(column, courierIds[0] as number) : inArray(column, courierIds);

  const canSee = (permission: string) => customer || hasPermission(user, permission);
  const [foundPackages, foundCustomers, foundInvoices] = await Promise.all([
    canSee('packages_view') ? findPackages(db, q, inCourier(packages.courierId), customer ? user.id : null) : [],
    !customer && hasPermission(user, 'customers_view') ? findCustomers(db, q, inCourier(customers.courierId)) : [],
    canSee('invoices_view') ? findInvoices(db, q, inCourier(invoices.courierId), customer ? user.id : null) : [],
  ]);
  return { packages: foundPackages, customers: foundCustomers, invoices: foundInvoices };
}

async function findPackages(db: Db, q: string, scope: SQL, customerId: number | null) {
  const numbers = numberCandidates(q, 'PKG');
  return db
    .select({
      id: packages.id,
      courierId: packages.courierId,
      packageNumber: packages.packageNumber,
      trackingNumber: packages.trackingNumber,
      customerName: customerNameSql,
    })
    .from(packages)
    .leftJoin(customers, eq(customers.id, packages.customerId))
    .where(
      and(
        scope,
        isNull(packages.voidedAt),
        customerId === null ? undefined : eq(packages.customerId, customerId),
        or(inArray(packages.packageNumber, numbers), inArray(packages.trackingNumber, numbers)),
      ),
    )
    .orderBy(desc(packages.receivedAt))
    .limit(SEARCH_LIMIT_PER_KIND);
}

async function findCustomers(db: Db, q: string, scope: SQL) {
  const byName = q.length >= 2 ? ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, `%${escapeLike(q)}%`) : undefined;
  const rows = await db
    .select({
      id: customers.id,
      courierId: customers.courierId,
      mailboxNumber: customers.mailboxNumber,
      name: customerNameSql,
      businessName: customers.businessName,
      accountType: customers.accountType,
    })
    .from(customers)
    .where(
      and(
        scope,
        or(
          inArray(customers.mailboxNumber, [q, q.toUpperCase()]),
          byName,
          q.length >= 2 ? ilike(customers.businessName, `%${escapeLike(q)}%`) : undefined,
        ),
      ),
    )
    // A mailbox typed exactly comes first.
    .orderBy(sql`${customers.mailboxNumber} <> ${q.toUpperCase()}`, asc(customers.lastName), asc(customers.firstName))
    .limit(SEARCH_LIMIT_PER_KIND);
  return rows.map(({ businessName, name, ...r }) => ({ ...r, name: businessName ?? name ?? '' }));
}

async function findInvoices(db: Db, q: string, scope: SQL, customerId: number | null) {
  return db
    .select({ invoiceNo: invoices.invoiceNo, courierId: invoices.courierId, customerName: customerNameSql })
    .from(invoices)
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .where(
      and(
        scope,
        customerId === null ? undefined : eq(invoices.customerId, customerId),
        inArray(invoices.invoiceNo, numberCandidates(q, 'INV')),
      ),
    )
    .orderBy(desc(invoices.issuedAt))
    .limit(SEARCH_LIMIT_PER_KIND);
}
