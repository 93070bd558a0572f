import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
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
import { FEE_MESSAGES, type FeeCreateInput, type FeeList, type FeeVersionInput, feeVersionInputSchema } from '@courier/shared/schemas/fees';
import { fromCents, toCents } from '@courier/shared/schemas/settings';
import type { Db } from '../../db/client';
import { courierFeeSettings, processingFees } from '../../db/schema/courier-fees';
import { fees, feeVersions, taxRates } from '../../db/schema/fees';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import { courierTimeZone } from '../../lib/courier-zone';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/**
 * The fee engine's store: a courier's fees and their dated versions, what is in force on a day,
 * and the writes (a change is always a new version). Billing, the settings tabs and the services
 * price with `feeBookOn`.
 */

type VersionRow = typeof feeVersions.$inferSelect;
type FeeRow = typeof fees.$inferSelect;

/** The spec's fees, created for a courier the first time one of them is written. */
const CODED: Record<FeeCode, { name: string; appliesTo: FeeAppliesTo }> = {
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

// ---------------------------------------------------------------------------------------------
// The Fees screen

const versionView = (v: VersionRow, author: string | null, inForceId: number | undefined) => ({
  id: v.id,
  name: v.name,
  method: v.method,
  amount: fromCents(v.amountCents),
  percent: v.percentBps / 100,
  minimum: fromCents(v.minimumCents),
  bands: v.bands.map((b) => ({ from: b.from, to: b.to, amount: fromCents(b.cents) })),
  bandBasis: v.bandBasis,
  freeDays: v.freeDays,
  gctApplies: v.gctApplies,
  effectiveFrom: v.effectiveFrom,
  effectiveTo: v.effectiveTo,
  createdAt: v.createdAt.toISOString(),
  createdBy: author,
  inForce: v.id === inForceId,
});

export async function listFees(db: Db, courierId: number, now = new Date()): Promise<FeeList> {
  // The services' prices are entries here like every fee, even before the first request.
  await ensureServiceFee(db, courierId, 'consolidation');
  await ensureServiceFee(db, courierId, 'shop_for_me');
  const zone = await courierTimeZone(db, courierId);
  const today = dayInZone(now, zone);
  const feeRows = await db
    .select()
    .from(fees)
    .where(and(eq(fees.courierId, courierId), isNull(fees.archivedAt)))
    .orderBy(asc(fees.id));
  const versionRows = await db
    .select({ version: feeVersions, first: users.firstName, last: users.lastName })
    .from(feeVersions)
    .leftJoin(users, eq(users.id, feeVersions.createdBy))
    .where(eq(feeVersions.courierId, courierId))
    .orderBy(desc(feeVersions.effectiveFrom), desc(feeVersions.createdAt), desc(feeVersions.id));
  const taxes = await db.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.effectiveFrom));
  const data = feeRows.map((fee) => {
    const own = versionRows.filter((r) => r.version.feeId === fee.id);
    const current = versionsInForce(
      own.map((r) => toFeeVersion(fee, r.version)),
      today,
    )[0];
    return {
      id: fee.id,
      code: fee.code,
      name: fee.name,
      appliesTo: fee.appliesTo,
      versions: own.map((r) => versionView(r.version, r.first ? `${r.first} ${r.last ?? ''}`.trim() : null, current?.versionId)),
    };
  });
  const taxList = taxes.map((t) => ({
    country: t.country,
    code: t.code,
    name: t.name,
    percentBps: t.percentBps,
    effectiveFrom: t.effectiveFrom,
  }));
  return {
    data,
    taxRates: taxList.map((t) => ({
      country: t.country,
      code: t.code,
      name: t.name,
      percent: t.percentBps / 100,
      effectiveFrom: t.effectiveFrom,
      inForce: taxRateOn(taxList, t.country, t.code, today)?.effectiveFrom === t.effectiveFrom,
    })),
    today,
  };
}

