import { and, asc, eq } from 'drizzle-orm';
import {
  ADDITIONAL_FEE_NAMES,
  type AdditionalFees,
  type ProcessingFee,
  type ShippingRate,
  fromCents,
  parseWeightRange,
} from '@courier/shared/schemas/settings';
import { toCents } from '@courier/shared/format/money';
import { DEFAULT_FEE_BOOK } from '@courier/shared/domain/fee-book';
import { DEFAULT_RATE_TABLE } from '@courier/shared/constants/rates';
import type { FeeCode } from '@courier/shared/domain/fees';
import type { Db } from '../../db/client';
import { courierFeeSettings, processingFees } from '../../db/schema/courier-fees';
import { shippingRates } from '../../db/schema/shipping-rates';
import { audit } from '../../lib/audit';
import { saveFeeSettings, writeDefaultFeeBook, writeCodedFee } from '../fees/index';
import { getCourierRates } from './rates.service';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

export const RATE_NOT_FOUND = 'Shipping rate not found';
export const FEE_NOT_FOUND = 'Processing fee not found';

interface Scope {
  db: Db;
  courierId: number;
}
interface Change<T> extends Scope {
  actor: AuthUser;
  input: T;
}

// ---------------------------------------------------------------------------------------------
// Shipping rates

type RateRow = typeof shippingRates.$inferSelect;
const toRate = (r: RateRow): ShippingRate => ({
  id: r.id,
  weight: r.weight,
  cost: fromCents(r.costCents),
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

/** Numeric weights first in weight order, then any others as written. */
function byWeight(a: ShippingRate, b: ShippingRate): number {
  const na = Number.parseFloat(a.weight);
  const nb = Number.parseFloat(b.weight);
  if (Number.isNaN(na) || Number.isNaN(nb)) return Number.isNaN(na) ? (Number.isNaN(nb) ? a.id - b.id : 1) : -1;
  return na - nb || a.id - b.id;
}

export async function listShippingRates({ db, courierId }: Scope): Promise<ShippingRate[]> {
  const rows = await db.select().from(shippingRates).where(eq(shippingRates.courierId, courierId)).orderBy(asc(shippingRates.id));
  return rows.map(toRate).sort(byWeight);
}

export async function createShippingRate({
  db,
  courierId,
  actor,
  input,
}: Change<{ weight: string; cost: number; status: 'active' | 'inactive' }>): Promise<ShippingRate> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(shippingRates)
      .values({ courierId, weight: input.weight, costCents: toCents(input.cost), status: input.status })
      .returning();
    if (!row) throw new Error('Shipping rate insert returned nothing');
    await audit(tx as unknown as Db, {
      courierId,
      actor,
      action: 'shipping_rate.created',
      entity: 'shipping_rate',
      entityId: row.id,
      details: input,
    });
    return toRate(row);
  });
}

export async function updateShippingRate({
  db,
  courierId,
  actor,
  id,
  input,
}: Change<{ weight: string; cost: number; status: 'active' | 'inactive' }> & { id: number }): Promise<ShippingRate> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(shippingRates)
      .set({ weight: input.weight, costCents: toCents(input.cost), status: input.status, updatedAt: new Date() })
      .where(and(eq(shippingRates.id, id), eq(shippingRates.courierId, courierId)))
      .returning();
    if (!row) throw new AppError('not_found', RATE_NOT_FOUND);
    await audit(tx as unknown as Db, {
      courierId,
      actor,
      action: 'shipping_rate.updated',
      entity: 'shipping_rate',
      entityId: id,
      details: input,
    });
    return toRate(row);
  });
}

