/** Fills an empty, migrated database with the benchmark data set and the bench courier's admin. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client';
import { users } from '../../apps/api/src/db/schema/users';
import { hashPassword } from '../../apps/api/src/lib/passwords';
import {
  BENCH_ADMIN,
  BENCH_COURIER_CODE,
  type DatasetSize,
  type Run,
  countOf,
  generateInvoices,
  generatePackages,
  generateTickets,
  vacuumAnalyze,
} from './dataset';
import { load1 } from './measure';

const secondsSince = (t: number) => ((performance.now() - t) / 1000).toFixed(0);

/** Generates the data set unless the database holds packages already; answers whether it did. */
export async function fillUnlessFilled(db: Db, size: DatasetSize): Promise<boolean> {
  const run: Run = (q) => db.execute(q);
  if ((await countOf(run, 'packages')) > 0) {
    console.log('reusing the generated data');
    return false;
  }
  const started = performance.now();
  let step = performance.now();
  const done = (what: string) => {
    console.log(`  ${what} in ${secondsSince(step)} s (load ${load1()})`);
    step = performance.now();
  };
  console.log(`generating ${size.packages} packages, ${size.invoices} invoices, ${size.tickets} tickets per courier...`);
  await generatePackages(run, size.packages);
  done('couriers, customers, manifests, packages');
  const adminId = await insertBenchAdmin(db);
  await generateInvoices(run, size.invoices);
  done('invoices, lines, payments');
  await generateTickets(run, size.tickets, adminId);
  done('tickets');
  await vacuumAnalyze(run);
  done('vacuum analyze');
  console.log(`generated in ${secondsSince(started)} s`);
  return true;
}

/** The bench courier's admin (BENCH_ADMIN), whom the benchmarks sign in as; answers the id. */
export async function insertBenchAdmin(db: Db): Promise<number> {
  const run: Run = (q) => db.execute(q);
  const [courier] = ((await run(sql`select id from couriers where code = ${BENCH_COURIER_CODE}`)) as { rows: Array<{ id: number }> }).rows;
  if (!courier) throw new Error('no bench courier');
  const [admin] = await db
    .insert(users)
    .values({
      courierId: courier.id,
      role: 'courier_admin',
      firstName: 'Bench',
      lastName: 'Admin',
      email: BENCH_ADMIN.email,
      passwordHash: await hashPassword(BENCH_ADMIN.password),
    })
    .returning({ id: users.id });
  if (!admin) throw new Error('admin');
  return admin.id;
}