function versionValues(input: ReturnType<typeof feeVersionInputSchema.parse>, appliesTo: FeeAppliesTo) {
  if (appliesTo === 'storage_day' && !['fixed', 'threshold'].includes(input.method))
    throw new AppError('bad_request', FEE_MESSAGES.storageDaily);
  return {
    name: input.name,
    method: input.method,
    amountCents: toCents(input.amount),
    percentBps: Math.round(input.percent * 100),
    minimumCents: toCents(input.minimum),
    bands: input.bands.map((b) => ({ from: b.from, to: b.to, cents: toCents(b.amount) })),
    bandBasis: input.bandBasis,
    freeDays: appliesTo === 'storage_day' ? input.freeDays : 0,
    gctApplies: input.gctApplies,
    effectiveFrom: input.effectiveFrom,
    effectiveTo: input.effectiveTo,
  };
}

interface Change {
  db: Db;
  courierId: number;
  actor: AuthUser | null;
  now?: Date;
}

async function assertNotPast(db: Db, courierId: number, effectiveFrom: string, now: Date) {
  const today = dayInZone(now, await courierTimeZone(db, courierId));
  if (effectiveFrom < today) throw new AppError('bad_request', FEE_MESSAGES.pastDate);
}

export async function createFee({ db, courierId, actor, input, now = new Date() }: Change & { input: FeeCreateInput }) {
  const parsed = feeVersionInputSchema.parse(input);
  await assertNotPast(db, courierId, parsed.effectiveFrom, now);
  const code = input.code ?? null;
  // Storage counts days; insurance is on each package; a photo of contents is a service the customer asks for.
  const appliesTo =
    code === 'storage' ? 'storage_day' : code === 'insurance' ? 'package' : code === 'contents_photo' ? 'service_request' : input.appliesTo;
  const values = versionValues(parsed, appliesTo);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [fee] = await tx
      .insert(fees)
      .values({ courierId, code, name: values.name, appliesTo })
      .returning()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError('conflict', FEE_MESSAGES.codeTaken(code ?? ''));
        throw error;
      });
    if (!fee) throw new Error('Fee insert returned nothing');
    const [version] = await tx
      .insert(feeVersions)
      .values({ courierId, feeId: fee.id, createdBy: actor?.kind === 'user' ? actor.id : null, ...values })
      .returning();
    await audit(tx, { courierId, actor, action: 'fee.created', entity: 'fee', entityId: fee.id, details: { ...input } });
    return { feeId: fee.id, versionId: version?.id ?? 0 };
  });
}

/** A new version of a fee from a day (today or later): invoices before that day keep the old rates. */
export async function addFeeVersion({
  db,
  courierId,
  actor,
  feeId,
  input,
  now = new Date(),
}: Change & { feeId: number; input: FeeVersionInput }) {
  const parsed = feeVersionInputSchema.parse(input);
  await assertNotPast(db, courierId, parsed.effectiveFrom, now);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [fee] = await tx
      .select()
      .from(fees)
      .where(and(eq(fees.id, feeId), eq(fees.courierId, courierId), isNull(fees.archivedAt)))
      .for('update');
    if (!fee) throw new AppError('not_found', FEE_MESSAGES.feeNotFound);
    const values = versionValues(parsed, fee.appliesTo);
    const [version] = await tx
      .insert(feeVersions)
      .values({ courierId, feeId, createdBy: actor?.kind === 'user' ? actor.id : null, ...values })
      .returning();
    await tx.update(fees).set({ name: values.name }).where(eq(fees.id, feeId));
    await audit(tx, { courierId, actor, action: 'fee.version_added', entity: 'fee', entityId: feeId, details: { ...input } });
    return { feeId, versionId: version?.id ?? 0 };
  });
}

/**
 * Writes a new version of one of the spec's fees from today, keeping what the caller does not
 * change (the Manage Shipping Fees and Processing Fees tabs write through here). Run inside the
 * caller's transaction.
 */
