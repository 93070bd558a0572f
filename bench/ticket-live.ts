/**
 * Live tickets: how long a staff reply takes to reach its customer's open stream, with many
 * streams open in one server process (one LISTEN connection fans out to all of them), and whether
 * any stream heard another customer's ticket.
 *
 *   npx tsx bench/ticket-live.ts [--streams 300] [--replies 100]
 *
 * With DATABASE_URL set it uses that PostgreSQL server instead of the embedded one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';

const args = process.argv.slice(2);
function arg(name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}
const STREAMS = arg('streams', 300);
const REPLIES = Math.min(arg('replies', 100), STREAMS);

const { buildApp } = await import('../apps/api/src/app');
const { loadConfig } = await import('../apps/api/src/config');
const { createRuntime } = await import('../apps/api/src/context');
const { couriers } = await import('../apps/api/src/db/schema/couriers');
const { users } = await import('../apps/api/src/db/schema/users');
const { subjectOf } = await import('../apps/api/src/lib/tokens');

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-live-'));
const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }, { DATA_DIR: dataDir });
const { ctx, database } = await createRuntime(config);
const db = ctx.db;
const [courier] = await db.insert(couriers).values({ name: 'Bench Courier', code: 'BLV', apiKey: 'ck_bench_live' }).returning();
if (!courier) throw new Error('courier');
const [admin] = await db
  .insert(users)
  .values({ courierId: courier.id, role: 'courier_admin', firstName: 'Ana', lastName: 'Bench', email: 'ana@bench.test', passwordHash: 'x' })
  .returning();
if (!admin) throw new Error('admin');
await db.execute(sql`
  insert into customers (courier_id, mailbox_number, first_name, last_name, email, password_hash)
  select ${courier.id}, 'BLV-' || g, 'First' || g, 'Last' || g, 'c' || g || '@bench.test', 'x' from generate_series(1, ${STREAMS}) g`);
await db.execute(sql`
  insert into tickets (courier_id, ticket_no, customer_id, subject, department, last_customer_message_at)
  select courier_id, 'TKT-' || lpad(id::text, 6, '0'), id, 'Where is it?', 'Packages', now() from customers where courier_id = ${courier.id}`);
const rows = (await db.execute(
  sql`select t.id as ticket, t.customer_id as customer from tickets t where t.courier_id = ${courier.id} order by t.id`,
)) as unknown as {
  rows: Array<{ ticket: number; customer: number }>;
};
const sign = async (sub: string, role: 'customer' | 'courier_admin') =>
  (await ctx.tokens.sign({ sub, role, type: 'access', courierId: courier.id }, 3600)).token;
const adminToken = await sign(subjectOf('user', admin.id), 'courier_admin');

const app = await buildApp(ctx, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

/** Each customer's stream: the ticket ids it heard, and when. */
const heard = new Map<number, Array<{ ticketId: number; at: number }>>();
const controllers: AbortController[] = [];
const rssBefore = process.memoryUsage().rss;
await Promise.all(
  rows.rows.map(async ({ customer }) => {
    const token = await sign(subjectOf('customer', customer), 'customer');
    const controller = new AbortController();
    controllers.push(controller);
    const response = await fetch(`${origin}/api/tickets/live`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
    const list: Array<{ ticketId: number; at: number }> = [];
    heard.set(customer, list);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let ready: () => void = () => {};
    const isReady = new Promise<void>((r) => {
      ready = r;
    });
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.includes('event: ready')) ready();
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (block.includes('event: ticket') && data)
            list.push({ ticketId: (JSON.parse(data) as { ticketId: number }).ticketId, at: performance.now() });
        }
      }
    })();
    await isReady;
  }),
);
const rssStreams = process.memoryUsage().rss;

const latencies: number[] = [];
for (const { ticket, customer } of rows.rows.slice(0, REPLIES)) {
  const sent = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/api/tickets/${ticket}/messages`,
    headers: { authorization: `Bearer ${adminToken}` },
    payload: { message: 'It flies on Thursday.' },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const list = heard.get(customer) ?? [];
  const start = performance.now();
  while (!list.some((h) => h.ticketId === ticket) && performance.now() - start < 5_000) await new Promise((r) => setImmediate(r));
  const got = list.find((h) => h.ticketId === ticket);
  if (!got) throw new Error(`ticket ${ticket} never reached its customer`);
  latencies.push(got.at - sent);
}
await new Promise((r) => setTimeout(r, 300));
const strays = [...heard.entries()].reduce((n, [customer, list]) => {
  const own = rows.rows.find((r) => r.customer === customer)?.ticket;
  return n + list.filter((h) => h.ticketId !== own).length;
}, 0);
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
console.log(
  `database: ${database.kind}; ${STREAMS} open streams (~${((rssStreams - rssBefore) / 1024 / STREAMS).toFixed(1)} KB each); ` +
    `${REPLIES} staff replies: reply posted → customer's stream p50 ${pct(50)} ms, p99 ${pct(99)} ms (includes the reply itself); ` +
    `events heard by another customer's stream: ${strays}`,
);
for (const c of controllers) c.abort();
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
