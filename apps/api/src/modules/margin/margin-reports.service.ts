import { type AnyColumn, and, asc, count, eq, gte, inArray, lt, lte, ne, notInArray, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, dayBoundsInZone, isValidTimeZone } from '@courier/shared/domain/datetime';
import { reportPeriods } from '@courier/shared/domain/report-periods';
import { COST_KINDS, type CostKind, type FlightMargin, type MarginReport, type TaxReport } from '@courier/shared/schemas/margin';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoices } from '../../db/schema/invoices';
import { manifestCosts } from '../../db/schema/manifest-costs';
import { manifests } from '../../db/schema/manifests';
import { localTimeIn } from '../../lib/courier-zone';
import { sumCents } from '../../lib/sum-cents';
import { TAX_LINE_KINDS, parcelsOf, revenueOfParcels, shareCosts } from './parcel-shares';

/**
 * The courier's margin for a range of days, where the courier is: per flight (the flights that
 * departed then, all their costs, the revenue of their parcels), per customer and per month
 * (invoices issued then, less the costs dated then, spread over each flight's parcels by weight).
 */
export interface MarginOptions {
  courierId: number;
  from: string;
  to: string;
  timeZone: string;
}

/** The month (its 1st, 'YYYY-MM-DD') of a timestamp where the courier is, or of a calendar date (no zone). */
const monthOf = (column: AnyColumn, zone: string | null) =>
  sql<string>`to_char(date_trunc('month', ${zone ? localTimeIn(column, zone) : sql`${column}::timestamp`}), 'YYYY-MM-DD')`;

function range(o: MarginOptions) {
  const zone = isValidTimeZone(o.timeZone) ? o.timeZone : DEFAULT_TIME_ZONE;
  return { zone, start: dayBoundsInZone(o.from, zone).start, end: dayBoundsInZone(o.to, zone).end };
}

const zeroKinds = () => Object.fromEntries(COST_KINDS.map((k) => [k, 0])) as Record<CostKind, number>;

async function flightsOf(db: Db, o: MarginOptions, zone: string): Promise<FlightMargin[]> {
  const day = sql<string>`coalesce(${manifests.departureDate}, (${localTimeIn(manifests.createdAt, zone)})::date)`;
  const rows = await db
    .select({
      id: manifests.id,
      manifestNumber: manifests.manifestNumber,
      type: manifests.type,
      flightOrVessel: manifests.flightOrVessel,
      mawbOrBl: manifests.mawbOrBl,
      departureDate: manifests.departureDate,
    })
    .from(manifests)
    .where(and(eq(manifests.courierId, o.courierId), sql`${day} >= ${o.from}::date`, sql`${day} <= ${o.to}::date`))
    .orderBy(asc(day), asc(manifests.manifestNumber));
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const costRows = await db
    .select({ manifestId: manifestCosts.manifestId, kind: manifestCosts.kind, cents: sumCents(manifestCosts.jmdCents) })
    .from(manifestCosts)
    .where(and(eq(manifestCosts.courierId, o.courierId), inArray(manifestCosts.manifestId, ids)))
    .groupBy(manifestCosts.manifestId, manifestCosts.kind);
  const parcels = await parcelsOf(db, o.courierId, ids);
  const revenue = await revenueOfParcels(db, o.courierId, ids);
  return rows.map((m) => {
    const costsByKind = zeroKinds();
    for (const c of costRows) if (c.manifestId === m.id) costsByKind[c.kind] += c.cents;
    const own = parcels.filter((p) => p.manifestId === m.id);
    const costCents = Object.values(costsByKind).reduce((s, c) => s + c, 0);
    const revenueCents = own.reduce((s, p) => s + (revenue.get(p.id) ?? 0), 0);
    return {
      manifestId: m.id,
      manifestNumber: m.manifestNumber,
      type: m.type,
      flightOrVessel: m.flightOrVessel,
      mawbOrBl: m.mawbOrBl,
      departureDate: m.departureDate,
      parcels: own.length,
      billableLb: own.reduce((s, p) => s + p.billableLb, 0),
      costsByKind,
      costCents,
      revenueCents,
      marginCents: revenueCents - costCents,
    };
  });
}

