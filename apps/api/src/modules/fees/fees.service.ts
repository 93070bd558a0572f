import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  DEFAULT_SERVICE_FEE_VERSIONS,
  type FeeAppliesTo,
  type FeeCode,
  type FeeVersion,
  MIGRATED_FEES_FROM,
  inForceByCode,
  taxRateOn,
  versionsInForce,
} from '@courier/shared/domain/fees';
import { dayInZone } from '@courier/shared/domain/datetime';
import { FEE_MESSAGES } from '@courier/shared/schemas/fees';
import { RETURN_DEFAULTS } from '@courier/shared/schemas/return-requests';
import type { Db } from '../../db/client';
import { fees, feeVersions, taxRates } from '../../db/schema/fees';
import { courierTimeZone } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';

/**
 * The fee engine's store: a courier's fees and their dated versions, what is in force on a day,
 * and the writes (a change is always a new version). Billing, the settings tabs and the services
 * price with `feeBookOn`.
 */

export type VersionRow = typeof feeVersions.$inferSelect;
type FeeRow = typeof fees.$inferSelect;

/** The fees every courier has (GCT, additional and processing), created the first time one of them is written. */
export const CODED: Record<FeeCode, { name: string; appliesTo: FeeAppliesTo }> = {
  gct: { name: 'GCT', appliesTo: 'invoice' },
  unknown: { name: 'Unknown Fee', appliesTo: 'package' },
  uncollected: { name: 'Uncollected Fee', appliesTo: 'package' },
  switching: { name: 'Switching Fee', appliesTo: 'package' },
  processing: { name: 'Processing Fee', appliesTo: 'package' },
  storage: { name: 'Storage', appliesTo: 'storage_day' },
  insurance: { name: 'Insurance', appliesTo: 'package' },
  consolidation: { name: DEFAULT_SERVICE_FEE_VERSIONS.consolidation.name, appliesTo: 'service_request' },
  shop_for_me: { name: DEFAULT_SERVICE_FEE_VERSIONS.shop_for_me.name, appliesTo: 'service_request' },
  contents_photo: { name: 'Photo of contents', appliesTo: 'service_request' },
  return_to_sender: { name: RETURN_DEFAULTS.return.name, appliesTo: 'service_request' },
  discard: { name: RETURN_DEFAULTS.discard.name, appliesTo: 'service_request' },
};

export function toFeeVersion(fee: Pick<FeeRow, 'id' | 'code' | 'appliesTo'>, v: VersionRow): FeeVersion {
  return {
    feeId: fee.id,
    versionId: v.id,
    code: fee.code,
    name: v.name,
    appliesTo: fee.appliesTo,
    method: v.method,
    amountCents: v.amountCents,
    percentBps: v.percentBps,
    minimumCents: v.minimumCents,
    bands: v.bands,
    bandBasis: v.bandBasis,
    freeDays: v.freeDays,
    gctApplies: v.gctApplies,
    effectiveFrom: v.effectiveFrom,
    effectiveTo: v.effectiveTo,
    createdAt: v.createdAt.toISOString(),
  };
}

/** Every version of the courier's live fees. */
export async function allFeeVersions(db: Db, courierId: number): Promise<FeeVersion[]> {
  const rows = await db
    .select({ fee: fees, version: feeVersions })
    .from(feeVersions)
    .innerJoin(fees, eq(fees.id, feeVersions.feeId))
    .where(and(eq(feeVersions.courierId, courierId), isNull(fees.archivedAt)))
    .orderBy(asc(feeVersions.id));
  return rows.map((r) => toFeeVersion(r.fee, r.version));
}

/** The day a fee first applied (its earliest version's start), or null when it has none. */
export async function feeFirstDay(db: Db, courierId: number, feeId: number): Promise<string | null> {
  const [row] = await db
    .select({ day: feeVersions.effectiveFrom })
    .from(feeVersions)
    .where(and(eq(feeVersions.courierId, courierId), eq(feeVersions.feeId, feeId)))
    .orderBy(asc(feeVersions.effectiveFrom))
    .limit(1);
  return row?.day ?? null;
}

