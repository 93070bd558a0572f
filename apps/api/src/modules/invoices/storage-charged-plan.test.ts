import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier } from '../../../test/fixtures/comms';
import { planNodes } from '../../../test/fixtures/query-plan';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { storageCharged } from './storage-accrual.service';

/**
 * A customer's invoice list first looks up the storage already charged on their parcels: with
 * 100,000 invoice lines its plan must find the lines by courier and parcel, never read them all.
 */
let t: TestApp;
let courierId: number;
let packageIds: number[];

beforeAll(async () => {
  t = await buildTestApp();
  courierId = (await makeCourier(t, 'ILP')).id;
  const other = await makeCourier(t, 'ILO');
  for (const id of [courierId, other.id]) {
    await t.db.execute(sql`insert into customers (courier_id, mailbox_number, first_name, last_name, email, password_hash)
      values (${id}, 'ILP-' || ${id}, 'Plan', 'Test', 'plan' || ${id} || '@plan.test', 'x')`);
    await t.db.execute(sql`insert into packages (courier_id, package_number, tracking_number, status, weight_lb)
      select ${id}, 'PKG-' || lpad(n::text, 7, '0'), 'PT' || lpad(n::text, 16, '0'), 'ready_for_pickup', 1.5
      from generate_series(1, 10000) n`);
    await t.db.execute(sql`insert into invoices (courier_id, customer_id, invoice_no, status, total_cents, paid_cents, gct_percent, exchange_rate)
      select ${id}, (select id from customers where courier_id = ${id}), 'INV-' || lpad(n::text, 7, '0'), 'paid', 1000, 1000, '15', 15700
      from generate_series(1, 10000) n`);
    // Five lines per invoice, freight and storage for one parcel each: 50,000 lines per courier.
    await t.db.execute(sql`insert into invoice_lines (courier_id, invoice_id, position, kind, description, package_id, amount_cents)
      select i.courier_id, i.id, k, (array['freight','storage_fee','processing_fee','gct','storage_fee'])[k], 'line', p.id, 100
      from invoices i join packages p on p.courier_id = i.courier_id and p.package_number = 'PKG-' || substr(i.invoice_no, 5)
      cross join generate_series(1, 5) k where i.courier_id = ${id}`);
  }
  packageIds = (
    (await t.db.execute(sql`select id from packages where courier_id = ${courierId} order by id limit 2 offset 5000`)) as unknown as {
      rows: Array<{ id: number }>;
    }
  ).rows.map((r) => r.id);
  await t.db.execute(sql`analyze invoice_lines`);
  await t.db.execute(sql`analyze invoices`);
  await t.db.execute(sql`analyze packages`);
}, 120_000);
afterAll(async () => t?.close());

describe('storage already charged, at 100,000 invoice lines', () => {
  it('reads the lines of the parcels through their index', async () => {
    const lines = (await planNodes(t.db, storageCharged(t.db, courierId, packageIds).getSQL())).filter(
      (n) => n['Relation Name'] === 'invoice_lines',
    );
    expect(lines.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(lines.map((n) => n['Index Name'])).toContain('invoice_lines_courier_id_package_id_index');
  });

  it('sums the storage of each parcel', async () => {
    const charged = await storageCharged(t.db, courierId, packageIds);
    expect(charged.map((r) => r.cents)).toEqual([200, 200]);
  });
});
