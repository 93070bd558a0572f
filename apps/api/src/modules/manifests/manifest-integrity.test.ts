import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_MESSAGES, MAWB_IN_USE_CODE } from '@courier/shared/schemas/manifests';
import { auditLog } from '../../db/schema/audit-log';
import { customers } from '../../db/schema/customers';
import { makeCourier, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData, loginAs } from '../../../test/helper';
import { multipart } from '../../../test/multipart';

/** One MAWB / BL per courier unless a split is confirmed; ready for pickup only after arrival; import rows by file line. */
let t: TestApp;
let staff: string;
let otherAdmin: string;
let mailbox: string;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  staff = await loginAs(t, 'branch_manager');
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!c) throw new Error('no demo customer');
  mailbox = c.mailboxNumber;
  otherAdmin = (await makeUser(t, (await makeCourier(t, 'MWB')).id, 'courier_admin')).token;
});
afterAll(async () => t?.close());

describe('one MAWB or bill of lading per courier', () => {
  it('refuses a second manifest with the same MAWB, naming the first, in any spelling', async () => {
    const first = await t.api('POST', '/manifests', staff, { type: 'AIR', mawbOrBl: '001-55550001' });
    expect(first.statusCode).toBe(201);
    const again = await t.api('POST', '/manifests', staff, { type: 'AIR', mawbOrBl: '00155550001 ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: MAWB_IN_USE_CODE,
      message: MANIFEST_MESSAGES.mawbInUse('MAWB', '00155550001', [first.json().manifestNumber]),
    });
    // In the rule's own words, as the clerk reads it in the confirmation.
    expect(again.json().message).toBe(
      `MAWB 00155550001 is already on manifest ${first.json().manifestNumber}. If the shipment is split over several manifests, confirm the split to use it again.`,
    );
    expect(again.json().message).toContain(first.json().manifestNumber);
  });

  it('creates it when a person confirms a split shipment, and keeps the confirmation in the audit log', async () => {
    const split = await t.api('POST', '/manifests', staff, { type: 'AIR', mawbOrBl: '001-55550001', splitShipment: true });
    expect(split.statusCode).toBe(201);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'manifest.split_confirmed'), eq(auditLog.entityId, split.json().manifestNumber)));
    expect(entry?.details).toMatchObject({ mawbOrBl: '001-55550001', sharedWith: [expect.stringMatching(/^MAN-/)] });
    // A third one names both.
    const third = await t.api('POST', '/manifests', staff, { type: 'AIR', mawbOrBl: '001-55550001' });
    expect(third.json().message).toMatch(/already on manifests MAN-\d{6}, MAN-\d{6}\./);
  });

  it('refuses a bill of lading already used when correcting a manifest, and accepts its own number again', async () => {
    const a = (await t.api('POST', '/manifests', staff, { type: 'SEA', mawbOrBl: 'KNG-BL-778' })).json();
    const b = (await t.api('POST', '/manifests', staff, { type: 'SEA' })).json();
    const taken = await t.api('PATCH', `/manifests/${b.id}`, staff, { mawbOrBl: 'kng bl 778' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MANIFEST_MESSAGES.mawbInUse('Bill of lading', 'kng bl 778', [a.manifestNumber]));
    expect((await t.api('GET', `/manifests/${b.id}`, staff)).json().mawbOrBl).toBeNull();
    expect(
      (await t.api('PATCH', `/manifests/${a.id}`, staff, { mawbOrBl: 'KNG-BL-778', flightOrVessel: 'Kingston Express' })).statusCode,
    ).toBe(200);
    const split = await t.api('PATCH', `/manifests/${b.id}`, staff, { mawbOrBl: 'kng bl 778', splitShipment: true });
    expect(split.statusCode).toBe(200);
    expect(split.json().mawbOrBl).toBe('kng bl 778');
  });

  it('lets another courier use the same number', async () => {
    const res = await t.api('POST', '/manifests', otherAdmin, { type: 'AIR', mawbOrBl: '001-55550001' });
    expect(res.statusCode).toBe(201);
  });
});

describe('ready for pickup only after arrival', () => {
  it('refuses an open, closed or shipped manifest in our words and changes nothing', async () => {
    const pkg = await t.api('POST', '/packages', staff, { trackingNumber: '1Z999AA10000009901', weightLb: 1, mailbox, mode: 'AIR' });
    const m = (await t.api('POST', '/manifests', staff, { type: 'AIR' })).json();
    await t.api('POST', `/manifests/${m.id}/packages`, staff, { packageIds: [pkg.json().id] });
    const open = await t.api('POST', `/manifests/${m.id}/ready`, staff);
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe(MANIFEST_MESSAGES.readyBeforeArrival(m.manifestNumber));
    await t.api('POST', `/manifests/${m.id}/close`, staff);
    await t.api('POST', `/manifests/${m.id}/ship`, staff);
    const shipped = await t.api('POST', `/manifests/${m.id}/ready`, staff);
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().message).toBe(
      `${m.manifestNumber} has not arrived: its packages are made ready for pickup once it has arrived and cleared customs`,
    );
    expect((await t.api('GET', `/packages/${pkg.json().id}`, staff)).json().status).toBe('in_transit');
    // Once arrived and scanned it clears.
    await t.api('POST', `/manifests/${m.id}/arrive`, staff);
    await t.api('POST', `/manifests/${m.id}/reconciliation/scans`, staff, { trackingNumber: '1Z999AA10000009901' });
    const ready = await t.api('POST', `/manifests/${m.id}/ready`, staff);
    expect(ready.statusCode).toBe(200);
    expect(ready.json().packages[0].status).toBe('ready_for_pickup');
  });
});

describe('import reports the line of the file', () => {
  const importCsv = (id: number, csv: string) => {
    const form = multipart({}, { field: 'file', name: 'manifest.csv', type: 'text/csv', data: Buffer.from(csv) });
    return t.api({ method: 'POST', url: `/manifests/${id}/import`, token: staff, ...form });
  };
  const rows = (res: { json(): { rows: Array<{ row: number; trackingNumber: string }> } }) =>
    res.json().rows.map((r) => [r.row, r.trackingNumber]);

  it('counts blank lines and quoted line breaks (CSV)', async () => {
    const m = (await t.api('POST', '/manifests', staff, { type: 'AIR' })).json();
    const csv = 'tracking_number,description\n\nNOT-HERE-1,x\n\r\nNOT-HERE-2,"two\nlines"\nNOT-HERE-3,y\n';
    const res = await importCsv(m.id, csv);
    expect(res.statusCode).toBe(200);
    expect(rows(res)).toEqual([
      [3, 'NOTHERE1'],
      [5, 'NOTHERE2'],
      [7, 'NOTHERE3'],
    ]);
  });

  it('names the Excel row number after empty rows', async () => {
    const m = (await t.api('POST', '/manifests', staff, { type: 'AIR' })).json();
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Manifest');
    sheet.getCell('A1').value = 'tracking_number';
    sheet.getCell('A4').value = 'NOT-HERE-4';
    sheet.getCell('A6').value = 'NOT-HERE-6';
    const form = multipart(
      {},
      {
        field: 'file',
        name: 'manifest.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        data: Buffer.from(await wb.xlsx.writeBuffer()),
      },
    );
    const res = await t.api({
      method: 'POST',
      url: `/manifests/${m.id}/import.xlsx`,
      token: staff,
      ...form,
    });
    expect(res.statusCode).toBe(200);
    expect(rows(res)).toEqual([
      [4, 'NOTHERE4'],
      [6, 'NOTHERE6'],
    ]);
  });
});
