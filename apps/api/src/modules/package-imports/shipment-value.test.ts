import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxDeclaredValues, nextBoxDeclaredValue } from '@courier/shared/domain/shipment-value';
import { packages } from '../../db/schema/packages';
import { preAlerts } from '../../db/schema/pre-alerts';
import { agentWorkbook } from '../../../test/fixtures/agent-workbook';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, letterTag } from '../../../test/helper';
import { multipart } from '../../../test/multipart';
import { claimImport, createImport, runImport } from './package-imports.service';

/**
 * A shipment of several boxes declares its value once, on piece 1 (decision 049): customs counts
 * it once, by every way a shipment comes in. Each row: the path, and the boxes' values it must write.
 */

let t: TestApp;
let admin: string;
let courierId: number;
let customerId: number;
let mailbox: string;
const tag = letterTag(5);
const trk = (path: string) => `DV${tag}${path}`;

beforeAll(async () => {
  t = await buildTestApp();
  courierId = (await makeCourier(t, `V${tag}`)).id;
  admin = (await makeUser(t, courierId, 'courier_admin')).token;
  const customer = await makeCustomer(t, courierId, { mailboxNumber: `DV${tag}` });
  customerId = customer.id;
  mailbox = customer.mailboxNumber;
});
afterAll(async () => t?.close());

async function uploadCsv(csv: string) {
  const body = multipart({}, { field: 'file', name: `${tag}.csv`, type: 'text/csv', data: Buffer.from(csv) });
  const up = (await t.api({ method: 'POST', url: '/package-imports', token: admin, ...body })).json();
  expect((await t.api('POST', `/package-imports/${up.id}/import`, admin, { mapping: up.mapping })).statusCode).toBe(202);
  for (let i = 0; i < 200; i++) {
    if ((await t.api('GET', `/package-imports/${up.id}`, admin)).json().status !== 'importing') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

/** Each way a 3-box shipment declared at USD 300.00 comes in. */
const PATHS: Array<{ path: string; receive: (tracking: string) => Promise<void>; values: Array<number | null> }> = [
  {
    path: 'the agent’s file, uploaded',
    receive: (tracking) => uploadCsv(['Tracking #,Mailbox,Weight,Pcs,Declared Value', `${tracking},${mailbox},9,3,$300.00`].join('\n')),
    values: [30000, 0, 0],
  },
  {
    path: 'the agent’s file, value from the customer’s pre-alert',
    receive: async (tracking) => {
      await t.db
        .insert(preAlerts)
        .values({ courierId, customerId, trackingNumber: tracking, merchant: 'Amazon', description: 'TV', declaredValueUsdCents: 30000 });
      await uploadCsv(['Tracking #,Mailbox,Weight,Pcs', `${tracking},${mailbox},9,3`].join('\n'));
    },
    values: [30000, 0, 0],
  },
  {
    path: 'the agent’s workbook, picked up from the SFTP folder',
    receive: async (tracking) => {
      const who = { courierId, user: null };
      const data = await agentWorkbook([{ tracking, mailbox, weightLb: 9, pieces: 3, valueUsd: 300, received: new Date() }]);
      const upload = await createImport(t.db, who, { name: `${tag}.xlsx`, data, source: 'pickup' });
      await claimImport(t.db, courierId, upload.id, upload.mapping);
      await runImport({ db: t.db, mailer: t.ctx.mailer }, who, upload.id);
    },
    values: [30000, 0, 0],
  },
  {
    path: 'the inbound API',
    receive: async (tracking) => {
      const created = await t.api('POST', '/settings/api-keys', admin, { name: 'Agent', scopes: ['packages:write'] });
      const key = created.json().key as string;
      const res = await t.api('POST', '/v1/packages', key, {
        trackingNumber: tracking,
        mailbox,
        weightLb: 9,
        pieces: 3,
        declaredValueUsdCents: 30000,
      });
      expect(res.statusCode, res.body).toBe(201);
    },
    values: [30000, 0, 0],
  },
  {
    path: 'the scan station, the clerk typing the value on every box',
    receive: async (tracking) => {
      for (let piece = 1; piece <= 3; piece++) {
        const res = await t.api('POST', '/packages', admin, {
          trackingNumber: tracking,
          mailbox,
          weightLb: 3,
          pieceCount: 3,
          declaredValueUsdCents: 30000,
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    },
    values: [30000, 0, 0],
  },
  {
    path: 'the scan station, a single box told later it is one of two',
    receive: async (tracking) => {
      expect(
        (await t.api('POST', '/packages', admin, { trackingNumber: tracking, mailbox, weightLb: 3, declaredValueUsdCents: 30000 }))
          .statusCode,
      ).toBe(201);
      expect(
        (
          await t.api('POST', '/packages', admin, {
            trackingNumber: tracking,
            mailbox,
            weightLb: 3,
            pieceCount: 2,
            declaredValueUsdCents: 30000,
          })
        ).statusCode,
      ).toBe(201);
    },
    values: [30000, 0],
  },
];

describe('the declared value of a shipment of several boxes', () => {
  it.each(PATHS.map((p, i) => ({ ...p, n: i })))('is on piece 1 only, by $path', async ({ n, receive, values }) => {
    const tracking = trk(String(n));
    await receive(tracking);
    const boxes = await t.db
      .select({ piece: packages.pieceNumber, value: packages.declaredValueUsdCents })
      .from(packages)
      .where(and(eq(packages.courierId, courierId), eq(packages.trackingNumber, tracking)));
    const byPiece = boxes.sort((a, b) => a.piece - b.piece).map((b) => b.value);
    expect(byPiece).toEqual(values);
    // Customs adds the boxes' values up: the shipment's value, once.
    expect(byPiece.reduce<number>((s, v) => s + (v ?? 0), 0)).toBe(30000);
  });

  it.each([
    { value: 30000, boxes: 1, expected: [30000] },
    { value: 30000, boxes: 3, expected: [30000, 0, 0] },
    { value: 1, boxes: 2, expected: [1, 0] },
    { value: null, boxes: 3, expected: [null, null, null] },
  ])('a file’s $boxes box(es) at $value cents declare $expected', ({ value, boxes, expected }) => {
    expect(boxDeclaredValues(value, boxes)).toEqual(expected);
  });

  it.each([
    { boxesIn: [], asked: 30000, expected: 30000 },
    { boxesIn: [{ declaredValueUsdCents: 30000 }], asked: 30000, expected: 0 },
    { boxesIn: [{ declaredValueUsdCents: null }], asked: 30000, expected: 30000 },
    { boxesIn: [{ declaredValueUsdCents: 0 }], asked: null, expected: 0 },
    { boxesIn: [], asked: null, expected: null },
  ])('a box received alone after $boxesIn, asked $asked, declares $expected', ({ boxesIn, asked, expected }) => {
    expect(nextBoxDeclaredValue(boxesIn, asked)).toBe(expected);
  });
});
