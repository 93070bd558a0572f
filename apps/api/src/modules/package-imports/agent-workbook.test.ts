import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '@courier/shared/domain/datetime';
import { IMPORT_MESSAGES } from '@courier/shared/domain/package-import';
import { packages } from '../../db/schema/packages';
import { courierTimeZone } from '../../lib/courier-zone';
import { agentWorkbook } from '../../../test/fixtures/agent-workbook';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, letterTag } from '../../../test/helper';
import { multipart } from '../../../test/multipart';

let t: TestApp;
let admin: string;
let courierId: number;
const tag = letterTag(5);
const trk = (n: number) => `XL${tag}${String(n).padStart(4, '0')}`;

beforeAll(async () => {
  t = await buildTestApp();
  courierId = (await makeCourier(t, `X${tag}`)).id;
  admin = (await makeUser(t, courierId, 'courier_admin')).token;
  await makeCustomer(t, courierId, { mailboxNumber: `XL${tag}` });
});
afterAll(async () => t?.close());

async function finished(id: number) {
  for (let i = 0; i < 200; i++) {
    const res = await t.api('GET', `/package-imports/${id}`, admin);
    if (res.json().status !== 'importing') return res.json();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

describe('the agent’s Excel workbook, as its office software saves it', () => {
  it('reads date cells, number and currency formats and formula results as values, under a merged title', async () => {
    const mailbox = `XL${tag}`;
    const data = await agentWorkbook([
      { tracking: trk(1), mailbox, weightLb: 12.5, valueUsd: 45.5, received: new Date(Date.UTC(2026, 10, 20)) },
      { tracking: trk(2), mailbox, kg: 5, valueUsd: 1234, received: new Date(Date.UTC(2026, 10, 21)) },
      { tracking: trk(3), mailbox, weightLb: 3, received: new Date(Date.UTC(2026, 10, 27)) },
    ]);
    const body = multipart({}, { field: 'file', name: 'receipts.xlsx', type: 'application/octet-stream', data });
    const res = await t.api({ method: 'POST', url: '/package-imports', token: admin, ...body });
    expect(res.statusCode).toBe(201);
    const upload = res.json();
    // The title row above is no header; the header row is the agent's own.
    expect(upload.headers).toEqual(['Tracking #', 'Mailbox', 'Weight', 'Pcs', 'Value', 'Date Received', 'Notes']);
    expect(upload.totalRows).toBe(3);
    expect(upload.mapping).toMatchObject({
      trackingNumber: 'Tracking #',
      mailbox: 'Mailbox',
      weightLb: 'Weight',
      pieces: 'Pcs',
      valueUsd: 'Value',
      receivedDate: 'Date Received',
    });
    expect(upload.sample[0]).toEqual([trk(1), mailbox, '12.5', '1', '45.5', '2026-11-20', 'row 3']);
    expect(upload.sample[1].slice(2, 6)).toEqual(['11.02', '1', '1234', '2026-11-21']);

    const preview = (await t.api('POST', `/package-imports/${upload.id}/preview`, admin, { mapping: upload.mapping })).json();
    expect(preview.counts).toMatchObject({ received: 3, invalid: 0 });

    expect((await t.api('POST', `/package-imports/${upload.id}/import`, admin, { mapping: upload.mapping })).statusCode).toBe(202);
    expect((await finished(upload.id)).counts).toMatchObject({ received: 3, invalid: 0 });
    const rows = await t.db.select().from(packages).where(eq(packages.courierId, courierId));
    const zone = await courierTimeZone(t.db, courierId);
    const of = (n: number) => rows.find((p) => p.trackingNumber === trk(n));
    expect(of(1)).toMatchObject({ weightLb: 12.5, declaredValueUsdCents: 4550 });
    expect(of(2)).toMatchObject({ weightLb: 11.02, declaredValueUsdCents: 123_400 });
    expect(dayInZone(of(1)?.receivedAt as Date, zone)).toBe('2026-11-20');
    expect(dayInZone(of(2)?.receivedAt as Date, zone)).toBe('2026-11-21');
    // Every row in: the import is done and is not run twice.
    const twice = await t.api('POST', `/package-imports/${upload.id}/import`, admin, { mapping: upload.mapping });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(IMPORT_MESSAGES.alreadyImported);
  });
});
