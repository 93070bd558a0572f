/**
 * Label printing at the station: the time from the station's request to the label's last byte
 * taken by a (loopback) Zebra-type printer on raw TCP, against the PDF label it replaces.
 * The server side is the real app (buildTestApp: its own database, the demo data); the printer is
 * a TCP listener on 127.0.0.1 that counts each job as one ZPL label with the package number.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/label-print.ts [--labels 50]
 *
 * Goal: under 0.3 s a label (p95). Exit status 1 when a job is not exactly one label.
 */
import { type AddressInfo, createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createRuntime } from '../apps/api/src/context';
import { seedDemo } from '../apps/api/src/db/seed';
import { users } from '../apps/api/src/db/schema/users';
import { subjectOf } from '../apps/api/src/lib/tokens';
import { branches } from '../apps/api/src/db/schema/branches';
import { customers } from '../apps/api/src/db/schema/customers';
import { pct } from './lib/measure';

const { values } = parseArgs({ options: { labels: { type: 'string', default: '50' } } });
const n = Number(values.labels);

const jobs: string[] = [];
const printer = createServer((socket) => {
  const chunks: Buffer[] = [];
  socket.on('data', (c) => chunks.push(c));
  socket.on('end', () => {
    jobs.push(Buffer.concat(chunks).toString('utf8'));
    socket.end();
  });
});
await new Promise<void>((r) => printer.listen(0, '127.0.0.1', r));
const port = (printer.address() as AddressInfo).port;

// A database of its own on the server, dropped at the end.
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_labels_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const config = loadConfig(
  { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATABASE_URL: url.toString() },
  { DATA_DIR: path.join(os.tmpdir(), 'courier-bench-unused') },
);
const runtime = await createRuntime(config, { poolSize: 4 });
const app = await buildApp(runtime.ctx, { logger: false });
await app.ready();
const t = {
  db: runtime.ctx.db,
  async close() {
    await app.close();
    await runtime.database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  },
};
await seedDemo(t.db);
const [person] = await t.db.select().from(users).where(eq(users.email, 'admin@jamaicaexpress.test'));
if (!person) throw new Error('no demo courier admin');
const { token } = await runtime.ctx.tokens.sign(
  { sub: subjectOf('user', person.id), role: person.role, type: 'access', courierId: person.courierId },
  3600,
);
const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, payload: payload as never });
const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
const [b] = await t.db
  .select()
  .from(branches)
  .where(eq(branches.courierId, c?.courierId ?? 0));
const registered = (await call('POST', '/label-printers', { branchId: b?.id, name: 'Bench Zebra', host: '127.0.0.1', port })).json();

const ids: Array<{ id: number; packageNumber: string }> = [];
for (let i = 0; i < n; i += 1) {
  const res = await call('POST', '/packages', {
    trackingNumber: `BENCHLBL${String(i).padStart(6, '0')}`,
    weightLb: 2,
    mailbox: c?.mailboxNumber,
  });
  ids.push(res.json());
}

const zplTimes: number[] = [];
const pdfTimes: number[] = [];
let bad = 0;
for (const [i, p] of ids.entries()) {
  const started = performance.now();
  const res = await call('POST', `/packages/${p.id}/print-label`, { printerId: registered.id });
  // Done when the printer has the whole job (the listener saw the connection end).
  while (jobs.length <= i) await new Promise((r) => setImmediate(r));
  zplTimes.push(performance.now() - started);
  const job = jobs[i] ?? '';
  if (!res.json().printed || job.match(/\^XA/g)?.length !== 1 || job.match(/\^XZ/g)?.length !== 1 || !job.includes(p.packageNumber))
    bad += 1;
  const pdfStart = performance.now();
  await call('GET', `/packages/${p.id}/label`);
  pdfTimes.push(performance.now() - pdfStart);
}

console.log(`labels: ${n}, jobs received: ${jobs.length}, jobs not exactly one label with its number: ${bad}`);
console.log(`ZPL to the printer (ms): p50 ${pct(zplTimes, 50)}  p95 ${pct(zplTimes, 95)}  max ${pct(zplTimes, 100)}  (goal < 300)`);
console.log(`PDF label rendered (ms): p50 ${pct(pdfTimes, 50)}  p95 ${pct(pdfTimes, 95)}  max ${pct(pdfTimes, 100)}`);
await t.close();
printer.close();
process.exit(bad === 0 ? 0 : 1);
