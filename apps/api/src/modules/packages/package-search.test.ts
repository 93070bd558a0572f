import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageListQuerySchema } from '@courier/shared/schemas/packages';
import { makeCourier } from '../../../test/fixtures/comms';
import { type PlanNode, nodesOf, planNodes } from '../../../test/fixtures/query-plan';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { packageListClauses } from './package-queries.service';
import { selectPackageListItems } from './package-rows.service';
import { searchUsesTrigrams } from './package-search';

/**
 * The staff list's search box at 100,000 parcels: a text with a trigram goes through the trigram
 * index (and the customers it names), never a read of every parcel, and finds exactly what the
 * plain substring match over the six columns finds.
 */
let t: TestApp;
let courierId: number;

type Rows<T> = { rows: T[] };

/** The list's page query, as `listPackageTable` sends it (a builder: awaiting it runs it). */
async function listQuery(search: string) {
  const query = packageListQuerySchema.parse({ page: '1', limit: '50', search });
  const { clauses } = await packageListClauses(t.db, query, courierId, []);
  return {
    query: () =>
      selectPackageListItems(t.db)
        .where(clauses.where)
        .orderBy(...clauses.orderBy)
        .limit(clauses.limit),
  };
}

async function planOf(search: string): Promise<PlanNode[]> {
  // The reads of packages, with the index scans below them (a bitmap scan's indexes are its children).
  return (await planNodes(t.db, (await listQuery(search)).query().getSQL()))
    .filter((n) => n['Relation Name'] === 'packages')
    .flatMap(nodesOf);
}

/** The plain substring match the list always meant, written out: what the search must find. */
async function plainMatch(search: string): Promise<string[]> {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = (await t.db.execute(sql`
    select p.package_number from packages p
    left join customers c on c.id = p.customer_id and c.courier_id = p.courier_id
    where p.courier_id = ${courierId} and p.voided_at is null and (p.package_number ilike ${pattern}
      or p.tracking_number ilike ${pattern} or c.mailbox_number ilike ${pattern}
      or nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), '') ilike ${pattern}
      or p.merchant ilike ${pattern} or p.description ilike ${pattern})
    order by p.received_at desc, p.id limit 50`)) as unknown as Rows<{ package_number: string }>;
  return result.rows.map((r) => r.package_number);
}

beforeAll(async () => {
  t = await buildTestApp();
  courierId = (await makeCourier(t, 'SRC')).id;
  const other = await makeCourier(t, 'SRO');
  await t.db.execute(sql`insert into customers (courier_id, mailbox_number, first_name, last_name, email, password_hash)
    select ${courierId}, 'SRC-' || lpad(g::text, 5, '0'), (array['Andre','Keisha','Marlon'])[1 + g % 3], 'Brown ' || g,
      'c' || g || '@src.test', 'x' from generate_series(1, 2000) g`);
  // 100,000 parcels for the courier (1% voided) and 20,000 for another one; no statement timeout
  // for filling them on a loaded machine.
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`insert into packages (courier_id, package_number, tracking_number, status, weight_lb, customer_id,
      merchant, description, received_at, voided_at)
    select ${courierId}, 'PKG-' || lpad(n::text, 7, '0'), '1Z' || lpad(n::text, 16, '0'), 'received', 1.5,
      (select min(id) from customers where courier_id = ${courierId}) + n % 2000,
      (array['Amazon','eBay','Shein', null])[1 + n % 4], case when n % 7 = 0 then 'Shoes, size 10%' end,
      now() - (n || ' minutes')::interval, case when n % 100 = 0 then now() end
    from generate_series(1, 100000) n`);
    await tx.execute(sql`insert into packages (courier_id, package_number, tracking_number, status, weight_lb)
    select ${other.id}, 'PKG-' || lpad(n::text, 7, '0'), '1Z' || lpad(n::text, 16, '0'), 'received', 1.5 from generate_series(1, 20000) n`);
  });
  await t.db.execute(sql`analyze packages`);
  await t.db.execute(sql`analyze customers`);
}, 180_000);
afterAll(async () => t?.close());

describe('which searches the trigram index serves', () => {
  it.each([
    ['1Z0000000000054321', true],
    ['SRC-00042', true],
    ['bro', true],
    ['é2a', true],
    ['1Z', false],
    ['a-b c', false],
    ['%_%', false],
    ['', false],
  ])('%s: %s', (search, uses) => {
    expect(searchUsesTrigrams(search)).toBe(uses);
  });
});

describe('the staff list’s search at 100,000 parcels', () => {
  it.each([
    ['a tracking number', '1Z0000000000054321'],
    ['part of a tracking number', '0000054321'],
    ['our package number', 'PKG-0054321'],
    ['a mailbox number', 'SRC-00042'],
  ])('finds %s through the trigram index, not a read of every parcel', async (_what, search) => {
    const plan = await planOf(search);
    expect(plan.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(plan.map((n) => n['Index Name'])).toContain('packages_search_trgm_idx');
  });

  it.each([
    '1Z0000000000054321',
    '0000054300',
    'PKG-005432',
    'SRC-00042',
    'src-0004',
    'Brown 17',
    'keisha brown 1999',
    'shein',
    'size 10%',
    '1Z',
    'e',
    '%',
  ])('finds what a plain substring match finds: %s', async (search) => {
    const expected = await plainMatch(search);
    const got = (await (await listQuery(search)).query()).map((r) => r.packageNumber);
    expect(got).toEqual(expected);
  });
});
