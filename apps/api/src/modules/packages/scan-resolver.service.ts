import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { type ScanCode, classifyScan } from '@courier/shared/domain/scan';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { packages } from '../../db/schema/packages';
import { type PackageRow, selectPackages } from './package-rows.service';

/**
 * What a scan found within one courier: our package (by its number or its carrier's tracking
 * number) or a customer (by mailbox), and which kind of code it was. Every screen that takes a
 * scan asks here, so none of them compares a normalised string with `package_number` again.
 */
export interface ResolvedScan {
  /** Null when the text cannot be any code of ours. */
  code: ScanCode | null;
  pkg: PackageRow | null;
  customer: { id: number; branchId: number | null; mailboxNumber: string } | null;
}

/** The package a classified code names, within the courier. */
async function packageOf(db: Db, courierId: number, code: ScanCode): Promise<PackageRow | null> {
  const compact = code.value.replace(/-/g, '');
  const match =
    code.kind === 'package_number'
      ? eq(packages.packageNumber, code.value)
      : // A code that looked like a mailbox may still be an odd carrier's tracking number.
        or(eq(packages.trackingNumber, compact), eq(packages.trackingNumber, code.value));
  const [row] = await selectPackages(db)
    // A voided package (received by mistake) is no longer ours to find; its tracking number is free again.
    .where(and(eq(packages.courierId, courierId), isNull(packages.voidedAt), match))
    .limit(1);
  return row ?? null;
}

/** The customer whose mailbox number this is, within the courier (any case, hyphen or not). */
export async function customerByMailbox(db: Db, courierId: number, raw: string) {
  const code = classifyScan(raw);
  const mailbox = code?.kind === 'mailbox' ? code.value : raw.trim().toUpperCase();
  const [row] = await db
    .select({ id: customers.id, branchId: customers.branchId, mailboxNumber: customers.mailboxNumber })
    .from(customers)
    .where(and(eq(customers.courierId, courierId), sql`upper(${customers.mailboxNumber}) = ${mailbox}`))
    .limit(1);
  return row ?? null;
}

export async function resolveScan(db: Db, courierId: number, raw: string): Promise<ResolvedScan> {
  const code = classifyScan(raw);
  if (!code) return { code: null, pkg: null, customer: null };
  if (code.kind === 'mailbox') {
    const customer = await customerByMailbox(db, courierId, code.value);
    if (customer) return { code, pkg: null, customer };
    // Not a customer of ours: it may be a tracking number with a hyphen (ABC-12345).
    const pkg = await packageOf(db, courierId, code);
    const asTracking: ScanCode = { kind: 'tracking', value: code.value.replace(/-/g, ''), carrier: 'OTHER' };
    return { code: pkg ? asTracking : code, pkg, customer: null };
  }
  return { code, pkg: await packageOf(db, courierId, code), customer: null };
}
