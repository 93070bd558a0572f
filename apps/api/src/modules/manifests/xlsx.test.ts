import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_MESSAGES } from '@courier/shared/schemas/manifests';
import { customers } from '../../db/schema/customers';
import { makeCourier, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData, loginAs } from '../../../test/helper';
import { multipart } from '../../../test/multipart';

let t: TestApp;
let staff: string;
let otherAdmin: string;
let id: number;
let number: string;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(rows: Array<Array<string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Warehouse');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(data: Buffer, name = 'manifest.xlsx', token = staff, manifestId = id) {
  const form = multipart({}, { field: 'file', name, type: XLSX_TYPE, data });
  return t.api({
    method: 'POST',
    url: `/manifests/${manifestId}/import.xlsx`,
    token,
    ...form,
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  staff = await loginAs(t, 'branch_manager');
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!c) throw new Error('no demo customer');
  otherAdmin = (await makeUser(t, (await makeCourier(t, 'OXL')).id, 'courier_admin')).token;
  for (const tracking of ['1Z999AA10000000011', '1Z999AA10000000012']) {
    const res = await t.api('POST', '/packages', staff, {
      trackingNumber: tracking,
      weightLb: 3.25,
      mailbox: c.mailboxNumber,
      mode: 'AIR',
    });
    expect(res.statusCode).toBe(201);
  }
  const m = await t.api('POST', '/manifests', staff, { type: 'AIR' });
  id = m.json().id;
  number = m.json().manifestNumber;
});
afterAll(async () => t?.close());

describe('manifest Excel import and export', () => {
  it('imports a warehouse workbook with a row-by-row report, a bad row included', async () => {
    const data = await workbook([
      ['Tracking Number', 'Weight'],
      ['1Z999AA10000000011', 3.25],
      ['NOT-HERE', 1],
      ['1z999aa1 0000000012', 3.25],
      ['1Z999AA10000000011', 3.25],
      ['=cmd()', 1],
    ]);
    const res = await upload(data);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ accepted: 2, refused: 3 });
    expect(report.rows.map((r: { row: number; accepted: boolean; reason?: string }) => [r.row, r.accepted, r.reason ?? ''])).toEqual([
      [2, true, ''],
      [3, false, 'Not received at the warehouse'],
      [4, true, ''],
      [5, false, 'Listed twice in the file'],
      [6, false, 'Not a tracking number'],
    ]);
    expect(report.manifest.pieces).toBe(2);
  });

  it('exports a workbook that opens with the manifest rows', async () => {
    const res = await t.api('GET', `/manifests/${id}/export.xlsx`, staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toContain(`${number}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = wb.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(3);
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1).slice(0, 3)).toEqual(['manifest', 'package_number', 'tracking_number']);
    const tracking = [values(2)[2], values(3)[2]].sort();
    expect(tracking).toEqual(['1Z999AA10000000011', '1Z999AA10000000012']);
    expect(values(2)[0]).toBe(number);
    expect(values(2)[8]).toBe(3.25);
  });

  it('refuses a CSV renamed to .xlsx, a broken zip, an empty file and a sheet without the column', async () => {
    const renamed = await upload(Buffer.from('tracking_number\n1Z999AA10000000011\n'), 'manifest.xlsx');
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().message).toBe(MANIFEST_MESSAGES.xlsxNotWorkbook);
    const brokenZip = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]));
    expect(brokenZip.statusCode).toBe(415);
    expect(brokenZip.json().message).toBe(MANIFEST_MESSAGES.xlsxNotWorkbook);
    const empty = await upload(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MANIFEST_MESSAGES.xlsxMissing);
    const noColumn = await upload(await workbook([['weight'], [2]]));
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json().message).toBe(MANIFEST_MESSAGES.xlsxNoHeader);
  });

  it("hides another courier's manifest from its Excel routes", async () => {
    const exported = await t.api('GET', `/manifests/${id}/export.xlsx`, otherAdmin);
    expect(exported.statusCode).toBe(404);
    const imported = await upload(await workbook([['tracking_number'], ['1Z999AA10000000011']]), 'm.xlsx', otherAdmin);
    expect(imported.statusCode).toBe(404);
  });
});
