import { type SQL, and, count, desc, eq, sql } from 'drizzle-orm';
import { hasPermission } from '@courier/shared/domain/permissions';
import type { Dashboard, DashboardCard, DashboardChart } from '@courier/shared/schemas/dashboard';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { users } from '../../db/schema/users';
import type { DashboardInput } from './dashboard.sections';
import { mailboxAddresses } from '@courier/shared/domain/mailbox-address';
import { dayBoundsInZone, dayInZone } from '@courier/shared/domain/datetime';
import { courierTimeZone } from '../../lib/courier-zone';
import { ofCourier } from '../../lib/courier-scope';
import { scalars } from './scalars';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';

const MONTHS_SHOWN = 6;

interface CustomerFigures {
  n_active: number;
  n_business: number;
  /** Customers who joined in each month shown. */
  months: number[];
}

/**
 * The customers' figures of one courier (every courier: null) in one statement of two index-only
 * reads: the active customers (business ones among them), and those who joined in each month from
 * `starts[i]` to `starts[i + 1]`; never every customer's row.
 */
export function customerFiguresQuery(courierId: number | null, starts: string[]): SQL {
  const scope = ofCourier(customers.courierId, courierId);
  const joined = starts
    .slice(0, -1)
    .map(
      (start, i) =>
        sql`(count(*) filter (where ${customers.createdAt} >= ${start}::timestamptz and ${customers.createdAt} < ${starts[i + 1]}::timestamptz))::int`,
    );
  return sql`
    select a.n_active, a.n_business, j.months
    from (select count(*)::int as n_active, (count(*) filter (where ${customers.accountType} = 'business'))::int as n_business
          from ${customers} where ${scope} and ${customers.active}) a,
      (select array[${sql.join(joined, sql`, `)}] as months from ${customers}
        where ${scope} and ${customers.createdAt} >= ${starts[0]}::timestamptz and ${customers.createdAt} < ${starts.at(-1)}::timestamptz) j`;
}

/** The organisation's figures: couriers (platform), customers, business customers, staff, branches. */
export async function organisationSection({ db, user, courierId }: DashboardInput): Promise<Partial<Dashboard>> {
  if (user.kind !== 'user') return {};
  const cards: DashboardCard[] = [];
  const charts: DashboardChart[] = [];
  const inCourier = (column: typeof users.courierId | typeof branches.courierId): SQL | undefined =>
    courierId === null ? undefined : eq(column, courierId);

  // The small counts in one statement, while the customers' figures are read.
  const counted = scalars(db, {
    couriers:
      user.role === 'super_admin' && courierId === null
        ? db.select({ n: count() }).from(couriers).where(eq(couriers.status, 'active'))
        : undefined,
    staff: hasPermission(user, 'staff_view')
      ? db
          .select({ n: count() })
          .from(users)
          .where(and(inCourier(users.courierId), eq(users.active, true), sql`${users.role} <> 'super_admin'`))
      : undefined,
    branches: hasPermission(user, 'branches_view')
      ? db
          .select({ n: count() })
          .from(branches)
          .where(and(inCourier(branches.courierId), eq(branches.active, true)))
      : undefined,
  });
  const [small, people] = await Promise.all([
    counted,
    hasPermission(user, 'customers_view') ? customerFigures(db, user, courierId) : undefined,
  ]);
  if (small.couriers !== undefined) {
    cards.push({ key: 'couriers', label: 'Active couriers', value: small.couriers, format: 'count', href: 'couriers' });
  }
  if (people) {
    cards.push(...people.cards);
    charts.push(...people.charts);
  }
  if (small.staff !== undefined) cards.push({ key: 'staff', label: 'Active staff', value: small.staff, format: 'count', href: 'staff' });
  if (small.branches !== undefined) {
    cards.push({ key: 'branches', label: 'Active branches', value: small.branches, format: 'count', href: 'branches' });
  }
  return { cards, charts };
}

/** The customers' cards (all, business) and charts (joined per month, by branch for one courier). */
async function customerFigures(
  db: Db,
  user: AuthUser,
  courierId: number | null,
): Promise<{ cards: DashboardCard[]; charts: DashboardChart[] }> {
  const cards: DashboardCard[] = [];
  const charts: DashboardChart[] = [];
  // Months where the courier keeps its books (its time zone), the current one and five before.
  const zone = await courierTimeZone(db, courierId);
  const thisMonth = dayInZone(new Date(), zone).slice(0, 7);
  const months = Array.from({ length: MONTHS_SHOWN + 1 }, (_, i) => {
    const d = new Date(`${thisMonth}-01T12:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - (MONTHS_SHOWN - 1 - i));
    return d.toISOString().slice(0, 7);
  });
  // Each month from its first instant where the courier is to the next month's (the last key).
  const starts = months.map((m) => dayBoundsInZone(`${m}-01`, zone).start.toISOString());
  const result = (await db.execute(customerFiguresQuery(courierId, starts))) as unknown as { rows: CustomerFigures[] };
  const [row] = result.rows;
  cards.push({ key: 'customers', label: 'Customers', value: row?.n_active ?? 0, format: 'count', href: 'customers' });
  if (hasPermission(user, 'customers_business')) {
    cards.push({
      key: 'business_customers',
      label: 'Business customers',
      value: row?.n_business ?? 0,
      format: 'count',
      href: user.role === 'super_admin' ? undefined : 'business-customers',
    });
  }
  const data = months.slice(0, MONTHS_SHOWN).map((key, i) => ({
    name: new Date(`${key}-01T12:00:00Z`).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
    value: row?.months[i] ?? 0,
  }));
  charts.push({ key: 'new_customers', label: 'New customers per month', kind: 'bar', data });

  if (courierId !== null) {
    const perBranch = await db
      .select({ name: sql<string>`coalesce(${branches.name}, 'No branch')`, n: count() })
      .from(customers)
      .leftJoin(branches, eq(branches.id, customers.branchId))
      .where(eq(customers.courierId, courierId))
      .groupBy(branches.name)
      .orderBy(desc(count()));
    if (perBranch.length > 0) {
      charts.push({
        key: 'customers_by_branch',
        label: 'Customers by branch',
        kind: 'pie',
        data: perBranch.map((r) => ({ name: r.name, value: r.n })),
      });
    }
  }
  return { cards, charts };
}

/**
 * The customer's US addresses (DOMAIN.md): the courier's AIR and SEA address with the customer's
 * name and mailbox number on the first line.
 */
export async function customerMailboxSection({ db, user }: DashboardInput): Promise<Partial<Dashboard>> {
  if (user.kind !== 'customer') return {};
  const [row] = await db
    .select({
      mailboxNumber: customers.mailboxNumber,
      firstName: customers.firstName,
      lastName: customers.lastName,
      air: couriers.shippingAddressAir,
      sea: couriers.shippingAddressSea,
    })
    .from(customers)
    .innerJoin(couriers, eq(couriers.id, customers.courierId))
    .where(eq(customers.id, user.id));
  if (!row) return {};
  const addresses = mailboxAddresses(row, { shippingAddressAir: row.air, shippingAddressSea: row.sea });
  return { mailbox: { number: row.mailboxNumber, addresses } };
}
