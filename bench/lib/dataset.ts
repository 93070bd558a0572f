/**
 * The benchmark data set, generated with set-based SQL (one INSERT ... SELECT generate_series per
 * table, no row-by-row inserts) so a million packages take under a minute on a PostgreSQL server.
 * It runs through the app's own Drizzle handle, so the same code fills the embedded database
 * (PGlite) and a PostgreSQL server, both migrated with the app's migrations first.
 *
 *   5 couriers, 3 branches each, 50,000 customers, one manifest per ~400 packages,
 *   `packages` packages (default 1,000,000) received over two years, `invoices` invoices
 *   (default 200,000) for the newest billed packages with their lines, package links, payments
 *   and allocations, and a few thousand support tickets per courier.
 */
import { sql } from 'drizzle-orm';

export const COURIERS = 5;
export const CUSTOMERS = 50_000;
export const BRANCHES_PER_COURIER = 3;
/** The courier whose staff the benchmarks sign in as. */
export const BENCH_COURIER_CODE = 'BC1';
export const BENCH_ADMIN = { email: 'bench-admin@bench.test', password: 'BenchAdmin#2026' };

export type Run = (query: ReturnType<typeof sql>) => Promise<unknown>;
type Rows<T> = { rows: T[] };

/** Numbers go into the generator's SQL as literals: as parameters PostgreSQL cannot type them. */
const N = (n: number) => sql.raw(String(Math.trunc(n)));

export interface DatasetSize {
  packages: number;
  invoices: number;
  /** Tickets per courier. */
  tickets: number;
}

export const FULL_SIZE: DatasetSize = { packages: 1_000_000, invoices: 200_000, tickets: 2_000 };

/** Couriers, branches, customers, manifests and packages (the shape documented in docs/performance.md). */
export async function generatePackages(run: Run, total: number): Promise<void> {
  await run(sql`
    insert into couriers (name, code, api_key)
    select 'Bench Courier ' || g, 'BC' || g, 'ck_bench_' || g from generate_series(1, ${N(COURIERS)}) g`);
  await run(sql`
    insert into branches (courier_id, name, code)
    select c.id, (array['Kingston','Montego Bay','Mandeville'])[b], 'B' || b
    from couriers c cross join generate_series(1, ${N(BRANCHES_PER_COURIER)}) b order by c.id, b`);
  // Customers spread evenly over couriers and their branches.
  await run(sql`
    insert into customers (courier_id, branch_id, mailbox_number, first_name, last_name, email, password_hash, created_at)
    select c.id,
      (select min(id) from branches b where b.courier_id = c.id) + (g % ${N(BRANCHES_PER_COURIER)}),
      c.code || '-' || lpad(g::text, 6, '0'),
      (array['Andre','Keisha','Marlon','Tanya','Damion','Shanice','Omar','Kerry-Ann','Ricardo','Sasha'])[1 + g % 10],
      (array['Brown','Williams','Campbell','Thompson','Clarke','Reid','Morgan','Grant','Francis','Henry'])[1 + (g / 10) % 10] || ' ' || g,
      'c' || g || '@' || lower(c.code) || '.bench.test', 'x', now() - (g % 900 || ' days')::interval
    from couriers c cross join generate_series(1, ${N(CUSTOMERS / COURIERS)}) g order by c.id, g`);
  // About one manifest per 400 packages, alternating AIR (most) and SEA.
  const manifests = Math.max(1, Math.ceil(total / COURIERS / 400));
  await run(sql`
    insert into manifests (courier_id, manifest_number, type, branch_id, status, created_at)
    select c.id, 'MAN-' || lpad(m::text, 6, '0'), case when m % 5 = 0 then 'SEA' else 'AIR' end,
      (select min(id) from branches b where b.courier_id = c.id) + (m % ${N(BRANCHES_PER_COURIER)}),
      case when m > ${N(manifests)} - 3 then 'open' else 'reconciled' end,
      now() - ((${N(manifests)} - m) * interval '1 day' * 730 / ${N(manifests)})
    from couriers c cross join generate_series(1, ${N(manifests)}) m order by c.id, m`);
  // Packages: n is the package's number within its courier, the oldest first over two years.
  // Older packages are mostly delivered; the newest are received, in transit, at customs or ready.
  await run(sql`
    with base as materialized (
      select c.id as courier_id, c.code,
        (select min(id) from customers cu where cu.courier_id = c.id) as first_customer,
        (select count(*) from customers cu where cu.courier_id = c.id) as customer_count,
        (select min(id) from branches b where b.courier_id = c.id) as first_branch,
        (select min(id) from manifests m where m.courier_id = c.id) as first_manifest
      from couriers c
    ), raw as (
      select b.*, g, (g - 1) / ${N(COURIERS)} + 1 as n, ${N(total)} / ${N(COURIERS)} as per_courier, random() as r, random() as r2
      from generate_series(1, ${N(total)}) g
      join base b on b.code = 'BC' || (1 + g % ${N(COURIERS)})
    ), shaped as (
      select raw.*,
        now() - ((per_courier - n) * interval '730 days' / per_courier) - (r2 * interval '1 hour') as received,
        case
          when n > per_courier - per_courier / 100 then
            (array['received','received','in_transit','at_customs','ready_for_pickup'])[1 + floor(r * 5)::int]
          when n > per_courier - per_courier / 20 then
            (array['in_transit','at_customs','ready_for_pickup','ready_for_pickup','ready_for_pickup','delivered','on_hold'])[1 + floor(r * 7)::int]
          when r < 0.015 then 'unknown'
          when r < 0.02 then 'abandoned'
          when r < 0.025 then 'on_hold'
          else 'delivered'
        end as st,
        floor(r2 * customer_count)::int as cust_offset
      from raw
    )
    insert into packages (courier_id, package_number, tracking_number, carrier, customer_id, branch_id, status, weight_lb,
      mode, manifest_id, declared_value_usd_cents, description, merchant, received_at, ready_at, delivered_at, created_at, updated_at)
    select courier_id, 'PKG-' || lpad(n::text, 7, '0'),
      case g % 4 when 0 then '1Z' || code || lpad(n::text, 14, '0') when 1 then '9400' || lpad((g * 7)::text, 18, '0')
        when 2 then 'TBA' || lpad((g * 3)::text, 12, '0') else lpad((g * 11)::text, 12, '0') end,
      (array['UPS','USPS','AMAZON','FEDEX'])[1 + g % 4],
      case when st = 'unknown' then null else first_customer + cust_offset end,
      first_branch + (cust_offset % ${N(BRANCHES_PER_COURIER)}),
      st, round((0.5 + r * r * 40)::numeric, 2),
      case when g % 10 = 0 then 'SEA' else 'AIR' end,
      case when st in ('received','unknown') then null else first_manifest + least((n - 1) / 400, greatest(per_courier / 400 - 1, 0)) end,
      (500 + floor(r2 * 30000))::int,
      (array['Clothing','Shoes','Phone case','Books','Vitamins','Laptop','Kitchenware','Toys'])[1 + g % 8],
      (array['Amazon','Shein','eBay','Walmart','Temu','Best Buy'])[1 + g % 6],
      received,
      case when st in ('ready_for_pickup','delivered','abandoned','out_for_delivery') then received + interval '6 days' end,
      case when st = 'delivered' then received + interval '9 days' end,
      received, received + interval '6 days'
    from shaped`);
}

