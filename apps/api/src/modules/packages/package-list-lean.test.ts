import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSchema } from '@courier/shared/schemas/common';
import { packageListItemSchema, packageSchema } from '@courier/shared/schemas/packages';
import { customers } from '../../db/schema/customers';
import { packages } from '../../db/schema/packages';
import { listPackages } from './package-queries.service';
import { makeCourier, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData, loginAs } from '../../../test/helper';

/** A lean server: the staff package page sends its table's fields, compressed when asked. */
let t: TestApp;
let staff: string;
let otherAdmin: string;
let superAdmin: string;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  staff = await loginAs(t, 'staff');
  const other = await makeCourier(t, 'LEA');
  otherAdmin = (await makeUser(t, other.id, 'courier_admin')).token;
  superAdmin = (await makeUser(t, null, 'super_admin')).token;
  // More packages than the list's count window (1,000) in the other courier, two of them voided.
  await t.db.execute(sql`insert into packages (courier_id, package_number, tracking_number, status, weight_lb, received_at, voided_at)
    select ${other.id}, 'LEA-' || n, 'TRK-LEA-' || n, 'received', 1.5, now() - n * interval '1 minute', case when n <= 2 then now() end
    from generate_series(1, 1100) n`);
});
afterAll(async () => t?.close());

const PAGE = '/api/packages?page=1&limit=50';
const page = (encoding?: string, token = staff) =>
  t.api({ method: 'GET', path: PAGE, token, headers: { ...(encoding ? { 'accept-encoding': encoding } : {}) } });

