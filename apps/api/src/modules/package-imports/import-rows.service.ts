import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type ImportMapping, type ImportValues, IMPORT_MESSAGES, checkImportRow, nameKey } from '@courier/shared/domain/package-import';
import type { ImportCounts, ImportOutcome, ImportRowResult } from '@courier/shared/schemas/package-imports';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { packages } from '../../db/schema/packages';
import { preAlerts } from '../../db/schema/pre-alerts';
import type { StoredImportRow } from '../../db/schema/package-imports';

/** What the import does with one row: its checked values, the customer and pre-alert it goes to. */
export interface PlannedRow {
  result: ImportRowResult;
  values: ImportValues | null;
  customer: { id: number; branchId: number | null } | null;
  preAlert: {
    id: number;
    invoicePath: string | null;
    shopRequestId: number | null;
    declaredValueUsdCents: number;
    description: string;
    merchant: string;
  } | null;
  unknownNote: string | null;
  /** Set when the import wrote the package. */
  packageId?: number;
}

type CustomerRow = { id: number; branchId: number | null; mailboxNumber: string; firstName: string; lastName: string };

/** IN lists are sent in slices: a 5,000-row file is a handful of statements, not one huge one. */
const SLICE = 1000;
async function sliced<T, R>(items: T[], run: (slice: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += SLICE) out.push(...(await run(items.slice(i, i + SLICE))));
  return out;
}

const label = (c: CustomerRow) => `${c.mailboxNumber} ${c.firstName} ${c.lastName}`;

/**
 * Checks every row of a file against the mapping and the courier's data: bad values, the same
 * tracking number twice in the file, one the courier already received, the customer by mailbox
 * (else by consignee name, when exactly one customer has it), and a pending pre-alert. The
 * preview shows this; the import does it again at its moment, so it never trusts a stale preview.
 */
