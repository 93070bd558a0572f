import { type SQL, and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { PACKAGE_STATUSES, PACKAGE_STATUS_LABELS, UNCOLLECTED_AFTER_DAYS } from '@courier/shared/constants/packages';
import { MEMBERSHIP_TIERS } from '@courier/shared/constants/rates';
import { membershipTier } from '@courier/shared/domain/charges';
import { hasPermission } from '@courier/shared/domain/permissions';
import type { Dashboard, DashboardCard, DashboardChart } from '@courier/shared/schemas/dashboard';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { payments } from '../../db/schema/payments';
import { tickets } from '../../db/schema/tickets';
import type { DashboardInput } from './dashboard.sections';
import type { Db } from '../../db/client';
import { dayBoundsInZone, dayInZone } from '@courier/shared/domain/datetime';
import { courierTimeZone } from '../../lib/courier-zone';
import { sumCents } from '../../lib/sum-cents';
import { moneyGivenBack, moneyTaken } from '../../lib/money-taken';
import { paymentRefunds } from '../../db/schema/online-payments';
import { courierNow } from '../../lib/courier-clock';
import { packageStatusCountsOf } from '../packages/index';
import { ofCourier } from './courier-scope';

/** Tickets still waiting on the courier: every status but Resolved. */
export const OPEN_TICKET_STATUSES = ['Pending', 'In Progress'] as const;

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

const countInt = sql<number>`count(*)::int`;

/**
 * Packages by status, and the uncollected ones. A customer's few packages: one grouped read of
 * their rows. A courier's or the platform's: the status counts the packages module keeps (a few
 * rows, however many packages), and an index-only read of the ready packages by ready date (the
 * partial index). Statuses without packages are left out so the chart stays readable on a phone.
 */
async function packageFigures(input: DashboardInput, scope: SQL | undefined) {
  // One courier's count is on its clock (a test-mode courier's may run ahead); all couriers', real time.
  const cutoff = uncollectedCutoff(input.courierId === null ? undefined : await courierNow(input.db, input.courierId));
  const rows =
    input.user.kind === 'customer'
      ? await input.db
          .select({
            status: packages.status,
            n: countInt,
            uncollected: sql<number>`(count(*) filter (where ${packages.readyAt} < ${cutoff.toISOString()}::timestamptz))::int`,
          })
          .from(packages)
          .where(scope)
          .groupBy(packages.status)
      : await Promise.all([
          packageStatusCountsOf(input.db, input.courierId),
          input.db
            .select({ n: countInt })
            .from(packages)
            .where(and(scope, eq(packages.status, 'ready_for_pickup'), lt(packages.readyAt, cutoff))),
        ]).then(([byStatus, [late]]) => byStatus.map((r) => ({ ...r, uncollected: r.status === 'ready_for_pickup' ? (late?.n ?? 0) : 0 })));
  const byStatus = new Map(rows.map((r) => [r.status, r]));
  const data = PACKAGE_STATUSES.filter((s) => (byStatus.get(s)?.n ?? 0) > 0).map((s) => ({
    name: PACKAGE_STATUS_LABELS[s],
    value: byStatus.get(s)?.n ?? 0,
  }));
  const ready = byStatus.get('ready_for_pickup');
  return { data, ready: ready?.n ?? 0, uncollected: ready?.uncollected ?? 0 };
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

/** Invoiced since the courier's month began (void invoices apart). */
async function invoicedThisMonth({ db, courierId }: DashboardInput): Promise<number> {
  const since = monthStartInZone(await courierTimeZone(db, courierId));
  const [row] = await invoicedSince(db, courierId, since);
  return row?.cents ?? 0;
}

/** Money taken since the courier's month began, net of the money given back this month. */
async function collectedThisMonth({ db, courierId }: DashboardInput): Promise<number> {
  const since = monthStartInZone(await courierTimeZone(db, courierId));
  const [[row], [back]] = await Promise.all([
    takenSince(db, courierId, since),
    db
      .select({ cents: sumCents(paymentRefunds.amountCents) })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(and(ofCourier(paymentRefunds.courierId, courierId), gte(paymentRefunds.createdAt, since), moneyGivenBack())),
  ]);
  return (row?.cents ?? 0) - (back?.cents ?? 0);
}

/**
 * The courier's working figures for admins and staff: packages by status, ready for pickup,
 * uncollected, this month's revenue (invoiced and collected) and open tickets, each only with
 * the matching view permission.
 */
export async function courierFiguresSection(input: DashboardInput): Promise<Partial<Dashboard>> {
  const { db, user, courierId } = input;
  if (user.kind !== 'user') return {};
  const cards: DashboardCard[] = [];
  const charts: DashboardChart[] = [];
  const isSuperAdmin = user.role === 'super_admin';

  // Each figure is its own read: all at once, each card in its place.
  const [figures, invoiced, collected, openTickets] = await Promise.all([
    hasPermission(user, 'packages_view') ? packageFigures(input, ofCourier(packages.courierId, courierId)) : undefined,
    hasPermission(user, 'invoices_view') ? invoicedThisMonth(input) : undefined,
    hasPermission(user, 'payments_view') ? collectedThisMonth(input) : undefined,
    hasPermission(user, 'tickets_view')
      ? db
          .select({ n: countInt })
          .from(tickets)
          .where(and(courierId === null ? undefined : eq(tickets.courierId, courierId), inArray(tickets.status, [...OPEN_TICKET_STATUSES])))
          .then(([row]) => row?.n ?? 0)
      : undefined,
  ]);
  if (figures) {
    charts.push({ key: 'packages_by_status', label: 'Packages by status', kind: 'bar', data: figures.data });
    cards.push({ key: 'ready_for_pickup', label: 'Ready for pickup', value: figures.ready, format: 'count', href: 'packages' });
    cards.push({
      key: 'uncollected',
      label: `Uncollected (over ${UNCOLLECTED_AFTER_DAYS} days)`,
      value: figures.uncollected,
      format: 'count',
      // Only the staff portal has the Uncollected page.
      href: user.role === 'staff' && hasPermission(user, 'packages_uncollected') ? 'uncollected' : undefined,
    });
  }
  if (invoiced !== undefined) {
    cards.push({ key: 'invoiced_this_month', label: 'Invoiced this month', value: invoiced, format: 'money', href: 'invoices' });
  }
  if (collected !== undefined) {
    cards.push({ key: 'collected_this_month', label: 'Collected this month', value: collected, format: 'money', href: 'payments' });
  }
  if (openTickets !== undefined) {
    cards.push({
      key: 'open_tickets',
      label: 'Open support tickets',
      value: openTickets,
      format: 'count',
      // The super admin portal has no support tickets page.
      href: isSuperAdmin ? undefined : 'support-tickets',
    });
  }
  return { cards, charts };
}

/** The customer's own figures: their packages by status, ready for pickup, balance due and membership tier. */
export async function customerFiguresSection(input: DashboardInput): Promise<Partial<Dashboard>> {
  const { db, user } = input;
  if (user.kind !== 'customer' || user.courierId === null) return {};
  const mine = and(eq(packages.courierId, user.courierId), eq(packages.customerId, user.id));
  const [figures, [balance]] = await Promise.all([
    packageFigures(input, mine),
    db
      .select({ cents: sumCents(sql`${invoices.totalCents} - ${invoices.paidCents}`) })
      .from(invoices)
      .where(and(eq(invoices.courierId, user.courierId), eq(invoices.customerId, user.id), ne(invoices.status, 'void'))),
  ]);
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
