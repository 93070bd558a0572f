import { type SQL, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@courier/shared/schemas/dashboard';
import { customers } from '../src/db/schema/customers';
import { invoices } from '../src/db/schema/invoices';
import { packages } from '../src/db/schema/packages';
import { payments } from '../src/db/schema/payments';
import { tickets } from '../src/db/schema/tickets';
import { subjectOf } from '../src/lib/tokens';
import { type TestApp, buildTestApp, seedDemoData, loginAs, tokenFor } from './helper';

let t: TestApp;
const tokens: Record<string, string> = {};
const demo = { courierId: 0, customerId: 0, branchId: 0 };
const other = { courierId: 0, customerId: 0 };
const DAY = 86_400_000;

function token(who: string): string {
  const value = tokens[who];
  if (!value) throw new Error(`no token for ${who}`);
  return value;
}

async function dashboard(who: string, query = ''): Promise<Dashboard> {
  const res = await t.api('GET', `/dashboard${query}`, token(who));
  expect(res.statusCode, who).toBe(200);
  return res.json();
}

const card = (d: Dashboard, key: string) => d.cards.find((c) => c.key === key)?.value;
const chart = (d: Dashboard, key: string) =>
  Object.fromEntries((d.charts.find((c) => c.key === key)?.data ?? []).map((p) => [p.name, p.value]));

async function rows<T>(query: SQL): Promise<T[]> {
  const result: unknown = await t.db.execute(query);
  // Both drivers (node-postgres and PGlite) answer { rows }.
  return (result as { rows: T[] }).rows;
}

/** The expected figures, counted here with plain SQL so the test does not share the section's code. */
async function expected(courierId: number | null) {
  const where = courierId === null ? sql`true` : sql`courier_id = ${courierId}`;
  // Jamaica is UTC-5 all year.
  const monthStart = sql`(date_trunc('month', now() at time zone 'America/Jamaica') at time zone 'America/Jamaica')`;
  const one = async (query: SQL) => Number((await rows<{ n: string | number }>(query))[0]?.n);
  const statusRows = await rows<{ status: string; n: string | number }>(
    sql`select status, count(*) as n from packages where ${where} group by status`,
  );
  return {
    byStatus: Object.fromEntries(statusRows.map((r) => [r.status, Number(r.n)])),
    ready: await one(sql`select count(*) as n from packages where ${where} and status = 'ready_for_pickup'`),
    uncollected: await one(
      sql`select count(*) as n from packages where ${where} and status = 'ready_for_pickup' and ready_at < now() - interval '15 days'`,
    ),
    invoiced: await one(
      sql`select coalesce(sum(total_cents), 0) as n from invoices where ${where} and status <> 'void' and issued_at >= ${monthStart}`,
    ),
    collected: await one(sql`select coalesce(sum(amount_cents), 0) as n from payments where ${where} and paid_at >= ${monthStart}`),
    openTickets: await one(sql`select count(*) as n from tickets where ${where} and status in ('Pending', 'In Progress')`),
  };
}

const LABELS: Record<string, string> = {
  unknown: 'Unknown',
  received: 'Received',
  in_transit: 'In Transit',
  at_customs: 'At Customs',
  ready_for_pickup: 'Ready for Pickup',
  out_for_delivery: 'Out for Delivery',
  delivered: 'Delivered',
  on_hold: 'On Hold',
  abandoned: 'Abandoned',
};

function expectFigures(d: Dashboard, e: Awaited<ReturnType<typeof expected>>) {
  expect(chart(d, 'packages_by_status')).toEqual(Object.fromEntries(Object.entries(e.byStatus).map(([s, n]) => [LABELS[s], n])));
  expect(card(d, 'ready_for_pickup')).toBe(e.ready);
  expect(card(d, 'uncollected')).toBe(e.uncollected);
  expect(card(d, 'invoiced_this_month')).toBe(e.invoiced);
  expect(card(d, 'collected_this_month')).toBe(e.collected);
  expect(card(d, 'open_tickets')).toBe(e.openTickets);
}

let packageNo = 900_000;
function pkg(courierId: number, customerId: number, status: (typeof packages.$inferInsert)['status'], readyDaysAgo?: number) {
  packageNo += 1;
  return {
    courierId,
    customerId,
    packageNumber: `PKG-${packageNo}`,
    trackingNumber: `TEST${packageNo}`,
    status,
    weightLb: 2,
    readyAt: readyDaysAgo === undefined ? null : new Date(Date.now() - readyDaysAgo * DAY),
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  tokens.super = await loginAs(t, 'super_admin');
  tokens.admin = await loginAs(t, 'courier_admin');
  const [cust] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!cust) throw new Error('no demo customer');
  tokens.customer = (
    await t.ctx.tokens.sign({ sub: subjectOf('customer', cust.id), role: 'customer', type: 'access', courierId: cust.courierId }, 3600)
  ).token;
  demo.courierId = cust.courierId;
  demo.customerId = cust.id;
  demo.branchId = cust.branchId ?? 0;

  const created = await t.api('POST', '/platform/couriers', token('super'), {
    name: 'Island Box',
    code: 'ibx',
    email: 'hello@islandbox.test',
    admin: { firstName: 'Omar', lastName: 'Grant', email: 'omar@islandbox.test', password: 'IslandBox#2026' },
  });
  expect(created.statusCode).toBe(201);
  other.courierId = created.json().id;
  tokens.otherAdmin = await tokenFor(t, 'omar@islandbox.test');
  const [otherCustomer] = await t.db
    .insert(customers)
    .values({
      courierId: other.courierId,
      mailboxNumber: 'IBX-10001',
      firstName: 'Dane',
      lastName: 'Morris',
      email: 'dane@example.test',
      passwordHash: 'x',
    })
    .returning();
  other.customerId = otherCustomer?.id ?? 0;

  // The other courier: figures of every kind, which the demo courier's people must never count.
  await t.db
    .insert(packages)
    .values([
      pkg(other.courierId, other.customerId, 'ready_for_pickup', 20),
      pkg(other.courierId, other.customerId, 'ready_for_pickup', 1),
      pkg(other.courierId, other.customerId, 'in_transit'),
    ]);
  await t.db.insert(invoices).values({
    courierId: other.courierId,
    customerId: other.customerId,
    invoiceNo: 'INV-IBX-1',
    totalCents: 12_345_00,
    paidCents: 2_000_00,
    status: 'partially_paid',
    exchangeRate: 160,
  });
  await t.db.insert(payments).values({
    courierId: other.courierId,
    customerId: other.customerId,
    receiptNo: 'RCT-IBX-1',
    amountCents: 2_000_00,
    method: 'cash',
  });
  await t.db.insert(tickets).values({
    courierId: other.courierId,
    customerId: other.customerId,
    ticketNo: 'TKT-IBX-1',
    subject: 'Where is my parcel',
    department: 'Customer Service',
  });

  // The demo courier: an uncollected package, two open tickets and a resolved one, a payment and
  // a voided invoice this month (not revenue), and 55 delivered packages for the demo customer (Bronze).
  await t.db
    .insert(packages)
    .values([
      pkg(demo.courierId, demo.customerId, 'ready_for_pickup', 16),
      ...Array.from({ length: 55 }, () => pkg(demo.courierId, demo.customerId, 'delivered')),
    ]);
  await t.db.insert(tickets).values([
    { courierId: demo.courierId, customerId: demo.customerId, ticketNo: 'TKT-T-1', subject: 'A', department: 'Billing' },
    {
      courierId: demo.courierId,
      customerId: demo.customerId,
      ticketNo: 'TKT-T-2',
      subject: 'B',
      department: 'Billing',
      status: 'In Progress',
    },
    {
      courierId: demo.courierId,
      customerId: demo.customerId,
      ticketNo: 'TKT-T-3',
      subject: 'C',
      department: 'Billing',
      status: 'Resolved',
    },
  ]);
  await t.db.insert(invoices).values([
    {
      courierId: demo.courierId,
      customerId: demo.customerId,
      invoiceNo: 'INV-T-1',
      totalCents: 5_000_00,
      status: 'unpaid',
      exchangeRate: 160,
    },
    {
      courierId: demo.courierId,
      customerId: demo.customerId,
      invoiceNo: 'INV-T-2',
      totalCents: 9_999_00,
      status: 'void',
      exchangeRate: 160,
    },
  ]);
  await t.db
    .insert(payments)
    .values({ courierId: demo.courierId, customerId: demo.customerId, receiptNo: 'RCT-T-1', amountCents: 1_500_00, method: 'card' });
});
afterAll(async () => t?.close());

