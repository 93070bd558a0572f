import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { dayInZone } from '@courier/shared/domain/datetime';
import { chargeableStorageDays, daysBetween, feeCents, storageCountsFrom } from '@courier/shared/domain/fees';
import type { Db } from '../../db/client';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { courierNow } from '../../lib/courier-clock';
import { courierTimeZone } from '../../lib/courier-zone';
import type { Mailer } from '../../lib/mailer';
import { feeFirstDay } from '../fees/index';
import { getCourierRates } from '../settings/index';
import { chargeDueFees, issueFeeInvoice } from './due-fees.service';
import { type FeeLine, addToTotals, appendLines, lockLiveInvoices } from './fee-lines.service';

/**
 * Storage owed so far is on the invoice before anyone pays: for each parcel waiting (or leaving)
 * on a live invoice, the storage from the day it counts from (never before the fee existed) up to
 * today, or up to the day it left, less what its invoices already charge. An open invoice's
 * storage line grows (Pay now then covers it); after its invoice was paid, the rest goes on a
 * small fee invoice at once, so it shows as due before release. Runs in the caller's transaction;
 * running it again the same day changes nothing. "Today" is the courier's clock (`at`: the real
 * instant, moved on by a test-mode courier's test clock).
 */
export async function accrueStorage(options: { db: Db; mailer: Mailer | null; courierId: number; packageIds: number[]; at?: Date }) {
  const { db, courierId } = options;
  const ids = [...new Set(options.packageIds)];
  if (ids.length === 0) return;
  const now = await courierNow(db, courierId, options.at);
  const zone = await courierTimeZone(db, courierId);
  const today = dayInZone(now, zone);
  const { links, invoiceById } = await lockLiveInvoices(db, courierId, ids);
  if (links.length === 0) return;
  const pkgs = await db
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.courierId, courierId),
        inArray(packages.id, ids),
        isNotNull(packages.readyAt),
        or(eq(packages.status, 'ready_for_pickup'), isNotNull(packages.storageDays)),
      ),
    );
  const chargedRows = await storageCharged(db, courierId, ids);
  const charged = new Map(chargedRows.map((r) => [r.packageId, r.cents]));
  const today$ = await getCourierRates(db, courierId, now);
  const firstDays = new Map<number, string | null>();
  const forNewInvoice = new Map<number, FeeLine[]>();
  for (const p of pkgs) {
    const link = links.find((l) => l.packageId === p.id && invoiceById.has(l.invoiceId));
    const inv = link ? invoiceById.get(link.invoiceId) : undefined;
    if (!inv || !p.readyAt) continue;
    const open = inv.status !== 'paid';
    // An open invoice keeps the rates of its day; storage after payment is priced at today's.
    const rates = open ? await getCourierRates(db, courierId, inv.issuedAt) : today$;
    const fee = rates.storageFee;
    if (!fee) continue;
    if (!firstDays.has(fee.feeId)) firstDays.set(fee.feeId, await feeFirstDay(db, courierId, fee.feeId));
    const from = storageCountsFrom(dayInZone(p.readyAt, zone), fee.freeDays, firstDays.get(fee.feeId) ?? null);
    const days = Math.max(0, p.storageDays ?? daysBetween(from, today));
    const due = feeCents(fee, {
      days,
      weightLbs: p.weightLb,
      valueCents: Math.round((p.declaredValueUsdCents ?? 0) * rates.exchangeRateJmdPerUsd),
    });
    const owed = due - (charged.get(p.id) ?? 0);
    if (owed <= 0) continue;
    const chargeable = chargeableStorageDays(fee, days);
    const description = `Storage ${p.packageNumber} (${chargeable} ${chargeable === 1 ? 'day' : 'days'} after ${fee.freeDays} free)`;
    // Paid already: the storage since goes on the parcel's open storage invoice, else on a new one.
    const target = open ? inv : await openStorageInvoice(db, courierId, p.id, invoiceById);
    if (!target) {
      forNewInvoice.set(inv.customerId, [
        ...(forNewInvoice.get(inv.customerId) ?? []),
        { kind: 'storage_fee', description, packageId: p.id, amountCents: owed, feeVersionId: fee.versionId },
      ]);
      continue;
    }
    await addStorage(db, courierId, target, { packageId: p.id, description, owed, feeVersionId: fee.versionId });
    // The next parcel on this invoice sees the new totals.
    const [fresh] = await db.select().from(invoices).where(eq(invoices.id, target.id));
    if (fresh) invoiceById.set(target.id, fresh);
  }
  for (const [customerId, lines] of forNewInvoice) {
    await issueFeeInvoice(
      db,
      options.mailer,
      courierId,
      customerId,
      { lines, requestIds: [] },
      { gctPercent: today$.gctPercent, exchangeRate: today$.exchangeRateJmdPerUsd },
      'Storage was added after your invoice was paid.',
    );
  }
}

