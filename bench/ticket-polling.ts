/**
 * How many bell polls (GET /api/tickets/unread/count) one server process answers per second
 * with 10,000 tickets in the courier. The server runs in a child process (one core: Node and the
 * embedded PostgreSQL share its thread); autocannon drives it from this process.
 *
 *   npx tsx bench/ticket-polling.ts [--tickets 10000] [--seconds 10] [--connections 10] [--baseline]
 *
 * With DATABASE_URL set the child uses that PostgreSQL server instead of the embedded one.
 * The per-IP rate limit is lifted (NODE_ENV=test) so the figure is the cost of auth + the query.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';

const args = process.argv.slice(2);
function arg(name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

async function serve(ticketCount: number): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app');
  const { loadConfig } = await import('../apps/api/src/config');
  const { createRuntime } = await import('../apps/api/src/context');
  const { couriers } = await import('../apps/api/src/db/schema/couriers');
  const { users } = await import('../apps/api/src/db/schema/users');
  const { subjectOf } = await import('../apps/api/src/lib/tokens');

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-tickets-'));
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }, { DATA_DIR: dataDir });
  const { ctx, database } = await createRuntime(config);
  const db = ctx.db;

  const [courier] = await db.insert(couriers).values({ name: 'Bench Courier', code: 'BEN', apiKey: 'ck_bench' }).returning();
  if (!courier) throw new Error('courier');
  const [admin] = await db
    .insert(users)
    .values({
      courierId: courier.id,
      role: 'courier_admin',
      firstName: 'Bench',
      lastName: 'Admin',
      email: 'bench@x.test',
      passwordHash: 'x',
    })
    .returning();
  if (!admin) throw new Error('admin');
  // A second courier with its own tickets, so the courier condition has something to exclude.
  const [other] = await db.insert(couriers).values({ name: 'Other', code: 'OTH', apiKey: 'ck_other' }).returning();
  if (!other) throw new Error('other');

  // 1,000 customers, 10,000 tickets with a first message each; the admin has read every other one,
  // so 5,000 are unread for them (the worst case is many unread, not many read).
  await db.execute(sql`
    insert into customers (courier_id, mailbox_number, first_name, last_name, email, password_hash)
    select ${courier.id}, 'BEN-' || g, 'First' || g, 'Last' || g, 'c' || g || '@bench.test', 'x' from generate_series(1, 1000) g`);
  await db.execute(sql`
    insert into customers (courier_id, mailbox_number, first_name, last_name, email, password_hash)
    select ${other.id}, 'OTH-' || g, 'First' || g, 'Last' || g, 'o' || g || '@bench.test', 'x' from generate_series(1, 100) g`);
  await db.execute(sql`
    insert into tickets (courier_id, ticket_no, customer_id, subject, department, status, last_customer_message_at, created_at, updated_at)
    select c.courier_id, 'TKT-' || lpad(g::text, 6, '0'), c.id, 'Ticket ' || g, 'Packages',
      (array['Pending','In Progress','Resolved'])[1 + g % 3], now() - (g || ' minutes')::interval, now(), now()
    from generate_series(1, ${ticketCount}) g
    join customers c on c.courier_id = ${courier.id} and c.mailbox_number = 'BEN-' || (1 + g % 1000)`);
  await db.execute(sql`
    insert into tickets (courier_id, ticket_no, customer_id, subject, department, last_customer_message_at)
    select c.courier_id, 'TKT-' || lpad(g::text, 6, '0'), c.id, 'Other ' || g, 'Billing', now()
    from generate_series(1, 2000) g join customers c on c.courier_id = ${other.id} and c.mailbox_number = 'OTH-' || (1 + g % 100)`);
  await db.execute(sql`
    insert into ticket_messages (courier_id, ticket_id, customer_id, body, created_at)
    select courier_id, id, customer_id, 'Where is my package?', last_customer_message_at from tickets`);
  await db.execute(sql`
    insert into ticket_reads (courier_id, ticket_id, reader_kind, reader_id, last_read_at)
    select courier_id, id, 'user', ${admin.id}, now() from tickets where courier_id = ${courier.id} and id % 2 = 0`);
  await db.execute(sql`
    insert into ticket_unread (courier_id, reader_kind, reader_id, ticket_id)
    select courier_id, 'user', ${admin.id}, id from tickets where courier_id = ${courier.id} and id % 2 = 1`);
  await db.execute(sql`analyze`);

  const token = (
    await ctx.tokens.sign({ sub: subjectOf('user', admin.id), role: 'courier_admin', type: 'access', courierId: courier.id }, 3600)
  ).token;
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const check = await app.inject({ method: 'GET', url: '/api/tickets/unread/count', headers: { authorization: `Bearer ${token}` } });
  const plan = await db.execute(sql`explain select count(*) from (select 1 from ticket_unread
    where courier_id = ${courier.id} and reader_kind = 'user' and reader_id = ${admin.id} limit 100) capped`);
  const planRows = (plan as unknown as { rows: Array<Record<string, string>> }).rows.map((r) => Object.values(r)[0]);
  process.send?.({ port, token, answer: check.json(), plan: planRows, kind: database.kind });
  process.on('message', async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

async function drive(): Promise<void> {
  const tickets = arg('tickets', 10_000);
  const seconds = arg('seconds', 10);
  const connections = arg('connections', 10);
  const child = fork(fileURLToPath(import.meta.url), ['--serve', '--tickets', String(tickets)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const ready = await new Promise<{ port: number; token: string; answer: unknown; plan: string[]; kind: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as never));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  console.log(`database: ${ready.kind}; ${tickets} tickets; answer: ${JSON.stringify(ready.answer)}`);
  console.log(`plan:\n  ${ready.plan.join('\n  ')}`);
  // --baseline: the same harness against GET /api/health (no token, `select 1`) for comparison.
  const target = args.includes('--baseline') ? '/api/health' : '/api/tickets/unread/count';
  const url = `http://127.0.0.1:${ready.port}${target}`;
  const headers = { authorization: `Bearer ${ready.token}` };
  await autocannon({ url, headers, connections, duration: 2 }); // warm-up
  const result = await autocannon({ url, headers, connections, duration: seconds });
  console.log(
    `GET ${target}: ${result.requests.average.toFixed(0)} req/s average (p50 latency ${result.latency.p50} ms, p99 ${result.latency.p99} ms), ` +
      `${result.non2xx} non-2xx, ${result.errors} errors, ${connections} connections, ${seconds} s`,
  );
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
}

if (args.includes('--serve')) await serve(arg('tickets', 10_000));
else await drive();
