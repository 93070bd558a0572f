import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoInZone } from '@courier/shared/domain/datetime';
import { csvColumns, plainAmount } from '../src/lib/list-csv';
import { makeCourier, makeUser } from './fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData, loginAs } from './helper';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let superAdmin: string;
let otherTracking: string;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  admin = await loginAs(t, 'courier_admin');
  superAdmin = await loginAs(t, 'super_admin');
  const other = await makeCourier(t, 'CSV');
  otherAdmin = (await makeUser(t, other.id, 'courier_admin')).token;
  otherTracking = '1Z999AA10000000CSV';
  const res = await t.api('POST', '/packages', otherAdmin, { trackingNumber: otherTracking, weightLb: 1.5 });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => t?.close());

function parse(body: string) {
  const parsed = Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed;
}

describe('format=csv on the lists', () => {
  it('streams every package matching the search, filters and sort, and only the courier’s own', async () => {
    const filters = encodeURIComponent(JSON.stringify({ status: 'received' }));
    const json = await t.api('GET', `/api/packages?limit=100&sort=packageNumber&order=desc&filters=${filters}`, admin);
    expect(json.statusCode).toBe(200);
    const page = json.json() as { data: Array<{ packageNumber: string; status: string }>; total: number };
    expect(page.total).toBeGreaterThan(0);
    expect(page.total).toBeLessThanOrEqual(100);

    const res = await t.api('GET', `/api/packages?format=csv&limit=10&sort=packageNumber&order=desc&filters=${filters}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="packages-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = parse(res.body);
    // Every matching row, not one page of ten; in the list's order.
    expect(csv.data.map((r) => r['Package Number'])).toEqual(page.data.map((p) => p.packageNumber));
    expect(new Set(csv.data.map((r) => r.Status))).toEqual(new Set(['received']));
    expect(csv.meta.fields).toContain('Weight (lb)');
    expect(csv.meta.fields).toContain('Declared Value (USD)');
    expect(csv.meta.fields).not.toContain('Id');
    expect(csv.meta.fields).not.toContain('Courier Id');
    // Instants in the courier's zone with the offset (Jamaica: -05:00).
    for (const row of csv.data) expect(row['Received At']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/);
    expect(res.body).not.toContain(otherTracking);

    const searched = parse((await t.api('GET', `/api/packages?format=csv&search=${page.data[0]?.packageNumber}`, admin)).body);
    expect(searched.data.map((r) => r['Package Number'])).toEqual([page.data[0]?.packageNumber]);

    // The other courier sees its own package and none of the first courier's.
    const theirs = parse((await t.api('GET', '/api/packages?format=csv', otherAdmin)).body);
    expect(theirs.data.map((r) => r['Tracking Number'])).toEqual([otherTracking]);
  });

  it('writes money as plain amounts with the currency in the header (payments), the header alone when nothing matches', async () => {
    const json = (await t.api('GET', '/api/payments?limit=100&sort=receiptNo', admin)).json() as {
      data: Array<{ receiptNo: string; amountCents: number }>;
      total: number;
    };
    const csv = parse((await t.api('GET', '/api/payments?format=csv&sort=receiptNo', admin)).body);
    expect(csv.meta.fields).toContain('Amount (JMD)');
    expect(csv.data).toHaveLength(json.total);
    for (const [i, p] of json.data.entries()) {
      expect(csv.data[i]?.['Receipt No']).toBe(p.receiptNo);
      expect(csv.data[i]?.['Amount (JMD)']).toBe(plainAmount(p.amountCents));
    }
    const none = await t.api('GET', '/api/payments?format=csv&search=zz-no-such-receipt', admin);
    expect(none.statusCode).toBe(200);
    expect(none.body.trim().split('\r\n')).toHaveLength(1);
    expect(none.body).toContain('Amount (JMD)');
  });

  it('keeps the list’s rules: a bad sort is a 400 in plain words, a super admin scopes by courier', async () => {
    const bad = await t.api('GET', '/api/customers?format=csv&sort=password', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Cannot sort by password');
    const res = await t.api('GET', '/api/manifests?format=csv', superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  });
});

describe('CSV cells', () => {
  it('names money and units in the header and leaves ids out', () => {
    expect(
      csvColumns(['id', 'courierId', 'amountCents', 'declaredValueUsdCents', 'weightLb', 'customerName']).map((c) => c.header),
    ).toEqual(['Amount (JMD)', 'Declared Value (USD)', 'Weight (lb)', 'Customer Name']);
    expect(plainAmount(1505475)).toBe('15054.75');
    expect(plainAmount(-5)).toBe('-0.05');
  });
  it('writes instants as ISO 8601 with the zone offset', () => {
    expect(isoInZone('2026-01-31T14:05:09.123Z', 'America/Jamaica')).toBe('2026-01-31T09:05:09-05:00');
    expect(isoInZone('2026-07-01T00:30:00Z', 'America/New_York')).toBe('2026-06-30T20:30:00-04:00');
    expect(isoInZone('2026-07-01T00:30:00Z', 'UTC')).toBe('2026-07-01T00:30:00+00:00');
  });
});