/** The fees in force for a courier on the day of `at` (its zone), as written by `asOf`. */
export interface FeeBook {
  day: string;
  inForce: FeeVersion[];
  byCode(code: FeeCode): FeeVersion | undefined;
  /** The courier's own fees (no code) applying to this subject. */
  own(appliesTo: FeeAppliesTo): FeeVersion[];
}

export async function feeBookOn(db: Db, courierId: number, at: Date, asOf: Date = at): Promise<FeeBook> {
  const zone = await courierTimeZone(db, courierId);
  const day = dayInZone(at, zone);
  const versions = await allFeeVersions(db, courierId);
  const inForce = versionsInForce(versions, day, asOf.toISOString());
  return {
    day,
    inForce,
    byCode: (code) => inForceByCode(inForce, code, day),
    own: (appliesTo) => inForce.filter((v) => v.code === null && v.appliesTo === appliesTo),
  };
}

export type ServiceFeeCode = 'consolidation' | 'shop_for_me';

/**
 * A service's fee entry in force on the day of `at`. A courier that has none yet (one made after
 * the fees moved into the engine) gets the default entry, in force since before any request, so
 * every service charge names the fee that made it.
 */
export async function serviceFeeOn(db: Db, courierId: number, code: ServiceFeeCode, at: Date = new Date()): Promise<FeeVersion> {
  const found = (await feeBookOn(db, courierId, at)).byCode(code);
  if (found) return found;
  await ensureServiceFee(db, courierId, code);
  const again = (await feeBookOn(db, courierId, at)).byCode(code);
  // Archived, or only versions from a later day: the service is not priced yet.
  if (!again) throw new AppError('conflict', FEE_MESSAGES.serviceFeeMissing);
  return again;
}

/** Writes a service's default fee entry (in force since before any request) when the courier has none. */
export async function ensureServiceFee(db: Db, courierId: number, code: ServiceFeeCode): Promise<void> {
  const [existing] = await db
    .select({ id: fees.id })
    .from(fees)
    .where(and(eq(fees.courierId, courierId), eq(fees.code, code)));
  if (existing) return;
  const since = new Date(`${MIGRATED_FEES_FROM}T00:00:00Z`);
  // Two first requests at once: the unique (courier, code) lets one insert win.
  const [fee] = await db
    .insert(fees)
    .values({ courierId, code, ...CODED[code], createdAt: since })
    .onConflictDoNothing()
    .returning();
  if (!fee) return;
  await db.insert(feeVersions).values({
    courierId,
    feeId: fee.id,
    ...DEFAULT_SERVICE_FEE_VERSIONS[code],
    bandBasis: 'value',
    effectiveFrom: MIGRATED_FEES_FROM,
    createdAt: since,
  });
}

/** A national tax's rate (basis points) in force on the courier's day of `at`; 0 before its first entry. */
export async function taxRateBpsOn(db: Db, courierId: number, country: string, code: string, at: Date = new Date()): Promise<number> {
  const day = dayInZone(at, await courierTimeZone(db, courierId));
  const rows = await db
    .select()
    .from(taxRates)
    .where(and(eq(taxRates.country, country), eq(taxRates.code, code)));
  return taxRateOn(rows, country, code, day)?.percentBps ?? 0;
}

/** The names of fee versions, for invoice lines that name the fee that made them. */
export async function feeVersionNames(db: Db, courierId: number, versionIds: number[]) {
  const ids = [...new Set(versionIds)];
  if (ids.length === 0) return new Map<number, { name: string; effectiveFrom: string }>();
  const rows = await db
    .select({ id: feeVersions.id, name: feeVersions.name, effectiveFrom: feeVersions.effectiveFrom })
    .from(feeVersions)
    .where(and(eq(feeVersions.courierId, courierId), inArray(feeVersions.id, ids)));
  return new Map(rows.map((r) => [r.id, { name: r.name, effectiveFrom: r.effectiveFrom }]));
}