describe('the courier dashboard figures', () => {
  it('shows the courier admin their own courier’s figures, counted from the tables', async () => {
    const e = await expected(demo.courierId);
    expect(e.uncollected).toBeGreaterThan(0);
    expect(e.openTickets).toBeGreaterThanOrEqual(2);
    expect(e.collected).toBeGreaterThanOrEqual(1_500_00);
    const d = await dashboard('admin');
    expectFigures(d, e);
    expect(d.cards.find((c) => c.key === 'invoiced_this_month')).toMatchObject({ label: 'Invoiced this month', format: 'money' });
    expect(d.charts.find((c) => c.key === 'packages_by_status')?.label).toBe('Packages by status');
  });

  it('never counts another courier’s figures', async () => {
    const mine = await expected(demo.courierId);
    const theirs = await expected(other.courierId);
    expect(theirs).toMatchObject({ ready: 2, uncollected: 1, invoiced: 12_345_00, collected: 2_000_00, openTickets: 1 });
    expectFigures(await dashboard('otherAdmin'), theirs);
    // A courier admin cannot widen the scope with courierId.
    expectFigures(await dashboard('admin', `?courierId=${other.courierId}`), mine);
  });

  it('gives the super admin the platform, or one courier with courierId', async () => {
    const all = await expected(null);
    expect(all.ready).toBe((await expected(demo.courierId)).ready + 2);
    expectFigures(await dashboard('super'), all);
    expectFigures(await dashboard('super', `?courierId=${other.courierId}`), await expected(other.courierId));
    const d = await dashboard('super');
    expect(d.cards.find((c) => c.key === 'open_tickets')?.href).toBeUndefined();
  });

  it('shows each figure only with its view permission', async () => {
    const makeStaff = async (name: string, email: string, permissions: string[]) => {
      const role = await t.api('POST', '/roles', token('admin'), { name, permissions });
      expect(role.statusCode).toBe(201);
      const staff = await t.api('POST', '/staff', token('admin'), {
        firstName: name,
        lastName: 'Tester',
        email,
        password: 'Tester#2026!',
        role: 'staff',
        roleId: role.json().id,
        branchId: demo.branchId,
      });
      expect(staff.statusCode).toBe(201);
      tokens[name] = await tokenFor(t, email);
    };
    await makeStaff('Packer', 'packer@jamaicaexpress.test', ['dashboard_view', 'packages_view']);
    await makeStaff('Biller', 'biller@jamaicaexpress.test', ['dashboard_view', 'invoices_view', 'tickets_view']);

    const packer = await dashboard('Packer');
    expect(packer.cards.map((c) => c.key)).toEqual(['ready_for_pickup', 'uncollected']);
    expect(packer.charts.map((c) => c.key)).toEqual(['packages_by_status']);

    const biller = await dashboard('Biller');
    const e = await expected(demo.courierId);
    expect(biller.cards.map((c) => c.key)).toEqual(['invoiced_this_month', 'open_tickets']);
    expect(card(biller, 'invoiced_this_month')).toBe(e.invoiced);
    expect(biller.charts).toEqual([]);
  });
});

