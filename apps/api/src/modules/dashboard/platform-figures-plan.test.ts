import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier } from '../../../test/fixtures/comms';
import { planNodes } from '../../../test/fixtures/query-plan';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { invoicedSince, monthStartInZone, takenSince } from './figures.section';
import { customerFiguresQuery } from './organisation.section';

/**
 * The dashboard's customer, invoiced and collected figures, of one courier and of the whole
 * platform, with 20,000 customers, invoices and payments: their plans read this month's (or the
 * active) rows through an index, never a whole table, and they answer what plain SQL answers.
 */
let t: TestApp;
const courierIds: number[] = [];
/** The first instants of the last six months in Jamaica, and of the next month. */
const starts = Array.from({ length: 7 }, (_, i) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5 + i, 1, 5)).toISOString();
});
const since = monthStartInZone('America/Jamaica');

beforeAll(async () => {
  t = await buildTestApp();
  for (const code of ['PFA', 'PFB']) courierIds.push((await makeCourier(t, code)).id);
  for (const id of courierIds) {
    // 10,000 customers a courier who joined over 900 days, one in 7 inactive, one in 5 a business.
    await t.db.execute(sql`insert into customers (courier_id, mailbox_number, first_name, last_name, email, password_hash,
        active, account_type, created_at)
      select ${id}, 'PF-' || ${id} || '-' || n, 'Plan', 'Figures', 'pf' || n || '@' || ${id} || '.test', 'x',
        n % 7 <> 0, case when n % 5 = 0 then 'business' else 'individual' end, now() - (n % 900) * interval '1 day' - interval '1 hour'
      from generate_series(1, 10000) n`);
    // 10,000 invoices and payments a courier over 400 days, one invoice in 9 void, one payment in 8 account credit.
    await t.db.execute(sql`insert into invoices (courier_id, customer_id, invoice_no, status, total_cents, paid_cents,
        gct_percent, exchange_rate, issued_at)
      select ${id}, (select min(id) from customers where courier_id = ${id}), 'INV-' || n,
        case when n % 9 = 0 then 'void' else 'paid' end, 1000 + n, 0, '15', 15700, now() - (n % 400) * interval '1 day'
      from generate_series(1, 10000) n`);
    await t.db.execute(sql`insert into payments (courier_id, customer_id, receipt_no, amount_cents, method, paid_at)
      select ${id}, (select min(id) from customers where courier_id = ${id}), 'RCT-' || n, 500 + n,
        case when n % 8 = 0 then 'account_credit' else 'cash' end, now() - (n % 400) * interval '1 day'
      from generate_series(1, 10000) n`);
  }
  for (const table of ['customers', 'invoices', 'payments', 'couriers']) await t.db.execute(sql.raw(`vacuum analyze ${table}`));
}, 120_000);
afterAll(async () => t?.close());

/** How the plan reads `table`: each scan's kind, index, and the index condition. */
const scanned = async (query: SQL, table: string) =>
  (await planNodes(t.db, query))
    .filter((n) => n['Relation Name'] === table || n['Index Name']?.startsWith(`${table}_`))
    .filter((n) => n['Node Type'] !== 'Bitmap Heap Scan')
    .map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''} ${n['Index Cond'] ?? ''}`);

/** Each scan searches its index by courier first: the courier's (or each courier's) rows alone. */
function expectByCourier(scans: string[], courierId: number | null) {
  expect(scans.length).toBeGreaterThan(0);
  for (const scan of scans) {
    expect(scan, `courier ${courierId}`).not.toContain('Seq Scan');
    expect(scan).toContain(courierId === null ? '(courier_id = ANY ' : `(courier_id = ${courierId})`);
  }
}

async function one(query: SQL): Promise<number> {
  const rows = ((await t.db.execute(query)) as unknown as { rows: Array<{ n: string | number }> }).rows;
  return Number(rows[0]?.n);
}

describe('the dashboard figures at 20,000 customers, invoices and payments', () => {
  it("reads a courier's customers through their indexes, never the whole table", async () => {
    const courierId = courierIds[0] ?? 0;
    const nodes = await scanned(customerFiguresQuery(courierId, starts), 'customers');
    expectByCourier(nodes, courierId);
    expect(nodes.join()).toContain('customers_courier_active_idx');
    expect(nodes.join()).toContain('customers_courier_id_created_at_index');
    // The platform's figures count every courier's customers: an index by courier or the whole
    // table are both fair plans for that (the planner picks by the visibility map and statistics),
    // but an index it searches is searched by the list of couriers.
    for (const scan of await scanned(customerFiguresQuery(null, starts), 'customers')) {
      if (!scan.startsWith('Seq Scan')) expect(scan).toContain('(courier_id = ANY ');
    }
  });

  it("reads this month's invoices and payments alone", async () => {
    for (const courierId of [null, courierIds[0] ?? 0]) {
      expectByCourier(await scanned(invoicedSince(t.db, courierId, since).getSQL(), 'invoices'), courierId);
      expectByCourier(await scanned(takenSince(t.db, courierId, since).getSQL(), 'payments'), courierId);
    }
  });

  it('answers what plain SQL answers, for each courier and the platform', async () => {
    for (const courierId of [...courierIds, null]) {
      const where = courierId === null ? sql`true` : sql`courier_id = ${courierId}`;
      const [figures] = (
        (await t.db.execute(customerFiguresQuery(courierId, starts))) as unknown as {
          rows: Array<{ n_active: number; n_business: number; months: number[] }>;
        }
      ).rows;
      expect(figures?.n_active).toBe(await one(sql`select count(*) as n from customers where ${where} and active`));
      expect(figures?.n_business).toBe(
        await one(sql`select count(*) as n from customers where ${where} and active and account_type = 'business'`),
      );
      const months = await Promise.all(
        starts
          .slice(0, -1)
          .map((start, i) =>
            one(
              sql`select count(*) as n from customers where ${where} and created_at >= ${start}::timestamptz and created_at < ${starts[i + 1]}::timestamptz`,
            ),
          ),
      );
      expect(figures?.months).toEqual(months);
      expect(months.reduce((s, n) => s + n, 0)).toBeGreaterThan(1000);

      const [invoiced] = await invoicedSince(t.db, courierId, since);
      const [taken] = await takenSince(t.db, courierId, since);
      const sinceText = since.toISOString();
      expect(invoiced?.cents).toBe(
        await one(
          sql`select coalesce(sum(total_cents), 0) as n from invoices where ${where} and status <> 'void' and issued_at >= ${sinceText}::timestamptz`,
        ),
      );
      expect(taken?.cents).toBe(
        await one(sql`select coalesce(sum(amount_cents), 0) as n from payments where ${where} and paid_at >= ${sinceText}::timestamptz
          and method <> 'account_credit' and not test`),
      );
      expect(taken?.cents).toBeGreaterThan(0);
    }
  });
});
