import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PARISHES, type Parish } from '@courier/shared/constants/parishes';
import { EMAIL_PATTERN } from '@courier/shared/schemas/auth';
import {
  CUSTOMER_IMPORT_COLUMNS,
  CUSTOMER_IMPORT_MESSAGES as M,
  type CustomerImportColumn,
  type CustomerImportResult,
} from '@courier/shared/schemas/customer-import';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { advanceCounter, reserveCounters } from '../../db/counters';
import { branches } from '../../db/schema/branches';
import { courierCounters } from '../../db/schema/platform';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { readImportFile } from '../../lib/import-file';

/** Where a courier's mailbox numbers start when it has none yet (as registration does). */
const FIRST_MAILBOX = 10_001;

const normalHeader = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[_.:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Which header of the file each column is read from. */
function mapColumns(headers: string[]): Record<CustomerImportColumn, number | null> {
  const found = {} as Record<CustomerImportColumn, number | null>;
  const normal = headers.map(normalHeader);
  for (const [column, aliases] of Object.entries(CUSTOMER_IMPORT_COLUMNS) as Array<[CustomerImportColumn, readonly string[]]>) {
    const at = normal.findIndex((h) => aliases.includes(h));
    found[column] = at >= 0 ? at : null;
  }
  return found;
}

/** A mailbox number as we store it (JXP-2045), from what the old system wrote; null when it is none. */
export function importedMailbox(raw: string, courierCode: string): string | null {
  const v = raw.trim().toUpperCase().replace(/\s+/g, '');
  if (/^\d{1,9}$/.test(v)) return `${courierCode}-${v}`;
  const m = /^([A-Z0-9]{2,8})-(\d{1,9})$/.exec(v) ?? /^([A-Z]{2,8})(\d{1,9})$/.exec(v);
  return m ? `${m[1]}-${m[2]}` : null;
}

/** A parish however the old system spelt it: "St Andrew", "Saint Andrew", "st. andrew". */
function parishOf(raw: string): Parish | null {
  const key = (v: string) =>
    v
      .toLowerCase()
      .replace(/^(saint|st\.?)\s+/, 'st ')
      .replace(/\s+/g, ' ')
      .trim();
  return PARISHES.find((p) => key(p) === key(raw)) ?? null;
}

interface PlannedRow {
  line: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  mailboxNumber: string | null;
  branchId: number | null;
  branchName: string | null;
  trn: string | null;
  address: string | null;
  city: string | null;
  parish: Parish | null;
  businessName: string | null;
  problems: string[];
}

const LIMITS: Array<[keyof PlannedRow, string, number]> = [
  ['firstName', 'First name', 80],
  ['lastName', 'Last name', 80],
  ['email', 'Email', 254],
  ['phone', 'Phone', 40],
  ['trn', 'TRN', 30],
  ['address', 'Address', 300],
  ['city', 'City', 100],
  ['businessName', 'Business name', 200],
];

async function courierOf(db: Db, user: AuthUser) {
  if (user.courierId === null) throw new AppError('forbidden', 'You do not have permission to perform this action');
  const [courier] = await db.select({ id: couriers.id, code: couriers.code }).from(couriers).where(eq(couriers.id, user.courierId));
  if (!courier) throw new AppError('not_found', 'Courier not found');
  return courier;
}

/** Reads the file and checks every row against the file itself and the courier's customers. */
async function planImport(db: Db, courier: { id: number; code: string }, data: Buffer) {
  const { headers, rows } = await readImportFile(data);
  const at = mapColumns(headers);
  if (at.email === null) throw new AppError('bad_request', M.noEmailColumn);
  if ((at.firstName === null || at.lastName === null) && at.name === null) throw new AppError('bad_request', M.noNameColumns);
  const cell = (cells: unknown[], column: CustomerImportColumn) => {
    const i = at[column];
    return i === null ? '' : String(cells[i] ?? '').trim();
  };
  const branchRows = await db
    .select({ id: branches.id, name: branches.name, code: branches.code })
    .from(branches)
    .where(and(eq(branches.courierId, courier.id), eq(branches.active, true)))
    .orderBy(branches.id);
  const branchBy = new Map(branchRows.flatMap((b) => [[b.name.toLowerCase(), b] as const, [(b.code ?? '').toLowerCase(), b] as const]));

  const planned: PlannedRow[] = rows.map(({ row, cells }) => {
    const problems: string[] = [];
    let firstName = cell(cells, 'firstName');
    let lastName = cell(cells, 'lastName');
    if (!firstName && !lastName && at.name !== null) {
      const parts = cell(cells, 'name').split(/\s+/).filter(Boolean);
      firstName = parts.slice(0, -1).join(' ') || (parts[0] ?? '');
      lastName = parts.length > 1 ? (parts.at(-1) ?? '') : '';
    }
    const email = cell(cells, 'email').toLowerCase();
    const rawMailbox = cell(cells, 'mailboxNumber');
    const mailboxNumber = rawMailbox ? importedMailbox(rawMailbox, courier.code) : null;
    const rawBranch = cell(cells, 'branch');
    const branch = rawBranch ? branchBy.get(rawBranch.toLowerCase()) : branchRows[0];
    const rawParish = cell(cells, 'parish');
    const parish = rawParish ? parishOf(rawParish) : null;
    if (!firstName) problems.push(M.firstNameMissing);
    if (!lastName) problems.push(M.lastNameMissing);
    if (!email) problems.push(M.emailMissing);
    else if (!EMAIL_PATTERN.test(email)) problems.push(M.emailInvalid(email));
    if (rawMailbox && !mailboxNumber) problems.push(M.mailboxInvalid(rawMailbox));
    if (rawBranch && !branch) problems.push(M.branchUnknown(rawBranch));
    if (rawParish && !parish) problems.push(M.parishUnknown(rawParish));
    const text = (v: string) => v || null;
    const out: PlannedRow = {
      line: row,
      firstName,
      lastName,
      email,
      phone: text(cell(cells, 'phone')),
      mailboxNumber,
      branchId: branch?.id ?? null,
      branchName: branch?.name ?? null,
      trn: text(cell(cells, 'trn')),
      address: text(cell(cells, 'address')),
      city: text(cell(cells, 'city')),
      parish,
      businessName: text(cell(cells, 'businessName')),
      problems,
    };
    for (const [field, label, max] of LIMITS) if (String(out[field] ?? '').length > max) problems.push(M.tooLong(label));
    return out;
  });

  // Within the file: the first line with an e-mail or mailbox keeps it.
  const firstEmail = new Map<string, number>();
  const firstMailbox = new Map<string, number>();
  for (const r of planned) {
    if (r.email) {
      const seen = firstEmail.get(r.email);
      if (seen !== undefined) r.problems.push(M.emailTwice(r.email, seen));
      else firstEmail.set(r.email, r.line);
    }
    if (r.mailboxNumber) {
      const seen = firstMailbox.get(r.mailboxNumber);
      if (seen !== undefined) r.problems.push(M.mailboxTwice(r.mailboxNumber, seen));
      else firstMailbox.set(r.mailboxNumber, r.line);
    }
  }
  // Against the courier's customers.
  const emails = [...firstEmail.keys()];
  const mailboxes = [...firstMailbox.keys()];
  const takenEmails = new Set(
    emails.length === 0
      ? []
      : (
          await db
            .select({ email: sql<string>`lower(${customers.email})` })
            .from(customers)
            .where(and(eq(customers.courierId, courier.id), inArray(sql`lower(${customers.email})`, emails)))
        ).map((r) => r.email),
  );
  const takenMailboxes = new Set(
    mailboxes.length === 0
      ? []
      : (
          await db
            .select({ mailbox: sql<string>`upper(${customers.mailboxNumber})` })
            .from(customers)
            .where(and(eq(customers.courierId, courier.id), inArray(sql`upper(${customers.mailboxNumber})`, mailboxes)))
        ).map((r) => r.mailbox),
  );
  for (const r of planned) {
    if (r.email && takenEmails.has(r.email)) r.problems.push(M.emailTaken(r.email));
    if (r.mailboxNumber && takenMailboxes.has(r.mailboxNumber)) r.problems.push(M.mailboxTaken(r.mailboxNumber));
  }
  const columns = Object.fromEntries(Object.entries(at).map(([column, i]) => [column, i === null ? null : (headers[i] ?? null)]));
  return { columns, planned };
}

async function nextMailboxPreview(db: Db, courier: { id: number; code: string }, imported: PlannedRow[]): Promise<string> {
  const [counter] = await db
    .select({ value: courierCounters.value })
    .from(courierCounters)
    .where(and(eq(courierCounters.courierId, courier.id), eq(courierCounters.name, 'mailbox')));
  const highest = highestOwn(imported, courier.code);
  // As the import moves the counter: up to the highest number brought, else where a courier starts.
  const current = counter ? Math.max(counter.value, highest ?? 0) : (highest ?? FIRST_MAILBOX - 1);
  return `${courier.code}-${current + 1}`;
}

/** The highest number among mailboxes in the courier's own style (JXP-n). */
function highestOwn(rows: PlannedRow[], code: string): number | null {
  const own = rows.map((r) => r.mailboxNumber).filter((m): m is string => !!m && m.startsWith(`${code}-`));
  return own.length === 0 ? null : Math.max(...own.map((m) => Number(m.slice(code.length + 1))));
}

/**
 * Checks a file of customers (dryRun) or imports its good rows: each keeps the mailbox number of
 * the file (else gets the courier's next one), and the courier's numbering goes on after the
 * highest. A refused row is listed with its reasons and nothing of it is written; fix the file
 * and send it again (rows already imported are then refused as existing customers).
 */
export async function importCustomers(
  ctx: AppContext,
  user: AuthUser,
  data: Buffer,
  options: { dryRun: boolean },
): Promise<CustomerImportResult> {
  const courier = await courierOf(ctx.db, user);
  const { columns, planned } = await planImport(ctx.db, courier, data);
  const ready = planned.filter((r) => r.problems.length === 0);
  let imported: number | null = null;
  if (!options.dryRun && ready.length > 0) {
    const importedIds = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const highest = highestOwn(ready, courier.code);
      // The counter never goes back, and never hands out a number the file brought.
      await advanceCounter(db, courier.id, 'mailbox', highest ?? FIRST_MAILBOX - 1);
      const fresh = ready.filter((r) => !r.mailboxNumber);
      let next = fresh.length > 0 ? await reserveCounters(db, courier.id, 'mailbox', fresh.length) : 0;
      for (const r of fresh) {
        r.mailboxNumber = `${courier.code}-${next}`;
        next += 1;
      }
      const now = new Date();
      const ids: number[] = [];
      for (let i = 0; i < ready.length; i += 500) {
        const rows = await db
          .insert(customers)
          .values(
            ready.slice(i, i + 500).map((r) => ({
              courierId: courier.id,
              branchId: r.branchId,
              mailboxNumber: r.mailboxNumber ?? '',
              accountType: r.businessName ? ('business' as const) : ('individual' as const),
              businessName: r.businessName,
              firstName: r.firstName,
              lastName: r.lastName,
              email: r.email,
              phone: r.phone,
              trn: r.trn,
              address: r.address,
              city: r.city,
              parish: r.parish,
              // No password until the customer chooses one from the invitation.
              passwordHash: `!imported-${randomBytes(12).toString('hex')}`,
              importedAt: now,
            })),
          )
          .returning({ id: customers.id });
        ids.push(...rows.map((row) => row.id));
      }
      await audit(db, {
        courierId: courier.id,
        actor: user,
        action: 'customer.imported',
        entity: 'customer',
        details: { imported: ids.length, refused: planned.length - ready.length },
      });
      return ids;
    });
    imported = importedIds.length;
  }
  return {
    columns,
    rows: planned.map((r) => ({
      line: r.line,
      name: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      mailboxNumber: r.mailboxNumber,
      branchName: r.branchName,
      problems: r.problems,
    })),
    ready: ready.length,
    refused: planned.length - ready.length,
    imported,
    nextMailboxNumber: await nextMailboxPreview(ctx.db, courier, options.dryRun ? ready : []),
  };
}
