import { asc, eq } from 'drizzle-orm';
import { CUSTOMS_PARTS, type CustomsRate, customsRatesInForce, defaultCustomsRates } from '@courier/shared/domain/customs';
import type { CustomsRateView } from '@courier/shared/schemas/fees';
import { fromCents } from '@courier/shared/schemas/settings';
import { DEFAULT_FEE_BOOK } from '@courier/shared/domain/fee-book';
import type { FeeCode } from '@courier/shared/domain/fees';
import { dayInZone } from '@courier/shared/domain/datetime';
import type { Db } from '../../db/client';
import { customsRates, fees, feeVersions } from '../../db/schema/fees';
import { courierTimeZone } from '../../lib/courier-zone';

/**
 * The default fee book: every coded fee with its dated versions and the customs rates, written for
 * a courier once (invitation, super-admin create, the demo seed all call `writeDefaultFeeBook`).
 * Each version is written "on" its first day, so an invoice of any day finds it.
 */
export async function writeDefaultFeeBook(db: Db, courierId: number, options: { omit?: FeeCode[] } = {}): Promise<void> {
  const existing = await db.select({ code: fees.code }).from(fees).where(eq(fees.courierId, courierId));
  const have = new Set(existing.map((f) => f.code));
  for (const entry of DEFAULT_FEE_BOOK) {
    if (have.has(entry.code) || options.omit?.includes(entry.code)) continue;
    const first = entry.versions[0]?.effectiveFrom ?? '2000-01-01';
    const [fee] = await db
      .insert(fees)
      .values({ courierId, code: entry.code, name: entry.name, appliesTo: entry.appliesTo, createdAt: new Date(`${first}T00:00:00Z`) })
      .onConflictDoNothing()
      .returning();
    if (!fee) continue;
    await db.insert(feeVersions).values(
      entry.versions.map((v) => ({
        courierId,
        feeId: fee.id,
        name: entry.name,
        ...v,
        createdAt: new Date(`${v.effectiveFrom}T00:00:00Z`),
      })),
    );
  }
  const [anyCustoms] = await db.select({ id: customsRates.id }).from(customsRates).where(eq(customsRates.courierId, courierId)).limit(1);
  if (!anyCustoms)
    await db.insert(customsRates).values(defaultCustomsRates().map((r) => ({ courierId, ...r, createdAt: new Date(r.createdAt) })));
}

type CustomsRow = typeof customsRates.$inferSelect;
const toCustomsRate = (r: CustomsRow): CustomsRate & { id: number } => ({
  id: r.id,
  part: r.part,
  tariffClass: r.tariffClass,
  percentBps: r.percentBps,
  amountCents: r.amountCents,
  thresholdCents: r.thresholdCents,
  effectiveFrom: r.effectiveFrom,
  source: r.source,
  createdAt: r.createdAt.toISOString(),
});

/** Every customs rate of the courier, oldest first. */
export async function allCustomsRates(db: Db, courierId: number) {
  const rows = await db
    .select()
    .from(customsRates)
    .where(eq(customsRates.courierId, courierId))
    .orderBy(asc(customsRates.part), asc(customsRates.effectiveFrom), asc(customsRates.id));
  return rows.map(toCustomsRate);
}

/**
 * The customs rates in force on the courier's day of `at`, as written by `asOf` (an invoice priced
 * again passes its own issue time). Empty when none were written by then: billing then keeps the
 * rule the invoice was first priced with.
 */
export async function customsRatesOn(db: Db, courierId: number, at: Date, asOf: Date = at): Promise<CustomsRate[]> {
  const day = dayInZone(at, await courierTimeZone(db, courierId));
  return customsRatesInForce(await allCustomsRates(db, courierId), day, asOf.toISOString());
}

/** The customs rates as the Fees tab lists them: newest day first per part, the ones in force today marked. */
export async function customsRatesView(db: Db, courierId: number, today: string): Promise<CustomsRateView[]> {
  const all = await allCustomsRates(db, courierId);
  const inForce = new Set(customsRatesInForce(all, today).map((r) => (r as CustomsRate & { id: number }).id));
  return all
    .map((r) => ({
      id: r.id,
      part: r.part,
      tariffClass: r.tariffClass,
      percent: r.percentBps / 100,
      amount: fromCents(r.amountCents),
      threshold: fromCents(r.thresholdCents),
      effectiveFrom: r.effectiveFrom,
      source: r.source,
      inForce: inForce.has(r.id),
    }))
    .sort(
      (a, b) =>
        CUSTOMS_PARTS.indexOf(a.part) - CUSTOMS_PARTS.indexOf(b.part) ||
        (a.tariffClass ?? '').localeCompare(b.tariffClass ?? '') ||
        b.effectiveFrom.localeCompare(a.effectiveFrom),
    );
}
