import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICKUP_MESSAGES } from '@courier/shared/schemas/integrations';
import { packageImports } from '../../db/schema/package-imports';
import { packages } from '../../db/schema/packages';
import { runPickupRound } from '../../jobs/agent-pickup-job';
import { SecretBox } from '../../lib/secret-box';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, bearer, buildTestApp } from '../../../test/helper';

/** The agent's HTTPS folder as a listing of its files (served here on loopback over plain HTTP, test mode). */
const files = new Map<string, string>();
let listingStatus = 200;
const folder: Server = createServer((req, res) => {
  const path = decodeURIComponent((req.url ?? '/').replace(/^\/agent\//, ''));
  if (path === '' || path === 'index.json') {
    res
      .writeHead(listingStatus, { 'content-type': 'application/json' })
      .end(JSON.stringify({ files: [...files.keys()].map((name) => ({ name })) }));
    return;
  }
  const body = files.get(path);
  if (body === undefined) res.writeHead(404).end('not here');
  else res.writeHead(200, { 'content-type': 'text/csv' }).end(body);
});

let t: TestApp;
let admin: string;
let courierId: number;
let mailbox: string;
const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
const csv = (from: number, to: number) =>
  [
    'Tracking Number,Mailbox,Weight',
    ...Array.from({ length: to - from }, (_, i) => `PU${tag}${String(from + i).padStart(4, '0')},${mailbox},2.5`),
  ].join('\n');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

beforeAll(async () => {
  t = await buildTestApp();
  courierId = (await makeCourier(t, `P${tag}`)).id;
  admin = (await makeUser(t, courierId, 'courier_admin')).token;
  mailbox = (await makeCustomer(t, courierId, { mailboxNumber: `PU${tag}` })).mailboxNumber;
  await new Promise<void>((resolve) => folder.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  folder.close();
  await t?.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(admin), payload: payload as never });
const ofCourier = () => t.db.select().from(packages).where(eq(packages.courierId, courierId));

describe('scheduled pick-up from the agent’s folder', () => {
  it('imports each new file of the folder once, with a report', async () => {
    expect((await call('POST', '/settings/agent-pickup/run')).json().message).toBe(PICKUP_MESSAGES.notConfigured);
    const url = `http://127.0.0.1:${(folder.address() as AddressInfo).port}/agent/`;
    const saved = await call('PUT', '/settings/agent-pickup', { url, active: true });
    expect(saved.statusCode).toBe(200);
    files.set('2026-11-25.csv', csv(0, 3));
    files.set('2026-11-26.csv', csv(3, 5));
    files.set('notes.txt', 'not a file of parcels');

    const run = await call('POST', '/settings/agent-pickup/run');
    expect(run.statusCode).toBe(200);
    expect(run.json().files.map((f: { name: string; error: string | null }) => [f.name, f.error])).toEqual([
      ['2026-11-25.csv', null],
      ['2026-11-26.csv', null],
    ]);
    expect(await ofCourier()).toHaveLength(5);
    const imports = await t.db.select().from(packageImports).where(eq(packageImports.courierId, courierId));
    expect(imports.map((i) => [i.source, i.status, i.counts?.received])).toEqual([
      ['pickup', 'done', 3],
      ['pickup', 'done', 2],
    ]);

    // Read again: the same files are not imported twice; a new one is.
    files.set('2026-11-27.csv', csv(5, 6));
    const again = await call('POST', '/settings/agent-pickup/run');
    expect(again.json().files.map((f: { name: string }) => f.name)).toEqual(['2026-11-27.csv']);
    expect(await ofCourier()).toHaveLength(6);
  });

  it('reads the folder on the schedule through the job, and says when the folder cannot be read', async () => {
    files.set('2026-11-28.csv', csv(6, 8));
    await runPickupRound(
      { db: t.db, mailer: t.ctx.mailer },
      { allowPrivate: true },
      new SecretBox(t.ctx.tokens.secret),
      silent,
      new Date(Date.now() + 16 * 60_000),
    );
    expect(await ofCourier()).toHaveLength(8);
    listingStatus = 503;
    await runPickupRound(
      { db: t.db, mailer: t.ctx.mailer },
      { allowPrivate: true },
      new SecretBox(t.ctx.tokens.secret),
      silent,
      new Date(Date.now() + 32 * 60_000),
    );
    const source = (await call('GET', '/settings/agent-pickup')).json();
    expect(source.lastError).toBe(PICKUP_MESSAGES.folderUnreachable('HTTP 503'));
  });
});
