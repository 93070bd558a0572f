import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { type PackageStatus, PACKAGE_STATUSES, PACKAGE_STATUS_LABELS, UNCOLLECTED_AFTER_DAYS } from '@courier/shared/constants/packages';
import { MEMBERSHIP_TIERS } from '@courier/shared/constants/rates';
import { membershipTier } from '@courier/shared/domain/charges';
import { dayBoundsInZone, dayInZone } from '@courier/shared/domain/datetime';
import type { Dashboard } from '@courier/shared/schemas/dashboard';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { payments } from '../../db/schema/payments';
import { moneyTaken } from '../../lib/money-taken';
import { sumCents } from '../../lib/sum-cents';
import { ofCourier } from '../../lib/courier-scope';
import type { DashboardInput } from './dashboard.sections';

/**
 * The first instant of the current month where the courier keeps its books (its time zone
 * setting; the platform default for the super admin's whole platform), daylight saving included.
 */
export function monthStartInZone(zone: string, now = new Date()): Date {
  const month = dayInZone(now, zone).slice(0, 7);
  return dayBoundsInZone(`${month}-01`, zone).start;
}

/** A package is uncollected once it has been ready for pickup for more than 15 days. */
export function uncollectedCutoff(now = new Date()): Date {
  return new Date(now.getTime() - UNCOLLECTED_AFTER_DAYS * 86_400_000);
}

export const countInt = sql<number>`count(*)::int`;

/**
 * The packages-by-status chart (statuses without packages are left out so it stays readable on a
 * phone) and the number ready for pickup.
 */
export function statusChart(rows: Array<{ status: PackageStatus; n: number }>) {
  const byStatus = new Map(rows.map((r) => [r.status, r.n]));
  const data = PACKAGE_STATUSES.filter((s) => (byStatus.get(s) ?? 0) > 0).map((s) => ({
    name: PACKAGE_STATUS_LABELS[s],
    value: byStatus.get(s) ?? 0,
  }));
  return { data, ready: byStatus.get('ready_for_pickup') ?? 0 };
}

/** Invoiced since `since` (void invoices apart), by one courier or every courier (null). */
export const invoicedSince = (db: Db, courierId: number | null, since: Date) =>
  db
    .select({ cents: sumCents(invoices.totalCents) })
    .from(invoices)
    .where(and(ofCourier(invoices.courierId, courierId), ne(invoices.status, 'void'), gte(invoices.issuedAt, since)));

/** Money taken since `since`, by one courier or every courier (null). */
export const takenSince = (db: Db, courierId: number | null, since: Date) =>
  db
    .select({ cents: sumCents(payments.amountCents) })
    .from(payments)
    .where(and(ofCourier(payments.courierId, courierId), gte(payments.paidAt, since), moneyTaken()));

/** The customer's own figures: their packages by status, ready for pickup, balance due and membership tier. */
export async function customerFiguresSection(input: DashboardInput): Promise<Partial<Dashboard>> {
  const { db, user } = input;
  if (user.kind !== 'customer' || user.courierId === null) return {};
  // The customer's few packages: one grouped read of their rows.
  const [rows, [balance]] = await Promise.all([
    db
      .select({ status: packages.status, n: countInt })
      .from(packages)
      .where(and(eq(packages.courierId, user.courierId), eq(packages.customerId, user.id)))
      .groupBy(packages.status),
    db
      .select({ cents: sumCents(sql`${invoices.totalCents} - ${invoices.paidCents}`) })
      .from(invoices)
      .where(and(eq(invoices.courierId, user.courierId), eq(invoices.customerId, user.id), ne(invoices.status, 'void'))),
  ]);
  const figures = statusChart(rows);
  const deliveredCount = figures.data.find((d) => d.name === PACKAGE_STATUS_LABELS.delivered)?.value ?? 0;
  // The same tier billing applies (lifetime delivered packages).
  const tier = membershipTier(deliveredCount);
  const nextTier = MEMBERSHIP_TIERS.find((t) => deliveredCount < t.packageCount) ?? null;
  return {
    cards: [
      { key: 'ready_for_pickup', label: 'Ready for pickup', value: figures.ready, format: 'count', href: 'packages' },
      { key: 'balance_due', label: 'Balance due', value: balance?.cents ?? 0, format: 'money', href: 'invoices' },
    ],
    charts: [{ key: 'packages_by_status', label: 'Your packages by status', kind: 'bar', data: figures.data }],
    membership: {
      tier: tier ? { ...tier } : null,
      deliveredCount,
      nextTier: nextTier ? { ...nextTier } : null,
    },
  };
}
