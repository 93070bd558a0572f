import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '@courier/shared/domain/package-import';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, letterTag } from '../../../test/helper';
import { multipart } from '../../../test/multipart';

let t: TestApp;
let admin: string;
let courierId: number;
const tag = letterTag(5);

beforeAll(async () => {
  t = await buildTestApp();
  courierId = (await makeCourier(t, `Q${tag}`)).id;
  admin = (await makeUser(t, courierId, 'courier_admin')).token;
  await makeCustomer(t, courierId, { mailboxNumber: `PC${tag}` });
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

describe('a multi-piece shipment in the agent’s file', () => {
  it('arrives as its pieces, each its own package (piece 1 of 3, 2 of 3, 3 of 3), and is not doubled on a second file', async () => {
    const csv = ['Tracking #,Mailbox,Weight,Pcs', `PC${tag}01,PC${tag},30,3`, `PC${tag}02,PC${tag},2,1`].join('\n');
    const run = async (name: string) => {
      const body = multipart({}, { field: 'file', name, type: 'text/csv', data: Buffer.from(csv) });
      const up = (await t.api({ method: 'POST', url: '/package-imports', token: admin, ...body })).json();
      expect((await t.api('POST', `/package-imports/${up.id}/import`, admin, { mapping: up.mapping })).statusCode).toBe(202);
      return finished(up.id);
    };
    const done = await run('pieces.csv');
    const rows = await t.db.select().from(packages).where(eq(packages.courierId, courierId));
    const shipment = rows.filter((p) => p.trackingNumber === `PC${tag}01`).sort((a, b) => a.pieceNumber - b.pieceNumber);
    expect(shipment.map((p) => [p.pieceNumber, p.pieceCount, p.weightLb, p.status])).toEqual([
      [1, 3, 10, 'received'],
      [2, 3, 10, 'received'],
      [3, 3, 10, 'received'],
    ]);
    expect(rows.find((p) => p.trackingNumber === `PC${tag}02`)).toMatchObject({ pieceNumber: 1, pieceCount: 1 });
    const row2 = done.rows.find((r: { row: number }) => r.row === 2);
    expect(row2).toMatchObject({ outcome: 'received', packageNumber: shipment[0]?.packageNumber });
    expect(row2.messages).toContain(IMPORT_MESSAGES.piecesReceived(shipment.map((p) => p.packageNumber)));
    const events = await t.db
      .select()
      .from(packageEvents)
      .where(eq(packageEvents.packageId, shipment[1]?.id as number));
    expect(events[0]?.note).toContain('piece 2 of 3');

    const again = await run('pieces-again.csv');
    expect(again.counts).toMatchObject({ received: 0, alreadyReceived: 2 });
    expect(await t.db.select().from(packages).where(eq(packages.courierId, courierId))).toHaveLength(4);
  });
});