type InvoiceRow = typeof invoices.$inferSelect;

/** Storage already charged per parcel on live invoices (by the lines' courier and parcel index). */
export function storageCharged(db: Db, courierId: number, packageIds: number[]) {
  return db
    .select({ packageId: invoiceLines.packageId, cents: sql<number>`coalesce(sum(${invoiceLines.amountCents}), 0)::int` })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(
      and(
        eq(invoiceLines.courierId, courierId),
        eq(invoiceLines.kind, 'storage_fee'),
        inArray(invoiceLines.packageId, packageIds),
        ne(invoices.status, 'void'),
      ),
    )
    .groupBy(invoiceLines.packageId);
}

/** The open invoice already charging this parcel's storage after its own invoice was paid, locked. */
async function openStorageInvoice(db: Db, courierId: number, packageId: number, seen: Map<number, InvoiceRow>) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(
      and(
        eq(invoiceLines.courierId, courierId),
        eq(invoiceLines.kind, 'storage_fee'),
        eq(invoiceLines.packageId, packageId),
        inArray(invoices.status, ['unpaid', 'partially_paid']),
      ),
    )
    .orderBy(desc(invoices.id))
    .limit(1);
  if (!row) return undefined;
  const had = seen.get(row.id);
  if (had) return had;
  const [locked] = await db.select().from(invoices).where(eq(invoices.id, row.id)).for('update');
  if (locked) seen.set(locked.id, locked);
  return locked;
}

/** Adds what is owed to the parcel's storage line on an open invoice (a new line the first time). */
async function addStorage(
  db: Db,
  courierId: number,
  inv: InvoiceRow,
  add: { packageId: number; description: string; owed: number; feeVersionId: number | null },
) {
  const { description, owed } = add;
  const [line] = await db
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.invoiceId, inv.id), eq(invoiceLines.kind, 'storage_fee'), eq(invoiceLines.packageId, add.packageId)));
  if (!line) {
    await appendLines(db, courierId, inv, [
      { kind: 'storage_fee', description, packageId: add.packageId, amountCents: owed, feeVersionId: add.feeVersionId ?? undefined },
    ]);
  } else {
    await db
      .update(invoiceLines)
      .set({ amountCents: line.amountCents + owed, description })
      .where(eq(invoiceLines.id, line.id));
    await addToTotals(db, courierId, inv, [{ kind: 'storage_fee', description, amountCents: owed }]);
  }
}

/** Storage to date on the open invoices of these ready parcels (one invoice's, when its page is opened or paid). */
export async function accrueStorageOnInvoice(
  db: Db,
  mailer: Mailer | null,
  where: { courierId: number; customerId: number | null; invoiceNo: string },
  at?: Date,
) {
  const { courierId, invoiceNo } = where;
  const thisOpenInvoice = and(
    eq(invoices.courierId, courierId),
    eq(invoices.invoiceNo, invoiceNo),
    where.customerId === null ? undefined : eq(invoices.customerId, where.customerId),
    inArray(invoices.status, ['unpaid', 'partially_paid']),
    eq(packages.status, 'ready_for_pickup'),
    isNull(packages.storageDays),
  );
  // Its own parcels, and those whose storage since a paid invoice it charges.
  const waiting = (d: Db) =>
    d
      .select({ packageId: packages.id })
      .from(invoicePackages)
      .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
      .innerJoin(packages, eq(packages.id, invoicePackages.packageId))
      .where(thisOpenInvoice)
      .union(
        d
          .select({ packageId: packages.id })
          .from(invoiceLines)
          .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
          .innerJoin(packages, and(eq(packages.id, invoiceLines.packageId), eq(packages.courierId, invoices.courierId)))
          .where(and(thisOpenInvoice, eq(invoiceLines.kind, 'storage_fee'))),
      );
  // One read when nothing waits (most views); a transaction only when storage may be owed.
  if ((await waiting(db)).length === 0) return;
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const rows = await waiting(tx);
    await accrueStorage({ db: tx, mailer, courierId, packageIds: rows.map((r) => r.packageId), at });
  });
}