export async function buildMarginReport(db: Db, o: MarginOptions): Promise<MarginReport> {
  const { zone, start, end } = range(o);
  const issued = and(
    eq(invoices.courierId, o.courierId),
    ne(invoices.status, 'void'),
    gte(invoices.issuedAt, start),
    lt(invoices.issuedAt, end),
    eq(invoiceLines.courierId, o.courierId),
    notInArray(invoiceLines.kind, [...TAX_LINE_KINDS]),
  );
  const invoiceMonth = monthOf(invoices.issuedAt, zone);
  const costMonth = monthOf(manifestCosts.incurredOn, null);
  const dated = and(eq(manifestCosts.courierId, o.courierId), gte(manifestCosts.incurredOn, o.from), lte(manifestCosts.incurredOn, o.to));

  const revenueByMonth = await db
    .select({ month: invoiceMonth, cents: sumCents(invoiceLines.amountCents) })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(issued)
    .groupBy(invoiceMonth);
  const costByMonth = await db
    .select({ month: costMonth, cents: sumCents(manifestCosts.jmdCents) })
    .from(manifestCosts)
    .where(dated)
    .groupBy(costMonth);
  const revenueByCustomer = await db
    .select({
      customerId: invoices.customerId,
      customer: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      mailboxNumber: customers.mailboxNumber,
      cents: sumCents(invoiceLines.amountCents),
    })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(issued)
    .groupBy(invoices.customerId, customers.firstName, customers.lastName, customers.mailboxNumber);
  const costByManifest = await db
    .select({ manifestId: manifestCosts.manifestId, cents: sumCents(manifestCosts.jmdCents) })
    .from(manifestCosts)
    .where(dated)
    .groupBy(manifestCosts.manifestId);

  // The costs dated in the range, spread over their flights' parcels, summed per customer.
  const parcels = await parcelsOf(
    db,
    o.courierId,
    costByManifest.map((c) => c.manifestId),
  );
  const { shares, unallocatedCents } = shareCosts(new Map(costByManifest.map((c) => [c.manifestId, c.cents])), parcels);
  type Row = MarginReport['customers'][number];
  const byCustomer = new Map<number | null, Row>();
  const rowOf = (customerId: number | null, customer: string, mailboxNumber: string | null) => {
    let row = byCustomer.get(customerId);
    if (!row) {
      row = { customerId, customer, mailboxNumber, revenueCents: 0, costCents: 0, marginCents: 0 };
      byCustomer.set(customerId, row);
    }
    return row;
  };
  for (const r of revenueByCustomer) rowOf(r.customerId, r.customer, r.mailboxNumber).revenueCents += r.cents;
  for (const p of parcels) {
    const cents = shares.get(p.id) ?? 0;
    if (cents === 0) continue;
    rowOf(p.customerId, p.customer ?? 'No customer (unknown parcels)', p.mailboxNumber).costCents += cents;
  }
  const customerRows = [...byCustomer.values()]
    .map((r) => ({ ...r, marginCents: r.revenueCents - r.costCents }))
    .sort((a, b) => b.revenueCents - a.revenueCents || a.customer.localeCompare(b.customer));

  const revenueOf = new Map(revenueByMonth.map((r) => [r.month, r.cents]));
  const costOf = new Map(costByMonth.map((r) => [r.month, r.cents]));
  const months = reportPeriods(o.from, o.to, 'month').map((month) => {
    const revenueCents = revenueOf.get(month) ?? 0;
    const costCents = costOf.get(month) ?? 0;
    return { month, revenueCents, costCents, marginCents: revenueCents - costCents };
  });
  const revenueCents = months.reduce((s, m) => s + m.revenueCents, 0);
  const costCents = months.reduce((s, m) => s + m.costCents, 0);
  return {
    from: o.from,
    to: o.to,
    flights: await flightsOf(db, o, zone),
    customers: customerRows,
    months,
    totals: { revenueCents, costCents, marginCents: revenueCents - costCents, unallocatedCents },
  };
}

/** GCT charged and customs duty collected on the invoices issued each month (void ones aside), for the tax return. */
export async function buildTaxReport(db: Db, o: MarginOptions): Promise<TaxReport> {
  const { zone, start, end } = range(o);
  const month = monthOf(invoices.issuedAt, zone);
  const rows = await db
    .select({ month, invoices: count(), gctCents: sumCents(invoices.gctCents), dutyCents: sumCents(invoices.customsCents) })
    .from(invoices)
    .where(and(eq(invoices.courierId, o.courierId), ne(invoices.status, 'void'), gte(invoices.issuedAt, start), lt(invoices.issuedAt, end)))
    .groupBy(month);
  const of = new Map(rows.map((r) => [r.month, r]));
  const months = reportPeriods(o.from, o.to, 'month').map((m) => {
    const r = of.get(m);
    return { month: m, invoices: r?.invoices ?? 0, gctCents: r?.gctCents ?? 0, dutyCents: r?.dutyCents ?? 0 };
  });
  return {
    from: o.from,
    to: o.to,
    months,
    totals: {
      invoices: months.reduce((s, m) => s + m.invoices, 0),
      gctCents: months.reduce((s, m) => s + m.gctCents, 0),
      dutyCents: months.reduce((s, m) => s + m.dutyCents, 0),
    },
  };
}
