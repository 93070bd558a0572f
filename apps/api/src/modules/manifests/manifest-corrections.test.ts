import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone, formatCalendarDay } from '@courier/shared/domain/datetime';
import { DEPARTURE_IN_FUTURE_CODE, MANIFEST_MESSAGES } from '@courier/shared/schemas/manifests';
import { makeCourier, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData, loginAs, receiveFor } from '../../../test/helper';
import { auditLog } from '../../db/schema/audit-log';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { pdfText } from '../../../test/pdf-text';
import { parseCsv } from './csv';

/** A manifest's transport details corrected, with the audit log. */

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
  const other = await makeCourier(t, 'OTF');
  otherAdmin = (await makeUser(t, other.id, 'courier_admin')).token;
});
afterAll(async () => t?.close());

async function manifest(body: Record<string, unknown> = {}) {
  const res = await t.api('POST', '/manifests', staff, { type: 'AIR', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; manifestNumber: string };
}

describe('correcting a manifest', () => {
  it('changes the MAWB, flight and dates, and audits before and after', async () => {
    const m = await manifest({ mawbOrBl: '176-1', flightOrVessel: 'CM 400', departureDate: '2026-11-20' });
    const res = await t.api('PATCH', `/manifests/${m.id}`, staff, {
      mawbOrBl: '176-12345675',
      flightOrVessel: 'CM 402',
      arrivalDate: '2026-11-21',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      mawbOrBl: '176-12345675',
      flightOrVessel: 'CM 402',
      departureDate: '2026-11-20',
      arrivalDate: '2026-11-21',
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'manifest.corrected'), eq(auditLog.entityId, m.manifestNumber)));
    expect(entry?.details).toEqual({
      changes: {
        mawbOrBl: { from: '176-1', to: '176-12345675' },
        flightOrVessel: { from: 'CM 400', to: 'CM 402' },
        arrivalDate: { from: null, to: '2026-11-21' },
      },
    });
    const cleared = await t.api('PATCH', `/manifests/${m.id}`, staff, { arrivalDate: null });
    expect(cleared.json().arrivalDate).toBeNull();
  });

  it('refuses dates in the wrong order and a bad date in our words', async () => {
    const m = await manifest({ departureDate: '2026-11-20' });
    const order = await t.api('PATCH', `/manifests/${m.id}`, staff, { arrivalDate: '2026-11-19' });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe(MANIFEST_MESSAGES.dateOrder);
    const bad = await t.api('PATCH', `/manifests/${m.id}`, staff, { departureDate: '2026-13-45' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MANIFEST_MESSAGES.dateInvalid);
  });

  it("another courier's manifest is not found", async () => {
    const m = await manifest();
    const res = await t.api('PATCH', `/manifests/${m.id}`, otherAdmin, { mawbOrBl: 'X' });
    expect(res.statusCode).toBe(404);
  });

  it('an arrived manifest keeps its details', async () => {
    const m = await manifest();
    const p = await receiveFor(t, staff, mailbox, { trackingNumber: '1ZMANCORR0001' });
    await t.api('POST', `/manifests/${m.id}/packages`, staff, { packageIds: [p.id] });
    for (const step of ['close', 'ship', 'arrive']) expect((await t.api('POST', `/manifests/${m.id}/${step}`, staff)).statusCode).toBe(200);
    const res = await t.api('PATCH', `/manifests/${m.id}`, staff, { mawbOrBl: 'LATE' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MANIFEST_MESSAGES.notEditable);
  });
});

describe('the customs-broker export', () => {
  it('CSV and Excel carry the consignee (name, TRN, address, parish), description, pieces, weight, value, holds and the courier', async () => {
    const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
    if (!c) throw new Error('no demo customer');
    await t.db
      .update(customers)
      .set({ trn: '123-456-789', address: '12 Hope Road, Kingston 6', parish: 'St. Andrew' })
      .where(eq(customers.id, c.id));
    const [courier] = await t.db.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, c.courierId));
    const courierName = courier?.name;
    const m = await manifest({ mawbOrBl: '176-99' });
    const a = await receiveFor(t, staff, mailbox, { trackingNumber: '1ZBROKER0001' });
    const b = await receiveFor(t, staff, mailbox, { trackingNumber: '1ZBROKER0002' });
    const corrected = await t.api('PATCH', `/packages/${a.id}`, staff, { description: 'Blender, "large"', declaredValueUsdCents: 8999 });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const valued = await t.api('PATCH', `/packages/${b.id}`, staff, { declaredValueUsdCents: 200_00 });
    expect(valued.statusCode, valued.body).toBe(200);
    await t.api('POST', `/manifests/${m.id}/packages`, staff, { packageIds: [a.id, b.id] });
    const held = await t.api('POST', `/packages/${b.id}/status`, staff, { status: 'on_hold', note: 'Customs query' });
    expect(held.statusCode, held.body).toBe(200);

    const csv = await t.api('GET', `/manifests/${m.id}/export.csv`, staff);
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(csv.body);
    const byPackage = new Map(rows.map((r) => [r[1], Object.fromEntries((header ?? []).map((h, i) => [h, r[i]]))]));
    expect(byPackage.get(a.packageNumber)).toMatchObject({
      consignee_name: `${c.firstName} ${c.lastName}`,
      consignee_trn: '123-456-789',
      consignee_address: '12 Hope Road, Kingston 6',
      consignee_parish: 'St. Andrew',
      description: 'Blender, "large"',
      pieces: '1',
      weight_lb: '2.00',
      declared_value_usd: '89.99',
      hold: '',
      courier_name: courierName,
    });
    expect(byPackage.get(a.packageNumber)?.courier_address).not.toBe('');
    expect(byPackage.get(b.packageNumber)).toMatchObject({ status: 'on_hold', hold: 'Customs query' });
    // The customs entry as the invoice computes it. B: 2 lb freight 1,050.00; USD 200 at 150 = CIF
    // 31,050.00: duty 20% 6,210.00, SCF 0.3% 93.15, levy 0.5% 155.25, GCT 15% of 37,508.40 = 5,626.26,
    // CAF 2,500.00, stamp duty 100.00 = 14,684.66. A: USD 89.99, under the de minimis: nothing.
    expect(byPackage.get(b.packageNumber)).toMatchObject({
      tariff_class: 'general',
      freight_jmd: '1050.00',
      cif_jmd: '31050.00',
      import_duty_jmd: '6210.00',
      scf_jmd: '93.15',
      environmental_levy_jmd: '155.25',
      import_gct_jmd: '5626.26',
      caf_jmd: '2500.00',
      stamp_duty_jmd: '100.00',
      customs_total_jmd: '14684.66',
    });
    expect(byPackage.get(a.packageNumber)).toMatchObject({ import_duty_jmd: '0.00', customs_total_jmd: '0.00' });

    const xlsx = await t.api('GET', `/manifests/${m.id}/export.xlsx`, staff);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = wb.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const head = values(1) as string[];
    const rowOf = (pkg: string) => [2, 3].map(values).find((r) => r[1] === pkg) ?? [];
    const cell = (pkg: string, col: string) => rowOf(pkg)[head.indexOf(col)];
    expect(cell(a.packageNumber, 'consignee_trn')).toBe('123-456-789');
    expect(cell(a.packageNumber, 'consignee_parish')).toBe('St. Andrew');
    expect(cell(a.packageNumber, 'declared_value_usd')).toBe(89.99);
    expect(cell(a.packageNumber, 'weight_lb')).toBe(2);
    expect(cell(a.packageNumber, 'pieces')).toBe(1);
    expect(cell(b.packageNumber, 'hold')).toBe('Customs query');
    expect(cell(a.packageNumber, 'courier_name')).toBe(courierName);

    const pdf = await t.api('GET', `/manifests/${m.id}/manifest.pdf`, staff);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The PDF gives the broker the same breakdown, part by part, with the totals.
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Customs entries (JMD');
    const line = (pkg: string) => text.split('\n').find((l) => l.includes(pkg) && l.includes('General merchandise')) ?? '';
    expect(line(b.packageNumber).replace(/\s+/g, ' ')).toContain(
      '1,050.00 31,050.00 6,210.00 93.15 155.25 5,626.26 2,500.00 100.00 14,684.66',
    );
    expect(line(a.packageNumber).replace(/\s+/g, ' ')).toContain('0.00 0.00 0.00 0.00 0.00 0.00 0.00');
    expect(text).toContain(`Duty-free (value under the de minimis): ${a.packageNumber}`);
  });

  it('a tariff class chosen at receiving sets the duty the invoice, CSV and PDF charge', async () => {
    const m = await manifest({ mawbOrBl: '176-98' });
    const res = await t.api('POST', '/packages', staff, {
      trackingNumber: `1ZTARIFF${Date.now()}`,
      weightLb: 2,
      mailbox,
      tariffClass: 'electronics',
      declaredValueUsdCents: 200_00,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().tariffClass).toBe('electronics');
    // Left out, it is the general class.
    const plain = await receiveFor(t, staff, mailbox, { trackingNumber: `1ZTARIFFG${Date.now()}` });
    expect((await t.api('GET', `/packages/${plain.id}`, staff)).json().tariffClass).toBe('general');
    await t.api('POST', `/manifests/${m.id}/packages`, staff, { packageIds: [res.json().id] });
    const [header, ...rows] = parseCsv((await t.api('GET', `/manifests/${m.id}/export.csv`, staff)).body);
    const row = Object.fromEntries((header ?? []).map((h, i) => [h, rows[0]?.[i]]));
    // Electronics at 10%: CIF 31,050.00, duty 3,105.00, SCF 93.15, levy 155.25, GCT 15% of 34,403.40 =
    // 5,160.51, CAF 2,500.00, stamp duty 100.00 = 11,113.91.
    expect(row).toMatchObject({
      tariff_class: 'electronics',
      cif_jmd: '31050.00',
      import_duty_jmd: '3105.00',
      import_gct_jmd: '5160.51',
      customs_total_jmd: '11113.91',
    });
    const text = await pdfText((await t.api('GET', `/manifests/${m.id}/manifest.pdf`, staff)).rawPayload);
    expect(text.replace(/\s+/g, ' ')).toContain('Electronics 1,050.00 31,050.00 3,105.00 93.15 155.25 5,160.51 2,500.00 100.00 11,113.91');
  });
});

describe('the departure date', () => {
  it('a manifest cannot ship before its departure date, unless the date moves to today with a note', async () => {
    const m = await manifest({ departureDate: '2099-01-01' });
    const p = await receiveFor(t, staff, mailbox, { trackingNumber: '1ZDEPARTURE0001' });
    await t.api('POST', `/manifests/${m.id}/packages`, staff, { packageIds: [p.id] });
    expect((await t.api('POST', `/manifests/${m.id}/close`, staff)).statusCode).toBe(200);
    const early = await t.api('POST', `/manifests/${m.id}/ship`, staff);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: DEPARTURE_IN_FUTURE_CODE,
      message: MANIFEST_MESSAGES.departureInFuture(m.manifestNumber, '2099-01-01'),
    });
    const pkg = await t.api('GET', `/packages/${p.id}`, staff);
    expect(pkg.json().status).toBe('received');

    const moved = await t.api('POST', `/manifests/${m.id}/ship`, staff, { moveDepartureToToday: true, note: 'Earlier flight' });
    expect(moved.statusCode, moved.body).toBe(200);
    const today = dayInZone(new Date());
    expect(moved.json()).toMatchObject({ status: 'shipped', departureDate: today });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'manifest.departure_moved'), eq(auditLog.entityId, m.manifestNumber)));
    expect(entry?.details).toEqual({ from: '2099-01-01', to: today, note: 'Earlier flight' });
    const events = (await t.api('GET', `/packages/${p.id}`, staff)).json().events as Array<{ note: string | null }>;
    expect(events.at(-1)?.note).toContain(`${MANIFEST_MESSAGES.departureMoved('Jan 1, 2099', formatCalendarDay(today))}: Earlier flight`);
  });

  it('a manifest departing today or earlier ships as before', async () => {
    const m = await manifest({ departureDate: dayInZone(new Date()) });
    const p = await receiveFor(t, staff, mailbox, { trackingNumber: '1ZDEPARTURE0002' });
    await t.api('POST', `/manifests/${m.id}/packages`, staff, { packageIds: [p.id] });
    await t.api('POST', `/manifests/${m.id}/close`, staff);
    const res = await t.api('POST', `/manifests/${m.id}/ship`, staff);
    expect(res.statusCode, res.body).toBe(200);
  });
});