/**
 * Storage that grew after a parcel's invoice was paid is billed before release, not at it: on the
 * parcel's open storage invoice (else a new one, and the customer is told), so Pay now covers it.
 * For one customer when they look at their invoices; for everyone in the hourly round.
 */
export async function accrueStorageAfterPayment(
  db: Db,
  mailer: Mailer | null,
  where: { courierId: number | null; customerId: number | null },
  at?: Date,
): Promise<number> {
  const waiting = (d: Db) =>
    d
      .selectDistinct({ courierId: packages.courierId, packageId: packages.id })
      .from(invoicePackages)
      .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
      .innerJoin(packages, and(eq(packages.id, invoicePackages.packageId), eq(packages.courierId, invoices.courierId)))
      .where(
        and(
          where.courierId === null ? undefined : eq(invoices.courierId, where.courierId),
          where.customerId === null ? undefined : eq(invoices.customerId, where.customerId),
          eq(invoices.status, 'paid'),
          eq(packages.status, 'ready_for_pickup'),
          isNull(packages.storageDays),
          isNotNull(packages.readyAt),
        ),
      );
  const found = await waiting(db);
  if (found.length === 0) return 0;
  const byCourier = new Map<number, number[]>();
  for (const r of found) byCourier.set(r.courierId, [...(byCourier.get(r.courierId) ?? []), r.packageId]);
  for (const [courierId, packageIds] of byCourier) {
    await db.transaction(async (txRaw) => {
      // Each courier's own clock: a test-mode courier's may run ahead.
      await accrueStorage({ db: txRaw as unknown as Db, mailer, courierId, packageIds, at });
    });
  }
  return found.length;
}

/**
 * Packages leaving the warehouse: the days each waited for storage (from the day it counts from,
 * calendar days in the courier's zone), for those whose days are not fixed yet. The packages
 * module fixes them on the package (`chargeStorageOnLeaving` there), then `chargeLeavingStorage`.
 */
export async function storageDaysOnLeaving(
  db: Db,
  courierId: number,
  packageIds: number[],
  at?: Date,
): Promise<Array<{ id: number; days: number }>> {
  if (packageIds.length === 0) return [];
  const now = await courierNow(db, courierId, at);
  const zone = await courierTimeZone(db, courierId);
  const leaving = await db
    .select({ id: packages.id, readyAt: packages.readyAt })
    .from(packages)
    .where(
      and(eq(packages.courierId, courierId), inArray(packages.id, packageIds), isNull(packages.storageDays), isNotNull(packages.readyAt)),
    );
  if (leaving.length === 0) return [];
  const rates = await getCourierRates(db, courierId, now);
  const fee = rates.storageFee;
  const first = fee ? await feeFirstDay(db, courierId, fee.feeId) : null;
  return leaving.flatMap((p) => {
    if (!p.readyAt) return [];
    const from = storageCountsFrom(dayInZone(p.readyAt, zone), fee?.freeDays ?? 0, first);
    return [{ id: p.id, days: Math.max(0, daysBetween(from, dayInZone(now, zone))) }];
  });
}

/**
 * What leaving packages still owe for storage goes on their invoice (or a small fee invoice when
 * that one is paid) before the release rule weighs the balance. Running it again changes nothing.
 */
export async function chargeLeavingStorage(options: { db: Db; mailer: Mailer | null; courierId: number; packageIds: number[]; at?: Date }) {
  const { db, courierId, packageIds } = options;
  if (packageIds.length === 0) return;
  await accrueStorage({ db, mailer: options.mailer, courierId, packageIds, at: options.at });
  await chargeDueFees({ db, mailer: options.mailer, courierId, packageIds });
}
