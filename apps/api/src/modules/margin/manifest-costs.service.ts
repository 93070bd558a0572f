import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { costInJmdCents } from '@courier/shared/domain/cost-allocation';
import { COST_MESSAGES, type CostLine, type ManifestCosts, type manifestCostsInputSchema } from '@courier/shared/schemas/margin';
import { asDb, type Db } from '../../db/client';
import { manifestCosts } from '../../db/schema/manifest-costs';
import { manifests } from '../../db/schema/manifests';
import { audit } from '../../lib/audit';
import { recordScope } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { getCourierRates } from '../settings/index';
import { parcelsOf, revenueOfParcels, shareCosts } from './parcel-shares';

/** "157.2500" as stored, "157.25" as people write it. */
export const plainRate = (rate: string | null) => (rate === null ? null : rate.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''));

/** The manifest, when it is the caller's courier's (the super admin reaches any); else 404. */
async function findManifest(db: Db, user: AuthUser, id: number) {
  const courierId = recordScope(user);
  const [row] = await db
    .select()
    .from(manifests)
    .where(and(eq(manifests.id, id), courierId === null ? undefined : eq(manifests.courierId, courierId)))
    .limit(1);
  if (!row) throw new AppError('not_found', COST_MESSAGES.notYours);
  return row;
}

const toLine = (r: typeof manifestCosts.$inferSelect): CostLine => ({
  id: r.id,
  kind: r.kind,
  description: r.description,
  amountCents: r.amountCents,
  currency: r.currency,
  exchangeRate: plainRate(r.exchangeRate),
  jmdCents: r.jmdCents,
  incurredOn: r.incurredOn,
});

/** A flight's cost lines, each parcel's share of them by billable weight, and what the flight earned. */
export async function getManifestCosts(db: Db, user: AuthUser, id: number): Promise<ManifestCosts> {
  const m = await findManifest(db, user, id);
  const rows = await db
    .select()
    .from(manifestCosts)
    .where(and(eq(manifestCosts.courierId, m.courierId), eq(manifestCosts.manifestId, id)))
    .orderBy(asc(manifestCosts.position), asc(manifestCosts.id));
  const lines = rows.map(toLine);
  const costCents = lines.reduce((s, l) => s + l.jmdCents, 0);
  const parcels = await parcelsOf(db, m.courierId, [id]);
  const { shares } = shareCosts(new Map([[id, costCents]]), parcels);
  const revenue = await revenueOfParcels(db, m.courierId, [id]);
  const rates = await getCourierRates(db, m.courierId);
  const revenueCents = parcels.reduce((s, p) => s + (revenue.get(p.id) ?? 0), 0);
  return {
    manifestId: m.id,
    manifestNumber: m.manifestNumber,
    type: m.type,
    departureDate: m.departureDate,
    lines,
    defaultExchangeRate: String(rates.exchangeRateJmdPerUsd),
    costCents,
    revenueCents,
    marginCents: revenueCents - costCents,
    billableLb: parcels.reduce((s, p) => s + p.billableLb, 0),
    parcels: parcels.map((p) => ({
      packageId: p.id,
      packageNumber: p.packageNumber,
      customer: p.customer,
      mailboxNumber: p.mailboxNumber,
      billableLb: p.billableLb,
      costCents: shares.get(p.id) ?? 0,
      revenueCents: revenue.get(p.id) ?? 0,
    })),
  };
}

/** Replaces a flight's cost lines with these (an empty list clears them); audited. */
export async function saveManifestCosts(
  db: Db,
  user: AuthUser,
  id: number,
  input: z.output<typeof manifestCostsInputSchema>,
): Promise<ManifestCosts> {
  const m = await findManifest(db, user, id);
  const values = input.lines.map((line, i) => {
    if (line.currency === 'USD' && !line.exchangeRate) throw new AppError('bad_request', COST_MESSAGES.rateNeeded(i + 1));
    const exchangeRate = line.currency === 'USD' ? (line.exchangeRate as string) : null;
    return {
      courierId: m.courierId,
      manifestId: id,
      position: i + 1,
      kind: line.kind,
      description: line.description || null,
      amountCents: line.amountCents,
      currency: line.currency,
      exchangeRate,
      jmdCents: costInJmdCents(line.amountCents, line.currency, exchangeRate),
      incurredOn: line.incurredOn,
      createdBy: user.kind === 'user' ? user.id : null,
    };
  });
  await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    // One save at a time per flight: the manifest's row lock orders them.
    await tx.execute(sql`select id from ${manifests} where id = ${id} for update`);
    await tx.delete(manifestCosts).where(and(eq(manifestCosts.courierId, m.courierId), eq(manifestCosts.manifestId, id)));
    if (values.length > 0) await tx.insert(manifestCosts).values(values);
    await audit(tx, {
      courierId: m.courierId,
      actor: user,
      action: 'manifest.costs_saved',
      entity: 'manifest',
      entityId: m.manifestNumber,
      details: {
        lines: values.length,
        totalJmdCents: values.reduce((s, v) => s + v.jmdCents, 0),
      },
    });
  });
  return getManifestCosts(db, user, id);
}