/**
 * Invoices for the newest billed packages: one invoice per customer and week of receipt (so most
 * cover one package, some several), the newest `count` of them. Each has a freight line per package,
 * a processing fee and GCT (15 %); 70 % are paid and 10 % half paid, each by one payment with its
 * allocation. The amounts are plausible, not computed by the calculator: only their shape matters here.
 */
export async function generateInvoices(run: Run, count: number): Promise<void> {
  await run(sql`drop table if exists bench_invoice_groups`);
  // A plain table, not a temporary one: on a pool each statement may run on another connection.
  await run(sql`
    create unlogged table bench_invoice_groups as
    select row_number() over (order by wk desc, customer_id) as gid, *
    from (
      select courier_id, customer_id, date_trunc('week', received_at) as wk, array_agg(id order by id) as ids,
        sum(ceil(weight_lb))::int as lbs
      from packages
      where customer_id is not null and status in ('ready_for_pickup', 'delivered', 'abandoned')
      group by courier_id, customer_id, date_trunc('week', received_at)
    ) g
    order by wk desc, customer_id
    limit ${N(count)}`);
  // Oldest first, so invoice ids grow with time as they do in use.
  await run(sql`
    insert into invoices (courier_id, customer_id, invoice_no, status, freight_cents, processing_cents, gct_cents,
      total_cents, paid_cents, gct_percent, exchange_rate, issued_at, updated_at)
    select courier_id, customer_id, 'INV-' || lpad(gid::text, 7, '0'), st, f, p, t, f + p + t,
      case st when 'paid' then f + p + t when 'partially_paid' then (f + p + t) / 2 else 0 end,
      '15', 15700, wk + interval '3 days', wk + interval '3 days'
    from (
      select g.*, lbs * 80000 as f, 50000 * cardinality(ids) as p, ((lbs * 80000 + 50000 * cardinality(ids)) * 15 / 100) as t,
        case when gid % 10 < 7 then 'paid' when gid % 10 = 7 then 'partially_paid' else 'unpaid' end as st
      from bench_invoice_groups g
    ) x
    order by gid desc`);
  await run(sql`
    insert into invoice_packages (courier_id, invoice_id, package_id)
    select i.courier_id, i.id, unnest(g.ids)
    from bench_invoice_groups g join invoices i on i.courier_id = g.courier_id and i.invoice_no = 'INV-' || lpad(g.gid::text, 7, '0')`);
  await run(sql`
    insert into invoice_lines (courier_id, invoice_id, position, kind, description, package_id, amount_cents)
    select i.courier_id, i.id, u.ord, 'freight', 'Freight ' || p.package_number || ' (' || ceil(p.weight_lb) || ' lb)', p.id,
      ceil(p.weight_lb)::int * 80000
    from bench_invoice_groups g
    join invoices i on i.courier_id = g.courier_id and i.invoice_no = 'INV-' || lpad(g.gid::text, 7, '0')
    cross join lateral unnest(g.ids) with ordinality as u(package_id, ord)
    join packages p on p.id = u.package_id`);
  await run(sql`
    insert into invoice_lines (courier_id, invoice_id, position, kind, description, amount_cents)
    select i.courier_id, i.id, cardinality(g.ids) + k, (array['processing_fee','gct'])[k],
      (array['Processing fee','GCT 15%'])[k], case k when 1 then i.processing_cents else i.gct_cents end
    from bench_invoice_groups g
    join invoices i on i.courier_id = g.courier_id and i.invoice_no = 'INV-' || lpad(g.gid::text, 7, '0')
    cross join generate_series(1, 2) k`);
  await run(sql`
    insert into payments (courier_id, customer_id, receipt_no, amount_cents, method, paid_at)
    select courier_id, customer_id, 'RCT-' || substr(invoice_no, 5), paid_cents,
      (array['cash','card','bank_transfer','online'])[1 + id % 4], issued_at + interval '5 days'
    from invoices where paid_cents > 0 order by id`);
  await run(sql`
    insert into payment_allocations (courier_id, payment_id, invoice_id, amount_cents)
    select p.courier_id, p.id, i.id, p.amount_cents
    from payments p join invoices i on i.courier_id = p.courier_id and i.invoice_no = 'INV-' || substr(p.receipt_no, 5)`);
  await run(sql`drop table bench_invoice_groups`);
}

