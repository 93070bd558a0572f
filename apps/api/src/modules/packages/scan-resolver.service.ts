import { and, eq, inArray, sql } from 'drizzle-orm';
import { SCAN_MESSAGES, type ScanCode, classifyScan } from '@courier/shared/domain/scan';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
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
  /** A voided package the code names when no live one does (its tracking number is free again). */
  voided?: PackageRow | null;
  customer: { id: number; branchId: number | null; mailboxNumber: string } | null;
}

/** A screen that found only a voided package says so (409), instead of "Nothing found". */
export function refuseVoided(found: ResolvedScan): void {
  const v = found.voided?.pkg;
  if (v) throw new AppError('conflict', SCAN_MESSAGES.voided(v.packageNumber, v.voidReason));
}

/**
 * The query behind every scan: the courier's packages the code names, live ones first. It reads
 * voided ones too, so it needs the full (courier, tracking number) index, not the live-only one.
 */
export function packageLookup(db: Db, courierId: number, code: ScanCode) {
  const compact = code.value.replace(/-/g, '');
  const match =
    code.kind === 'package_number'
      ? eq(packages.packageNumber, code.value)
      : // A code that looked like a mailbox may still be an odd carrier's tracking number.
        inArray(packages.trackingNumber, compact === code.value ? [compact] : [compact, code.value]);
  return selectPackages(db)
    .where(and(eq(packages.courierId, courierId), match))
    .orderBy(sql`${packages.voidedAt} is not null`, sql`${packages.voidedAt} desc`, packages.pieceNumber)
    .limit(1);
}

/** The package a classified code names within the courier: a live one first, else a voided one. */
async function packageOf(db: Db, courierId: number, code: ScanCode): Promise<{ pkg: PackageRow | null; voided: PackageRow | null }> {
  // A voided package (received by mistake) is found only to say so; its tracking number is free again.
  const [row] = await packageLookup(db, courierId, code);
  if (!row) return { pkg: null, voided: null };
  return row.pkg.voidedAt ? { pkg: null, voided: row } : { pkg: row, voided: null };
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
    const found = await packageOf(db, courierId, code);
    const asTracking: ScanCode = { kind: 'tracking', value: code.value.replace(/-/g, ''), carrier: 'OTHER' };
    return { code: found.pkg || found.voided ? asTracking : code, ...found, customer: null };
  }
  return { code, ...(await packageOf(db, courierId, code)), customer: null };
}
