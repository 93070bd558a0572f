import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone, formatCalendarDay } from '@courier/shared/domain/datetime';
import { DEPARTURE_IN_FUTURE_CODE, MANIFEST_MESSAGES } from '@courier/shared/schemas/manifests';
import { makeCourier, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, bearer, buildTestApp, seedDemoData, loginAs } from '../../../test/helper';
import { auditLog } from '../../db/schema/audit-log';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
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

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, token = staff) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload: payload as never });

async function manifest(body: Record<string, unknown> = {}) {
  const res = await call('POST', '/manifests', { type: 'AIR', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; manifestNumber: string };
}

async function receive(tracking: string) {
  const res = await call('POST', '/packages', { trackingNumber: tracking, weightLb: 2, mailbox });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; packageNumber: string };
}

describe('correcting a manifest', () => {
  it('changes the MAWB, flight and dates, and audits before and after', async () => {
    const m = await manifest({ mawbOrBl: '176-1', flightOrVessel: 'CM 400', departureDate: '2026-11-20' });
    const res = await call('PATCH', `/manifests/${m.id}`, {
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
    const cleared = await call('PATCH', `/manifests/${m.id}`, { arrivalDate: null });
    expect(cleared.json().arrivalDate).toBeNull();
  });

  it('refuses dates in the wrong order and a bad date in our words', async () => {
    const m = await manifest({ departureDate: '2026-11-20' });
    const order = await call('PATCH', `/manifests/${m.id}`, { arrivalDate: '2026-11-19' });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe(MANIFEST_MESSAGES.dateOrder);
    const bad = await call('PATCH', `/manifests/${m.id}`, { departureDate: '2026-13-45' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MANIFEST_MESSAGES.dateInvalid);
  });

  it("another courier's manifest is not found", async () => {
    const m = await manifest();
    const res = await call('PATCH', `/manifests/${m.id}`, { mawbOrBl: 'X' }, otherAdmin);
    expect(res.statusCode).toBe(404);
  });

  it('an arrived manifest keeps its details', async () => {
    const m = await manifest();
    const p = await receive('1ZMANCORR0001');
    await call('POST', `/manifests/${m.id}/packages`, { packageIds: [p.id] });
    for (const step of ['close', 'ship', 'arrive']) expect((await call('POST', `/manifests/${m.id}/${step}`)).statusCode).toBe(200);
    const res = await call('PATCH', `/manifests/${m.id}`, { mawbOrBl: 'LATE' });
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
    const a = await receive('1ZBROKER0001');
    const b = await receive('1ZBROKER0002');
    const corrected = await call('PATCH', `/packages/${a.id}`, { description: 'Blender, "large"', declaredValueUsdCents: 8999 });
    expect(corrected.statusCode, corrected.body).toBe(200);
    await call('POST', `/manifests/${m.id}/packages`, { packageIds: [a.id, b.id] });
    const held = await call('POST', `/packages/${b.id}/status`, { status: 'on_hold', note: 'Customs query' });
    expect(held.statusCode, held.body).toBe(200);

    const csv = await call('GET', `/manifests/${m.id}/export.csv`);
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

    const xlsx = await call('GET', `/manifests/${m.id}/export.xlsx`);
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

    const pdf = await call('GET', `/manifests/${m.id}/manifest.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the departure date', () => {
  it('a manifest cannot ship before its departure date, unless the date moves to today with a note', async () => {
    const m = await manifest({ departureDate: '2099-01-01' });
    const p = await receive('1ZDEPARTURE0001');
    await call('POST', `/manifests/${m.id}/packages`, { packageIds: [p.id] });
    expect((await call('POST', `/manifests/${m.id}/close`)).statusCode).toBe(200);
    const early = await call('POST', `/manifests/${m.id}/ship`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: DEPARTURE_IN_FUTURE_CODE,
      message: MANIFEST_MESSAGES.departureInFuture(m.manifestNumber, '2099-01-01'),
    });
    const pkg = await call('GET', `/packages/${p.id}`);
    expect(pkg.json().status).toBe('received');

    const moved = await call('POST', `/manifests/${m.id}/ship`, { moveDepartureToToday: true, note: 'Earlier flight' });
    expect(moved.statusCode, moved.body).toBe(200);
    const today = dayInZone(new Date());
    expect(moved.json()).toMatchObject({ status: 'shipped', departureDate: today });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'manifest.departure_moved'), eq(auditLog.entityId, m.manifestNumber)));
    expect(entry?.details).toEqual({ from: '2099-01-01', to: today, note: 'Earlier flight' });
    const events = (await call('GET', `/packages/${p.id}`)).json().events as Array<{ note: string | null }>;
    expect(events.at(-1)?.note).toContain(`${MANIFEST_MESSAGES.departureMoved('Jan 1, 2099', formatCalendarDay(today))}: Earlier flight`);
  });

  it('a manifest departing today or earlier ships as before', async () => {
    const m = await manifest({ departureDate: dayInZone(new Date()) });
    const p = await receive('1ZDEPARTURE0002');
    await call('POST', `/manifests/${m.id}/packages`, { packageIds: [p.id] });
    await call('POST', `/manifests/${m.id}/close`);
    const res = await call('POST', `/manifests/${m.id}/ship`);
    expect(res.statusCode, res.body).toBe(200);
  });
});
