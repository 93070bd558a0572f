import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICKUP_MESSAGES, WEBHOOK_MESSAGES } from '@courier/shared/schemas/integrations';
import { emailOutbox } from '../../db/schema/email';
import { notifications } from '../../db/schema/notifications';
import { importSources, packageImports } from '../../db/schema/package-imports';
import { packages } from '../../db/schema/packages';
import { runPickupRound } from '../../jobs/agent-pickup-job';
import { SecretBox } from '../../lib/secret-box';
import { pickUp, savePickupSource } from './agent-pickup.service';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, letterTag } from '../../../test/helper';

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
let adminEmail: string;
let staffEmail: string;
let courierId: number;
let mailbox: string;
const tag = letterTag(5);
const csv = (from: number, to: number) =>
  [
    'Tracking Number,Mailbox,Weight',
    ...Array.from({ length: to - from }, (_, i) => `PU${tag}${String(from + i).padStart(4, '0')},${mailbox},2.5`),
  ].join('\n');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

beforeAll(async () => {
  t = await buildTestApp();
  courierId = (await makeCourier(t, `P${tag}`)).id;
  const a = await makeUser(t, courierId, 'courier_admin');
  admin = a.token;
  adminEmail = a.email;
  staffEmail = (await makeUser(t, courierId, 'staff')).email;
  mailbox = (await makeCustomer(t, courierId, { mailboxNumber: `PU${tag}` })).mailboxNumber;
  await new Promise<void>((resolve) => folder.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  folder.close();
  await t?.close();
});

const ofCourier = () => t.db.select().from(packages).where(eq(packages.courierId, courierId));

describe('scheduled pick-up from the agent’s folder', () => {
  it('imports each new file of the folder once, with a report', async () => {
    expect((await t.api('POST', '/settings/agent-pickup/run', admin)).json().message).toBe(PICKUP_MESSAGES.notConfigured);
    const url = `http://127.0.0.1:${(folder.address() as AddressInfo).port}/agent/`;
    const saved = await t.api('PUT', '/settings/agent-pickup', admin, { url, active: true });
    expect(saved.statusCode).toBe(200);
    files.set('2026-11-25.csv', csv(0, 3));
    files.set('2026-11-26.csv', csv(3, 5));
    files.set('notes.txt', 'not a file of parcels');

    const run = await t.api('POST', '/settings/agent-pickup/run', admin);
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
    const again = await t.api('POST', '/settings/agent-pickup/run', admin);
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
    const source = (await t.api('GET', '/settings/agent-pickup', admin)).json();
    expect(source.lastError).toBe(PICKUP_MESSAGES.folderUnreachable('HTTP 503'));
  });

  it('tells the admins when a file’s rows are refused, shows its outcome, and takes the fixed file again', async () => {
    listingStatus = 200;
    const name = '2026-11-29.csv';
    const bad = [
      'Tracking Number,Mailbox,Weight',
      `PU${tag}0100,${mailbox},2.5`,
      `PU${tag}0101,${mailbox},heavy`,
      `PU${tag}0102,${mailbox},`,
    ];
    files.set(name, bad.join('\n'));
    const before = (await ofCourier()).length;
    const run = await t.api('POST', '/settings/agent-pickup/run', admin);
    expect(run.statusCode).toBe(200);
    const [taken] = run.json().files;
    expect(taken).toMatchObject({ name, error: null, totalRows: 3, imported: 1, refused: 2, needsFix: true });
    expect(await ofCourier()).toHaveLength(before + 1);
    // The pick-up screen lists the file with its outcome.
    const source = (await t.api('GET', '/settings/agent-pickup', admin)).json();
    expect(source.files[0]).toMatchObject({ name, importId: taken.importId, imported: 1, refused: 2, needsFix: true });

    // The admins hear of it in the bell and by e-mail, naming the rows; staff get no e-mail.
    const title = PICKUP_MESSAGES.rowsRefused(name, 2, 3);
    const bell = await t.db.select().from(notifications).where(eq(notifications.courierId, courierId));
    expect(bell.filter((n) => n.type === 'import_problem')).toMatchObject([
      { audience: 'admins', title, targetKind: 'package_import', targetRef: String(taken.importId) },
    ]);
    const mails = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.courierId, courierId))).filter((m) =>
      m.subject.endsWith(`: ${title}`),
    );
    expect(mails.map((m) => m.toAddress)).toEqual([adminEmail]);
    expect(mails[0]?.textBody).toContain(`Row 3 (PU${tag}0101): The weight "heavy" is not a number of pounds`);
    expect(mails[0]?.textBody).toContain(`Row 4 (PU${tag}0102): The weight is empty`);
    expect(mails.some((m) => m.toAddress === staffEmail)).toBe(false);

    // Unchanged, it is not taken again nor told twice.
    expect((await t.api('POST', '/settings/agent-pickup/run', admin)).json().files).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.courierId, courierId))).toHaveLength(bell.length);

    // The agent fixes the file under the same name: it is taken again, the row already in is not doubled.
    files.set(name, [bad[0], bad[1], `PU${tag}0101,${mailbox},3`, `PU${tag}0102,${mailbox},4.5`].join('\n'));
    const fixed = (await t.api('POST', '/settings/agent-pickup/run', admin)).json().files;
    expect(fixed).toMatchObject([{ name, error: null, imported: 2, refused: 0, needsFix: false }]);
    expect(await ofCourier()).toHaveLength(before + 3);
    const [again] = await t.db.select().from(packageImports).where(eq(packageImports.id, fixed[0].importId));
    expect(again?.counts).toMatchObject({ received: 2, alreadyReceived: 1, invalid: 0 });

    // The first import kept its rows: it may run again, and doubles nothing.
    const rerun = await t.api('POST', `/package-imports/${taken.importId}/import`, admin, {
      mapping: { trackingNumber: 'Tracking Number', weightLb: 'Weight', mailbox: 'Mailbox' },
    });
    expect(rerun.statusCode).toBe(202);
    for (let i = 0; i < 100; i++) {
      const [imp] = await t.db.select().from(packageImports).where(eq(packageImports.id, taken.importId));
      if (imp?.status === 'done') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const [first] = await t.db.select().from(packageImports).where(eq(packageImports.id, taken.importId));
    expect(first?.counts).toMatchObject({ received: 0, alreadyReceived: 1, invalid: 2 });
    expect(await ofCourier()).toHaveLength(before + 3);
  });

  it('in production, refuses a folder at an IPv4-mapped loopback address, and a name that resolves to this machine', async () => {
    const production = { allowPrivate: false };
    const port = (folder.address() as AddressInfo).port;
    const box = new SecretBox(t.ctx.tokens.secret);
    await expect(
      savePickupSource(t.db, production, box, courierId, { url: `https://[::ffff:7f00:1]:${port}/agent/`, active: true }),
    ).rejects.toThrow(WEBHOOK_MESSAGES.urlPrivate);
    // The name passes when it is saved; the address it resolves to is refused when the folder is read.
    let connections = 0;
    folder.on('connection', () => connections++);
    await t.db
      .update(importSources)
      .set({ url: `https://${hostname()}:${port}/agent/` })
      .where(eq(importSources.courierId, courierId));
    await expect(pickUp(t.ctx, production, box, courierId)).rejects.toThrow(WEBHOOK_MESSAGES.urlPrivate);
    expect(connections).toBe(0);
  });
});