export async function deleteShippingRate({ db, courierId, actor, id }: Omit<Change<unknown>, 'input'> & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(shippingRates)
      .where(and(eq(shippingRates.id, id), eq(shippingRates.courierId, courierId)))
      .returning();
    if (!row) throw new AppError('not_found', RATE_NOT_FOUND);
    await audit(tx as unknown as Db, {
      courierId,
      actor,
      action: 'shipping_rate.deleted',
      entity: 'shipping_rate',
      entityId: id,
      details: { weight: row.weight, cost: fromCents(row.costCents), status: row.status },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Processing fees

type FeeRow = typeof processingFees.$inferSelect;
const toFee = (r: FeeRow): ProcessingFee => ({
  id: r.id,
  weightRange: r.weightRange,
  minWeight: r.minWeightLbs,
  maxWeight: r.maxWeightLbs,
  fee: fromCents(r.feeCents),
  createdAt: r.createdAt.toISOString(),
});

/** The processing-fee table as the engine's threshold fee, from today. */
async function syncProcessingFee(tx: Db, courierId: number, actor: AuthUser) {
  const rows = await tx
    .select()
    .from(processingFees)
    .where(eq(processingFees.courierId, courierId))
    .orderBy(asc(processingFees.minWeightLbs), asc(processingFees.maxWeightLbs), asc(processingFees.id));
  await writeCodedFee(tx, courierId, actor, 'processing', {
    method: 'threshold',
    bands: rows.map((r) => ({ from: r.minWeightLbs, to: r.maxWeightLbs, cents: r.feeCents })),
  });
}

function boundsOf(weightRange: string): { min: number; max: number } {
  const bounds = parseWeightRange(weightRange);
  // The route's schema has already refused a range without 'to'; this guards direct callers.
  if (!bounds) throw new AppError('bad_request', "Weight range must use 'to' between weights");
  return bounds;
}

export async function listProcessingFees({ db, courierId }: Scope): Promise<ProcessingFee[]> {
  const rows = await db
    .select()
    .from(processingFees)
    .where(eq(processingFees.courierId, courierId))
    .orderBy(asc(processingFees.minWeightLbs), asc(processingFees.id));
  return rows.map(toFee);
}

export async function createProcessingFee({
  db,
  courierId,
  actor,
  input,
}: Change<{ weightRange: string; fee: number }>): Promise<ProcessingFee> {
  const { min, max } = boundsOf(input.weightRange);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(processingFees)
      .values({ courierId, weightRange: input.weightRange, minWeightLbs: min, maxWeightLbs: max, feeCents: toCents(input.fee) })
      .returning();
    if (!row) throw new Error('Processing fee insert returned nothing');
    await syncProcessingFee(tx as unknown as Db, courierId, actor);
    await audit(tx as unknown as Db, {
      courierId,
      actor,
      action: 'processing_fee.created',
      entity: 'processing_fee',
      entityId: row.id,
      details: input,
    });
    return toFee(row);
  });
}

export async function updateProcessingFee({
  db,
  courierId,
  actor,
  id,
  input,
}: Change<{ weightRange: string; fee: number }> & { id: number }): Promise<ProcessingFee> {
  const { min, max } = boundsOf(input.weightRange);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(processingFees)
      .set({ weightRange: input.weightRange, minWeightLbs: min, maxWeightLbs: max, feeCents: toCents(input.fee), updatedAt: new Date() })
      .where(and(eq(processingFees.id, id), eq(processingFees.courierId, courierId)))
      .returning();
    if (!row) throw new AppError('not_found', FEE_NOT_FOUND);
    await syncProcessingFee(tx as unknown as Db, courierId, actor);
    await audit(tx as unknown as Db, {
      courierId,
      actor,
      action: 'processing_fee.updated',
      entity: 'processing_fee',
      entityId: id,
      details: input,
    });
    return toFee(row);
  });
}