/**
 * `perCourier` tickets per courier with a first customer message each; `readerId`, a user of the
 * first courier, has half of that courier's tickets unread (the bell's worst case is many unread).
 */
export async function generateTickets(run: Run, perCourier: number, readerId: number): Promise<void> {
  await run(sql`
    insert into tickets (courier_id, ticket_no, customer_id, subject, department, status, last_customer_message_at, created_at, updated_at)
    select c.id, 'TKT-' || lpad(g::text, 6, '0'),
      (select min(id) from customers cu where cu.courier_id = c.id) + (g * 7) % ${N(CUSTOMERS / COURIERS)},
      'Where is my package? ' || g, (array['Packages','Billing','General'])[1 + g % 3],
      (array['Pending','In Progress','Resolved'])[1 + g % 3], now() - (g || ' minutes')::interval, now(), now()
    from couriers c cross join generate_series(1, ${N(perCourier)}) g order by c.id, g`);
  await run(sql`
    insert into ticket_messages (courier_id, ticket_id, customer_id, body, created_at)
    select courier_id, id, customer_id, 'Hello, my package has not arrived yet.', last_customer_message_at from tickets`);
  await run(sql`
    insert into ticket_unread (courier_id, reader_kind, reader_id, ticket_id)
    select t.courier_id, 'user', ${N(readerId)}, t.id
    from tickets t join couriers c on c.id = t.courier_id
    where c.code = ${BENCH_COURIER_CODE} and t.id % 2 = 1`);
}

/** VACUUM as autovacuum would on tables this size: it sets the visibility map for index-only scans. */
export async function vacuumAnalyze(run: Run): Promise<void> {
  await run(sql`vacuum analyze`);
}

export type CountedTable = 'packages' | 'invoices' | 'invoice_lines' | 'invoice_packages' | 'payments' | 'customers' | 'tickets';

export async function countOf(run: Run, table: CountedTable): Promise<number> {
  const result = (await run(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as Rows<{ n: number }>;
  return result.rows[0]?.n ?? 0;
}