export async function planRows(
  db: Db,
  courierId: number,
  headers: string[],
  rows: StoredImportRow[],
  mapping: ImportMapping,
  today: string,
): Promise<PlannedRow[]> {
  const checked = rows.map((r) => {
    const cells: Record<string, string> = {};
    headers.forEach((h, i) => {
      cells[h] = r.cells[i] ?? '';
    });
    return { row: r.row, check: checkImportRow(cells, mapping, today) };
  });
  const valid = checked.flatMap((c) => (c.check.ok ? [c.check.values] : []));
  const trackings = [...new Set(valid.map((v) => v.trackingNumber))];
  const mailboxes = [...new Set(valid.flatMap((v) => (v.mailbox ? [v.mailbox] : [])))];
  const names = [...new Set(valid.flatMap((v) => (v.consignee ? [nameKey(v.consignee)] : [])))];

  const existing = new Map(
    (
      await sliced(trackings, (slice) =>
        db
          .select({ trackingNumber: packages.trackingNumber, packageNumber: packages.packageNumber })
          .from(packages)
          .where(and(eq(packages.courierId, courierId), inArray(packages.trackingNumber, slice), isNull(packages.voidedAt))),
      )
    ).map((p) => [p.trackingNumber, p.packageNumber]),
  );
  const customerCols = {
    id: customers.id,
    branchId: customers.branchId,
    mailboxNumber: customers.mailboxNumber,
    firstName: customers.firstName,
    lastName: customers.lastName,
  };
  const byMailbox = new Map(
    (
      await sliced(mailboxes, (slice) =>
        db
          .select(customerCols)
          .from(customers)
          .where(and(eq(customers.courierId, courierId), inArray(sql`upper(${customers.mailboxNumber})`, slice))),
      )
    ).map((c) => [c.mailboxNumber.toUpperCase(), c]),
  );
  const fullName = sql<string>`lower(regexp_replace(trim(${customers.firstName}) || ' ' || trim(${customers.lastName}), '\\s+', ' ', 'g'))`;
  const byName = new Map<string, CustomerRow[]>();
  for (const c of await sliced(names, (slice) =>
    db
      .select({ ...customerCols, key: fullName })
      .from(customers)
      .where(and(eq(customers.courierId, courierId), inArray(fullName, slice))),
  )) {
    byName.set(c.key, [...(byName.get(c.key) ?? []), c]);
  }
  const pending = new Map<string, PlannedRow['preAlert'] & { customerId: number; createdAt: Date }>();
  for (const p of await sliced(trackings, (slice) =>
    db
      .select({
        id: preAlerts.id,
        customerId: preAlerts.customerId,
        trackingNumber: preAlerts.trackingNumber,
        invoicePath: preAlerts.invoicePath,
        shopRequestId: preAlerts.shopRequestId,
        declaredValueUsdCents: preAlerts.declaredValueUsdCents,
        description: preAlerts.description,
        merchant: preAlerts.merchant,
        createdAt: preAlerts.createdAt,
      })
      .from(preAlerts)
      .where(and(eq(preAlerts.courierId, courierId), eq(preAlerts.status, 'pending'), inArray(preAlerts.trackingNumber, slice))),
  )) {
    // The newest pending pre-alert of a tracking number, as at the scan station.
    const had = pending.get(p.trackingNumber);
    if (!had || had.createdAt < p.createdAt) pending.set(p.trackingNumber, p);
  }
  const preAlertCustomers = new Map(
    (
      await sliced([...new Set([...pending.values()].map((p) => p.customerId))], (slice) =>
        db.select(customerCols).from(customers).where(inArray(customers.id, slice)),
      )
    ).map((c) => [c.id, c]),
  );

  const firstRowOf = new Map<string, number>();
  return checked.map(({ row, check }): PlannedRow => {
    const base = { row, customer: null, preAlertMatched: false, packageNumber: null };
    if (!check.ok) {
      return {
        result: { ...base, trackingNumber: check.trackingNumber, outcome: 'invalid', messages: check.errors },
        values: null,
        customer: null,
        preAlert: null,
        unknownNote: null,
      };
    }
    const v = check.values;
    const skip = (outcome: ImportOutcome, message: string, packageNumber: string | null = null): PlannedRow => ({
      result: { ...base, trackingNumber: v.trackingNumber, outcome, packageNumber, messages: [message] },
      values: v,
      customer: null,
      preAlert: null,
      unknownNote: null,
    });
    const first = firstRowOf.get(v.trackingNumber);
    if (first !== undefined) return skip('duplicate_in_file', IMPORT_MESSAGES.duplicateInFile(first));
    firstRowOf.set(v.trackingNumber, row);
    const had = existing.get(v.trackingNumber);
    if (had) return skip('already_received', IMPORT_MESSAGES.alreadyReceived(had), had);

    let customer: CustomerRow | undefined;
    let note: string | null = null;
    if (v.mailbox) {
      customer = byMailbox.get(v.mailbox);
      if (!customer) note = IMPORT_MESSAGES.mailboxUnknown(v.mailbox);
    }
    if (!customer && v.consignee) {
      const named = byName.get(nameKey(v.consignee)) ?? [];
      if (named.length === 1) {
        customer = named[0];
        note = null;
      } else if (!note) {
        note = named.length > 1 ? IMPORT_MESSAGES.consigneeAmbiguous(v.consignee) : IMPORT_MESSAGES.consigneeUnknown(v.consignee);
      }
    }
    if (!v.mailbox && !v.consignee) note = IMPORT_MESSAGES.noCustomer;
    const pre = pending.get(v.trackingNumber);
    // A pre-alert names the customer when the file does not; a pre-alert of someone else is left alone.
    const preAlert = pre && (!customer || customer.id === pre.customerId) ? pre : undefined;
    if (!customer && preAlert) {
      customer = preAlertCustomers.get(preAlert.customerId);
      note = null;
    }
    return {
      result: {
        ...base,
        trackingNumber: v.trackingNumber,
        outcome: customer ? 'received' : 'unknown',
        customer: customer ? label(customer) : null,
        preAlertMatched: Boolean(preAlert),
        messages: [...(note ? [note] : []), ...check.warnings],
      },
      values: v,
      customer: customer ? { id: customer.id, branchId: customer.branchId } : null,
      preAlert: preAlert ?? null,
      unknownNote: note,
    };
  });
}

export function countOutcomes(results: ImportRowResult[]): ImportCounts {
  const counts: ImportCounts = { received: 0, unknown: 0, alreadyReceived: 0, duplicates: 0, invalid: 0, preAlertsMatched: 0 };
  for (const r of results) {
    if (r.outcome === 'received') counts.received++;
    else if (r.outcome === 'unknown') counts.unknown++;
    else if (r.outcome === 'already_received') counts.alreadyReceived++;
    else if (r.outcome === 'duplicate_in_file') counts.duplicates++;
    else counts.invalid++;
    if (r.preAlertMatched && (r.outcome === 'received' || r.outcome === 'unknown')) counts.preAlertsMatched++;
  }
  return counts;
}