export async function deleteProcessingFee({ db, courierId, actor, id }: Omit<Change<unknown>, 'input'> & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(processingFees)
      .where(and(eq(processingFees.id, id), eq(processingFees.courierId, courierId)))
      .returning();
    if (!row) throw new AppError('not_found', FEE_NOT_FOUND);
    await syncProcessingFee(tx as unknown as Db, courierId, actor);
    await audit(tx as unknown as Db, {
      courierId,
      actor,
      action: 'processing_fee.deleted',
      entity: 'processing_fee',
      entityId: id,
      details: { weightRange: row.weightRange, fee: fromCents(row.feeCents) },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Additional fees

type FeeSettingsRow = typeof courierFeeSettings.$inferSelect;

/** The form's values are the fee engine's versions in force today; `configured` once the form was saved. */
function toAdditionalFees(
  row: FeeSettingsRow | undefined,
  engine: { gctPercent: number; unknownFeeCents: number; uncollectedFeeCents: number; switchingFeeCents: number },
): AdditionalFees {
  const gct = engine.gctPercent;
  const unknownFee = fromCents(engine.unknownFeeCents);
  const uncollectedFee = fromCents(engine.uncollectedFeeCents);
  const switchingFee = fromCents(engine.switchingFeeCents);
  return {
    gct,
    unknownFee,
    uncollectedFee,
    switchingFee,
    configured: row !== undefined,
    fees: [
      { name: ADDITIONAL_FEE_NAMES.gct, value: gct },
      { name: ADDITIONAL_FEE_NAMES.unknownFee, value: unknownFee },
      { name: ADDITIONAL_FEE_NAMES.uncollectedFee, value: uncollectedFee },
      { name: ADDITIONAL_FEE_NAMES.switchingFee, value: switchingFee },
    ],
  };
}

export async function getAdditionalFees({ db, courierId }: Scope): Promise<AdditionalFees> {
  const [row] = await db.select().from(courierFeeSettings).where(eq(courierFeeSettings.courierId, courierId));
  return toAdditionalFees(row, await getCourierRates(db, courierId));
}

export async function saveAdditionalFees({
  db,
  courierId,
  actor,
  input,
}: Change<{ gct: number; unknownFee: number; uncollectedFee: number; switchingFee: number }>): Promise<AdditionalFees> {
  const values = {
    gctTenthsPercent: Math.round(input.gct * 10),
    unknownFeeCents: toCents(input.unknownFee),
    uncollectedFeeCents: toCents(input.uncollectedFee),
    switchingFeeCents: toCents(input.switchingFee),
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const row = await saveFeeSettings(t, courierId, values);
    // Each figure is a fee of the engine: a changed one gets a new version from today.
    await writeCodedFee(t, courierId, actor, 'gct', { method: 'percent_freight', percentBps: values.gctTenthsPercent * 10 });
    await writeCodedFee(t, courierId, actor, 'unknown', { method: 'fixed', amountCents: values.unknownFeeCents });
    await writeCodedFee(t, courierId, actor, 'uncollected', { method: 'fixed', amountCents: values.uncollectedFeeCents });
    await writeCodedFee(t, courierId, actor, 'switching', { method: 'fixed', amountCents: values.switchingFeeCents });
    await audit(tx as unknown as Db, {
      courierId,
      actor,
      action: 'additional_fees.updated',
      entity: 'additional_fees',
      entityId: courierId,
      details: input,
    });
    return toAdditionalFees(row, await getCourierRates(t, courierId));
  });
}

/** A new courier's shipping rates: the default rate table. Run inside the transaction that makes the courier. */
export async function startCourierRates(db: Db, courierId: number): Promise<void> {
  await db
    .insert(shippingRates)
    .values(DEFAULT_RATE_TABLE.map((r) => ({ courierId, weight: String(r.weightLbs), costCents: r.costJmd * 100 })));
}

/**
 * A new courier's fees: the default fee book (every fee, GCT with its history, the customs rates)
 * and, on the Processing Fees tab, the rows of its default processing bands. Every path that makes
 * a courier calls this; run inside its transaction.
 */
export async function startCourierFees(db: Db, courierId: number, options: { omit?: FeeCode[] } = {}): Promise<void> {
  const [anyRow] = await db.select({ id: processingFees.id }).from(processingFees).where(eq(processingFees.courierId, courierId)).limit(1);
  const bands = DEFAULT_FEE_BOOK.find((f) => f.code === 'processing')?.versions[0]?.bands ?? [];
  if (!anyRow && bands.length > 0)
    await db.insert(processingFees).values(
      bands.map((b) => ({
        courierId,
        weightRange: `${b.from}lbs to ${b.to ?? b.from}lbs`,
        minWeightLbs: b.from,
        maxWeightLbs: b.to ?? b.from,
        feeCents: b.cents,
      })),
    );
  await writeDefaultFeeBook(db, courierId, options);
}
