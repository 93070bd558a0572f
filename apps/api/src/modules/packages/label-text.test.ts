import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier, makeUser } from '../../../test/fixtures/comms';
import { multipart } from '../../../test/multipart';
import { type TestApp, buildTestApp } from '../../../test/helper';

/**
 * What the label said (mailbox, name) is kept as text at receiving, so Unknown Packages shows the
 * clue a person needs to find the customer; another courier sees none of it.
 */
let t: TestApp;
let staff: string;
let otherStaff: string;

beforeAll(async () => {
  t = await buildTestApp();
  const tag = Date.now().toString().slice(-5);
  const courier = await makeCourier(t, `LT${tag}`);
  const other = await makeCourier(t, `LU${tag}`);
  staff = (await makeUser(t, courier.id, 'courier_admin')).token;
  otherStaff = (await makeUser(t, other.id, 'courier_admin')).token;
});
afterAll(async () => t?.close());

const unknownList = async (token: string) => {
  const res = await t.api('GET', '/packages/unknown?limit=100', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<{ trackingNumber: string; labelMailbox: string | null; labelName: string | null }>;
};

describe('the label, as read at receiving', () => {
  it('keeps the mailbox and name of a parcel received at the station that matches no customer', async () => {
    const trackingNumber = `1ZLBL${Date.now()}`;
    const res = await t.api('POST', '/packages', staff, { trackingNumber, weightLb: 2, mailbox: 'KIN-99999', labelName: 'Jane Brown' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'unknown', labelMailbox: 'KIN-99999', labelName: 'Jane Brown' });
    expect((await unknownList(staff)).find((p) => p.trackingNumber === trackingNumber)).toMatchObject({
      labelMailbox: 'KIN-99999',
      labelName: 'Jane Brown',
    });
    expect((await unknownList(otherStaff)).find((p) => p.trackingNumber === trackingNumber)).toBeUndefined();
  });

  it("keeps the agent file's mailbox and consignee of a row that matches no customer", async () => {
    const trackingNumber = `1ZLBF${Date.now()}`;
    const file = ['Tracking,Mailbox,Consignee,Weight', `${trackingNumber},KIN-88888,Peter Grant,3`].join('\r\n');
    const body = multipart({}, { field: 'file', name: 'agent.csv', type: 'text/csv', data: Buffer.from(file) });
    const up = await t.api({ method: 'POST', url: '/package-imports', token: staff, ...body });
    expect(up.statusCode, up.body).toBe(201);
    const mapping = { trackingNumber: 'Tracking', mailbox: 'Mailbox', consignee: 'Consignee', weightLb: 'Weight' };
    const run = await t.api('POST', `/package-imports/${up.json().id}/import`, staff, { mapping });
    expect(run.statusCode, run.body).toBeLessThan(300);
    for (let i = 0; i < 200; i++) {
      const imp = await t.api('GET', `/package-imports/${up.json().id}`, staff);
      if (imp.json().status !== 'importing') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await unknownList(staff)).find((p) => p.trackingNumber === trackingNumber)).toMatchObject({
      labelMailbox: 'KIN-88888',
      labelName: 'Peter Grant',
    });
  });
});
