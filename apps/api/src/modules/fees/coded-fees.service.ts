import { and, asc, eq } from 'drizzle-orm';
import { type FeeCode, MIGRATED_FEES_FROM, versionsInForce } from '@courier/shared/domain/fees';
import { dayInZone } from '@courier/shared/domain/datetime';
import type { Db } from '../../db/client';
import { courierFeeSettings, processingFees } from '../../db/schema/courier-fees';
import { fees, feeVersions } from '../../db/schema/fees';
import { courierTimeZone } from '../../lib/courier-zone';
import type { AuthUser } from '../../plugins/auth';
import { CODED, type VersionRow, toFeeVersion } from './fees.service';

// The fees every courier has (GCT, additional and processing), written as new versions by the
// settings tabs, and the legacy settings adopted as versions.

/**
 * Writes a new version of one of the fees every courier has from today, keeping what the caller does not
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
    // Over a default book's dated history (GCT from April 2020) the settings start on its last day.
    const days = await db.select({ from: feeVersions.effectiveFrom }).from(feeVersions).where(eq(feeVersions.feeId, fee.id));
    const from = days.reduce((latest, d) => (d.from > latest ? d.from : latest), MIGRATED_FROM);
    await db.insert(feeVersions).values({
      courierId,
      feeId: fee.id,
      name: fee.name,
      method: 'fixed',
      ...version,
      effectiveFrom: from,
      createdAt: new Date(`${from}T00:00:00Z`),
    });
  }
}
