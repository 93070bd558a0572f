import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, letterTag } from '../../../test/helper';
import { multipart } from '../../../test/multipart';

let t: TestApp;
let admin: string;
let mailbox: string;
const tag = letterTag(4);
const trk = (n: number) => `1Z999AA1${tag}${String(n).padStart(6, '0')}`;
const numbers: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const courierId = (await makeCourier(t, `M${tag}`)).id;
  admin = (await makeUser(t, courierId, 'courier_admin')).token;
  mailbox = (await makeCustomer(t, courierId, { mailboxNumber: `MF${tag}` })).mailboxNumber;
  for (const [n, pieces] of [
    [1, 1],
    [2, 1],
    [3, 1],
    [4, 2],
  ] as const) {
    for (let piece = 1; piece <= pieces; piece++) {
      const res = await t.api('POST', '/packages', admin, {
        trackingNumber: trk(n),
        weightLb: 2,
        mailbox,
        mode: 'AIR',
        pieceCount: pieces,
      });
      expect(res.statusCode).toBe(201);
      numbers[`${n}-${piece}`] = res.json().packageNumber;
    }
  }
});
afterAll(async () => t?.close());

async function importCsv(id: number, csv: string) {
  const form = multipart({}, { field: 'file', name: 'manifest.csv', type: 'text/csv', data: Buffer.from(csv) });
  return t.api({ method: 'POST', url: `/manifests/${id}/import`, token: admin, ...form });
}

describe('a manifest from the agent’s own file', () => {
  it('reads the agent’s headers as the package import does, the tracking number when the package column is blank, and every piece', async () => {
    const id = (await t.api('POST', '/manifests', admin, { type: 'AIR' })).json().id;
    const own = await importCsv(id, `Tracking #,Consignee,Pcs\n${trk(1)},Someone,1\n`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ accepted: 1, refused: 0 });

    const both = await importCsv(id, `Package Number,Tracking Number\n,${trk(2)}\n${numbers['3-1']},\n,${trk(4)}\n,\n`);
    expect(both.statusCode).toBe(200);
    expect(
      both.json().rows.map((r: { row: number; accepted: boolean; packageNumber?: string }) => [r.row, r.accepted, r.packageNumber]),
    ).toEqual([
      [2, true, numbers['2-1']],
      [3, true, numbers['3-1']],
      [4, true, `${numbers['4-1']}, ${numbers['4-2']}`],
    ]);
    // The blank row is skipped as a blank line; the manifest holds all five boxes.
    expect(both.json().manifest.pieces).toBe(5);
  });
});
