import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { UNCOLLECTED_AFTER_DAYS } from '@courier/shared/constants/packages';
import { hasPermission } from '@courier/shared/domain/permissions';
import type { Dashboard, DashboardCard, DashboardChart } from '@courier/shared/schemas/dashboard';
import type { Db } from '../../db/client';
import { paymentRefunds } from '../../db/schema/online-payments';
import { packages } from '../../db/schema/packages';
import { payments } from '../../db/schema/payments';
import { tickets } from '../../db/schema/tickets';
import { courierNow } from '../../lib/courier-clock';
import { courierTimeZone } from '../../lib/courier-zone';
import { moneyGivenBack } from '../../lib/money-taken';
import { sumCents } from '../../lib/sum-cents';
import { packageStatusCountsOf } from '../packages/index';
import { ofCourier } from '../../lib/courier-scope';
import { scalars } from './scalars';
import type { DashboardInput } from './dashboard.sections';
import { countInt, invoicedSince, monthStartInZone, statusChart, takenSince, uncollectedCutoff } from './figures.section';

/** Tickets still waiting on the courier: every status but Resolved. */
export const OPEN_TICKET_STATUSES = ['Pending', 'In Progress'] as const;

/** Packages ready for pickup since before `cutoff`: an index-only read of the ready ones (the partial index). */
export const uncollectedBefore = (db: Db, courierId: number | null, cutoff: Date) =>
  db
    .select({ n: countInt })
    .from(packages)
    .where(and(ofCourier(packages.courierId, courierId), eq(packages.status, 'ready_for_pickup'), lt(packages.readyAt, cutoff)));

/** Money given back since `since` from money taken. */
const givenBackSince = (db: Db, courierId: number | null, since: Date) =>
  db
    .select({ cents: sumCents(paymentRefunds.amountCents) })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(and(ofCourier(paymentRefunds.courierId, courierId), gte(paymentRefunds.createdAt, since), moneyGivenBack()));

const openTicketsOf = (db: Db, courierId: number | null) =>
  db
    .select({ n: countInt })
    .from(tickets)
    .where(and(courierId === null ? undefined : eq(tickets.courierId, courierId), inArray(tickets.status, [...OPEN_TICKET_STATUSES])));

/**
 * The courier's working figures for admins and staff: packages by status, ready for pickup,
 * uncollected, this month's revenue (invoiced and collected) and open tickets, each only with
 * the matching view permission.
 */
export async function courierFiguresSection(input: DashboardInput): Promise<Partial<Dashboard>> {
  const { db, user, courierId } = input;
  if (user.kind !== 'user') return {};
  const can = (permission: Parameters<typeof hasPermission>[1]) => hasPermission(user, permission);
  const cards: DashboardCard[] = [];
  const charts: DashboardChart[] = [];

  // The month where the courier keeps its books; one courier's uncollected count is on its clock
  // (a test-mode courier's may run ahead), all couriers' on real time.
  const money = can('invoices_view') || can('payments_view');
  const [zone, now] = await Promise.all([
    money ? courierTimeZone(db, courierId) : undefined,
    can('packages_view') && courierId !== null ? courierNow(db, courierId) : new Date(),
  ]);
  const since = zone === undefined ? new Date() : monthStartInZone(zone);
  // Every figure in one statement, beside the status counts the packages module keeps.
  const [byStatus, figures] = await Promise.all([
    can('packages_view') ? packageStatusCountsOf(db, courierId) : undefined,
    scalars(db, {
      uncollected: can('packages_view') ? uncollectedBefore(db, courierId, uncollectedCutoff(now)) : undefined,
      invoiced: can('invoices_view') ? invoicedSince(db, courierId, since) : undefined,
      taken: can('payments_view') ? takenSince(db, courierId, since) : undefined,
      givenBack: can('payments_view') ? givenBackSince(db, courierId, since) : undefined,
      openTickets: can('tickets_view') ? openTicketsOf(db, courierId) : undefined,
    }),
  ]);
  if (byStatus) {
    const chart = statusChart(byStatus);
    charts.push({ key: 'packages_by_status', label: 'Packages by status', kind: 'bar', data: chart.data });
    cards.push({ key: 'ready_for_pickup', label: 'Ready for pickup', value: chart.ready, format: 'count', href: 'packages' });
    cards.push({
      key: 'uncollected',
      label: `Uncollected (over ${UNCOLLECTED_AFTER_DAYS} days)`,
      // None uncollected where none is ready.
      value: chart.ready > 0 ? (figures.uncollected ?? 0) : 0,
      format: 'count',
      // Only the staff portal has the Uncollected page.
      href: user.role === 'staff' && can('packages_uncollected') ? 'uncollected' : undefined,
    });
  }
  if (figures.invoiced !== undefined) {
    cards.push({ key: 'invoiced_this_month', label: 'Invoiced this month', value: figures.invoiced, format: 'money', href: 'invoices' });
  }
  if (figures.taken !== undefined) {
    const collected = figures.taken - (figures.givenBack ?? 0);
    cards.push({ key: 'collected_this_month', label: 'Collected this month', value: collected, format: 'money', href: 'payments' });
  }
  if (figures.openTickets !== undefined) {
    cards.push({
      key: 'open_tickets',
      label: 'Open support tickets',
      value: figures.openTickets,
      format: 'count',
      // The super admin portal has no support tickets page.
      href: user.role === 'super_admin' ? undefined : 'support-tickets',
    });
  }
  return { cards, charts };
}