describe('the customer dashboard figures', () => {
  it('shows the customer their packages by status, balance due and membership tier', async () => {
    const d = await dashboard('customer');
    const byStatus = await rows<{ status: string; n: string | number }>(
      sql`select status, count(*) as n from packages where customer_id = ${demo.customerId} group by status`,
    );
    expect(chart(d, 'packages_by_status')).toEqual(Object.fromEntries(byStatus.map((r) => [LABELS[r.status], Number(r.n)])));
    const [balance] = await rows<{ n: string | number }>(
      sql`select coalesce(sum(total_cents - paid_cents), 0) as n from invoices where customer_id = ${demo.customerId} and status <> 'void'`,
    );
    expect(card(d, 'balance_due')).toBe(Number(balance?.n));
    expect(card(d, 'balance_due')).toBeGreaterThanOrEqual(5_000_00);
    const delivered = byStatus.find((r) => r.status === 'delivered');
    expect(Number(delivered?.n)).toBeGreaterThanOrEqual(55);
    expect(d.membership).toEqual({
      tier: { name: 'Bronze', packageCount: 50, discountPercent: 5 },
      deliveredCount: Number(delivered?.n),
      nextTier: { name: 'Silver', packageCount: 100, discountPercent: 10 },
    });
    // No courier-wide figures for a customer.
    expect(d.cards.map((c) => c.key).sort()).toEqual(['balance_due', 'ready_for_pickup']);
  });
});