describe('the staff package page', () => {
  it('answers plain JSON to a client that does not ask for compression', async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    const body = res.json() as { data: Array<Record<string, unknown>>; total: number };
    expect(body.data.length).toBeGreaterThan(5);
    expect(res.rawPayload.length).toBeGreaterThan(1024); // above the compression threshold
  });

  it('answers gzip or br to a client that accepts it, with the same JSON inside', async () => {
    const plain = (await page()).body;
    const gzip = await page('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    expect(gzip.rawPayload.length).toBeLessThan(plain.length / 3);
    const br = await page('br, gzip;q=0.5');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends only the fields the table shows, and the CSV export still has every field', async () => {
    const body = (await page()).json() as { data: Array<Record<string, unknown>> };
    for (const row of body.data) {
      expect(Object.keys(row).sort()).toEqual(
        Object.keys(packageListItemSchema.shape)
          .filter((k) => k in row)
          .sort(),
      );
      expect(row).not.toHaveProperty('description');
      expect(row).not.toHaveProperty('updatedAt');
      expect(packageListItemSchema.strict().safeParse(row).success).toBe(true);
    }
    const csv = await t.api('GET', '/packages?format=csv', staff);
    expect(csv.statusCode).toBe(200);
    const header = csv.body.split('\r\n')[0] ?? '';
    for (const wide of ['Description', 'Merchant', 'Updated At', 'Ready At', 'Has Invoice']) expect(header).toContain(wide);
    expect(Object.keys(packageSchema.shape).length).toBeGreaterThan(Object.keys(packageListItemSchema.shape).length);
  });

  it('leaves PDFs uncompressed (already compressed) and gzips the streamed CSV when asked', async () => {
    const { data } = (await page()).json() as { data: Array<{ id: number }> };
    const pdf = await t.api({
      method: 'GET',
      url: `/packages/${data[0]?.id}/label`,
      token: staff,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await t.api({ method: 'GET', url: '/packages?format=csv', token: staff, headers: { 'accept-encoding': 'gzip' } });
    expect(csv.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(csv.rawPayload).toString()).toMatch(/^Courier Name,Package Number,/);
  });

  it("never shows another courier's packages, compressed or not", async () => {
    const mine = (await page()).json() as { data: Array<{ id: number }> };
    const theirs = await page('gzip', otherAdmin);
    expect(theirs.statusCode).toBe(200);
    const rows = (JSON.parse(gunzipOrPlain(theirs)) as { data: Array<{ id: number }> }).data;
    expect(rows.filter((r) => mine.data.some((m) => m.id === r.id))).toEqual([]);
  });
});

describe('the prepared package page (no search, filter or dates)', () => {
  // A blank filter changes nothing but takes the general path: both must answer alike.
  const general = encodeURIComponent(JSON.stringify({ status: '' }));
  const listed = (token: string, query: string) =>
    t.api('GET', `/packages?${query}`, token).then((res) => {
      expect(res.statusCode).toBe(200);
      return res.json() as { data: Array<{ id: number }>; total: number; totalCapped?: boolean };
    });
  const queries = [
    'page=1&limit=50',
    'page=2&limit=10',
    'page=1&limit=25&sort=customerName&order=desc',
    'page=1&limit=10&sort=status&order=asc',
    'page=1&limit=10&voided=true',
    'page=999&limit=50',
    'page=11&limit=100',
  ];

  it('answers what the general path answers, for a courier and for the super admin', async () => {
    for (const token of [staff, otherAdmin, superAdmin]) {
      for (const query of queries) {
        const prepared = await listed(token, query);
        expect(prepared, `${query}`).toEqual(await listed(token, `${query}&filters=${general}`));
      }
    }
  });

  it('caps the count past the window as the general path does, and counts exactly within it', async () => {
    expect(await listed(otherAdmin, 'page=1&limit=50')).toMatchObject({ total: 1_000, totalCapped: true });
    const last = await listed(otherAdmin, 'page=11&limit=100');
    expect(last).toMatchObject({ total: 1_098 });
    expect(last.totalCapped).toBeUndefined();
    expect(last.data).toHaveLength(98);
    const voided = await listed(otherAdmin, 'page=1&limit=10&voided=true');
    expect(voided).toMatchObject({ total: 2 });
    expect(voided.totalCapped).toBeUndefined();
  });

  it('still refuses an unknown sort field', async () => {
    const res = await t.api('GET', '/packages?page=1&limit=10&sort=passwordHash', staff);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Cannot sort by passwordHash' });
  });
});

function gunzipOrPlain(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  return res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.rawPayload.toString();
}

describe("the customer's own packages", () => {
  it('are written field by field as the same JSON the zod schema gives', async () => {
    const customer = await loginAs(t, 'customer');
    const res = await t.api('GET', '/customer/packages?page=1&limit=25', customer);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: unknown[] };
    expect(body.data.length).toBeGreaterThan(0);
    const [me] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
    if (!me) throw new Error('no demo customer');
    const own = await listPackages(t.db, { page: 1, limit: 25, order: 'desc', filters: {} }, me.courierId, [
      eq(packages.customerId, me.id),
    ]);
    expect(body).toEqual(JSON.parse(JSON.stringify(pageSchema(packageSchema).parse(own))));
  });

  it('answer through the prepared page what the general path answers, for every sort and page, and only their own', async () => {
    const customer = await loginAs(t, 'customer');
    const [me] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
    if (!me) throw new Error('no demo customer');
    const queries = [
      { page: 1, limit: 10, order: 'desc' as const },
      { page: 2, limit: 10, order: 'desc' as const },
      { page: 1, limit: 25, sort: 'trackingNumber', order: 'asc' as const },
      { page: 1, limit: 25, sort: 'status', order: 'desc' as const },
    ];
    for (const q of queries) {
      const url = `/api/customer/packages?${new URLSearchParams(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])))}`;
      const res = await t.api({ method: 'GET', path: url, token: customer });
      expect(res.statusCode, url).toBe(200);
      const general = await listPackages(t.db, { ...q, filters: {} }, me.courierId, [eq(packages.customerId, me.id)]);
      expect(res.json(), url).toEqual(JSON.parse(JSON.stringify(pageSchema(packageSchema).parse(general))));
      expect((res.json() as { data: Array<{ customerId: number }> }).data.every((p) => p.customerId === me.id)).toBe(true);
    }
  });
});