export async function writeCodedFee(
  tx: Db,
  courierId: number,
  actor: AuthUser | null,
  code: FeeCode,
  change: Partial<Pick<VersionRow, 'method' | 'amountCents' | 'percentBps' | 'bands' | 'minimumCents' | 'freeDays'>>,
  now = new Date(),
): Promise<void> {
  const today = dayInZone(now, await courierTimeZone(tx, courierId));
  let [fee] = await tx
    .select()
    .from(fees)
    .where(and(eq(fees.courierId, courierId), eq(fees.code, code)))
    .for('update');
  if (!fee) {
    [fee] = await tx
      .insert(fees)
      .values({ courierId, code, ...CODED[code] })
      .returning();
    if (!fee) throw new Error('Fee insert returned nothing');
  }
  const versions = await tx.select().from(feeVersions).where(eq(feeVersions.feeId, fee.id));
  const current = versionsInForce(
    versions.map((v) => toFeeVersion(fee, v)),
    today,
  )[0];
  const base = versions.find((v) => v.id === current?.versionId);
  const next = {
    name: base?.name ?? fee.name,
    method: change.method ?? base?.method ?? (code === 'gct' ? 'percent_freight' : code === 'processing' ? 'threshold' : 'fixed'),
    amountCents: change.amountCents ?? base?.amountCents ?? 0,
    percentBps: change.percentBps ?? base?.percentBps ?? 0,
    minimumCents: change.minimumCents ?? base?.minimumCents ?? 0,
    bands: change.bands ?? base?.bands ?? [],
    bandBasis: base?.bandBasis ?? 'weight',
    freeDays: change.freeDays ?? base?.freeDays ?? 0,
    gctApplies: base?.gctApplies ?? false,
  };
  if (
    base &&
    next.method === base.method &&
    next.amountCents === base.amountCents &&
    next.percentBps === base.percentBps &&
    next.minimumCents === base.minimumCents &&
    JSON.stringify(next.bands) === JSON.stringify(base.bands) &&
    next.freeDays === base.freeDays
  )
    return;
  await tx.insert(feeVersions).values({
    courierId,
    feeId: fee.id,
    createdBy: actor?.kind === 'user' ? actor.id : null,
    effectiveFrom: today,
    ...next,
  } as typeof feeVersions.$inferInsert);
}

/** The day migrated fees start: before any invoice, so an old invoice priced again finds them. */
const MIGRATED_FROM = MIGRATED_FEES_FROM;

/**
 * Today's fee settings (the Manage Shipping Fees values and the processing-fee table) as engine
 * versions in force since `MIGRATED_FROM`, the way the migration moved every courier's settings.
 * The demo seed and tests that set those tables directly call it.
 */
export async function adoptLegacyFees(db: Db, courierId: number): Promise<void> {
  const [settings] = await db.select().from(courierFeeSettings).where(eq(courierFeeSettings.courierId, courierId));
  const bands = await db
    .select()
    .from(processingFees)
    .where(eq(processingFees.courierId, courierId))
    .orderBy(asc(processingFees.minWeightLbs), asc(processingFees.maxWeightLbs), asc(processingFees.id));
  const values: Array<[FeeCode, Partial<typeof feeVersions.$inferInsert>]> = [
    ['gct', { method: 'percent_freight', percentBps: (settings?.gctTenthsPercent ?? 0) * 10 }],
    ['unknown', { method: 'fixed', amountCents: settings?.unknownFeeCents ?? 0 }],
    ['uncollected', { method: 'fixed', amountCents: settings?.uncollectedFeeCents ?? 0 }],
    ['switching', { method: 'fixed', amountCents: settings?.switchingFeeCents ?? 0 }],
    ['processing', { method: 'threshold', bands: bands.map((b) => ({ from: b.minWeightLbs, to: b.maxWeightLbs, cents: b.feeCents })) }],
  ];
  for (const [code, version] of values) {
    let [fee] = await db
      .select()
      .from(fees)
      .where(and(eq(fees.courierId, courierId), eq(fees.code, code)));
    if (!fee)
      [fee] = await db
        .insert(fees)
        .values({ courierId, code, ...CODED[code], createdAt: new Date(`${MIGRATED_FROM}T00:00:00Z`) })
        .returning();
    if (!fee) throw new Error('Fee insert returned nothing');
    await db.insert(feeVersions).values({
      courierId,
      feeId: fee.id,
      name: fee.name,
      method: 'fixed',
      ...version,
      effectiveFrom: MIGRATED_FROM,
      createdAt: new Date(`${MIGRATED_FROM}T00:00:00Z`),
    });
  }
}
