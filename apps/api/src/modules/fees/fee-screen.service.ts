import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { type FeeAppliesTo, taxRateOn, versionsInForce } from '@courier/shared/domain/fees';
import { dayInZone } from '@courier/shared/domain/datetime';
import { FEE_MESSAGES, type FeeCreateInput, type FeeList, type FeeVersionInput, feeVersionInputSchema } from '@courier/shared/schemas/fees';
import { toCents } from '@courier/shared/format/money';
import { fromCents } from '@courier/shared/schemas/settings';
import type { Db } from '../../db/client';
import { fees, feeVersions, taxRates } from '../../db/schema/fees';
import { couriers } from '../../db/schema/couriers';
import { users } from '../../db/schema/users';
import { customsRatesView } from './fee-book.service';
import { audit } from '../../lib/audit';
import { courierTimeZone } from '../../lib/courier-zone';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { type VersionRow, ensureServiceFee, toFeeVersion } from './fees.service';

// The Fees screen: each fee with its dated versions, a new fee, a new version (a change is always a
// new version from a day not yet past).

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
  const [courier] = await db.select({ reviewedAt: couriers.feesReviewedAt }).from(couriers).where(eq(couriers.id, courierId));
  return {
    data,
    customsRates: await customsRatesView(db, courierId, today),
    reviewedAt: courier?.reviewedAt?.toISOString() ?? null,
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
  // Storage counts days; insurance is on each package; a photo of contents, a return and a discard are services the customer asks for.
  const asked = code === 'contents_photo' || code === 'return_to_sender' || code === 'discard';
  const appliesTo = code === 'storage' ? 'storage_day' : code === 'insurance' ? 'package' : asked ? 'service_request' : input.appliesTo;
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
