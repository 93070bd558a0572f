import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_IMPORT_MAX_ROWS, MANIFEST_MESSAGES } from '@courier/shared/schemas/manifests';
import { customers } from '../../src/db/schema/customers';
import { XLSX_LIMITS } from '../../src/modules/manifests/xlsx';
import { type TestApp, buildTestApp, seedDemoData, loginAs } from '../helper';
import { multipart } from '../multipart';
import { SHEET_HEAD, SHEET_TAIL, entryOf, repeatedEntry, trackingRow, workbookParts, zip } from './zip-bomb';

/**
 * A manifest workbook that unpacks to far more than it weighs is refused with a
 * 400 before exceljs parses it, quickly and without the memory. Each bomb is built here.
 */
let t: TestApp;
let staff: string;
let manifestId: number;
const TRACKING = '1Z999AA10000000077';

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  staff = await loginAs(t, 'branch_manager');
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!c) throw new Error('no demo customer');
  const pkg = await t.api('POST', '/packages', staff, { trackingNumber: TRACKING, weightLb: 2, mailbox: c.mailboxNumber, mode: 'AIR' });
  expect(pkg.statusCode).toBe(201);
  const m = await t.api('POST', '/manifests', staff, { type: 'AIR' });
  manifestId = m.json().id;
});
afterAll(async () => t?.close());

async function upload(data: Buffer, url = `/api/manifests/${manifestId}/import.xlsx`, name = 'manifest.xlsx') {
  const form = multipart({}, { field: 'file', name, type: 'application/octet-stream', data });
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const res = await t.api({ method: 'POST', path: url, token: staff, ...form });
  const cpu = process.cpuUsage(cpuBefore);
  return {
    res,
    ms: performance.now() - started,
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssGrowthMb: (process.memoryUsage().rss - rssBefore) / 1_048_576,
  };
}

function expectRefusedQuickly(result: Awaited<ReturnType<typeof upload>>, message: string = MANIFEST_MESSAGES.xlsxTooLargeUnpacked) {
  if (process.env.BOMB_REPORT)
    console.log(
      `${result.res.statusCode} in ${result.ms.toFixed(0)} ms (CPU ${result.cpuMs.toFixed(0)} ms), RSS +${result.rssGrowthMb.toFixed(1)} MB`,
    );
  expect(result.res.statusCode).toBe(400);
  expect(result.res.json().message).toBe(message);
  // CPU time, not wall time: a loaded machine stretches every request (a 23 ms refusal took 2.4 s at load 20).
  expect(result.cpuMs).toBeLessThan(2_000);
  expect(result.rssGrowthMb).toBeLessThan(200);
}

describe('manifest Excel import: archive bombs', () => {
  it('reads a small hand-built workbook (the control: the bombs below are real workbooks)', async () => {
    const sheet = entryOf('xl/worksheets/sheet1.xml', SHEET_HEAD + trackingRow(TRACKING) + SHEET_TAIL);
    const { res } = await upload(zip([...workbookParts(), sheet]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 1, refused: 0 });
  });

  it('refuses a sheet that unpacks to 100 MB from a few hundred kB', { timeout: 60_000 }, async () => {
    const sheet = await repeatedEntry('xl/worksheets/sheet1.xml', SHEET_HEAD, trackingRow(TRACKING), 2_000_000, SHEET_TAIL);
    expect(sheet.declaredSize).toBeGreaterThan(100 * 1_048_576);
    const data = zip([...workbookParts(), sheet]);
    expect(data.length).toBeLessThan(2 * 1_048_576);
    expectRefusedQuickly(await upload(data));
  });

  it('refuses the same sheet when its headers claim it is 1 kB', { timeout: 60_000 }, async () => {
    const sheet = await repeatedEntry('xl/worksheets/sheet1.xml', SHEET_HEAD, trackingRow(TRACKING), 2_000_000, SHEET_TAIL);
    expectRefusedQuickly(await upload(zip([...workbookParts(), { ...sheet, declaredSize: 1024 }])));
  });

  it('refuses a sheet under the byte limit with more rows than any manifest', async () => {
    const sheet = await repeatedEntry('xl/worksheets/sheet1.xml', SHEET_HEAD, '<row r="2"/>', 500_000, SHEET_TAIL);
    expect(sheet.declaredSize).toBeLessThan(XLSX_LIMITS.maxEntryBytes);
    expectRefusedQuickly(await upload(zip([...workbookParts(), sheet])));
  });

  it('refuses an archive of thousands of entries', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => entryOf(`xl/media/pad${i}.xml`, 'x'));
    expectRefusedQuickly(await upload(zip([...workbookParts(), ...many])));
  });

  it(`refuses a file listing more than ${MANIFEST_IMPORT_MAX_ROWS} packages (CSV too)`, async () => {
    const csv = Buffer.from(`tracking_number\n${'1Z999AA10000000099\n'.repeat(MANIFEST_IMPORT_MAX_ROWS + 1)}`);
    expectRefusedQuickly(await upload(csv, `/api/manifests/${manifestId}/import`, 'manifest.csv'), MANIFEST_MESSAGES.tooManyRows);
  });
});

describe('gzip request bodies', () => {
  it('stops a JSON body that inflates past the body limit (413), without the memory', async () => {
    const json = `{"name":"${'a'.repeat(50 * 1_048_576)}"}`;
    const payload = gzipSync(json);
    const rssBefore = process.memoryUsage().rss;
    const cpuBefore = process.cpuUsage();
    const res = await t.api({
      method: 'POST',
      url: '/public/contact',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload,
      remoteAddress: '10.7.0.1',
    });
    expect(res.statusCode).toBe(413);
    const cpu = process.cpuUsage(cpuBefore);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(2_000);
    expect((process.memoryUsage().rss - rssBefore) / 1_048_576).toBeLessThan(200);
  });
});
