import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COST_MESSAGES } from '@courier/shared/schemas/margin';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';
import { auditLog } from '../../db/schema/audit-log';
import { couriers } from '../../db/schema/couriers';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';

/**
 * A flight's costs, spread over its parcels by billable weight, and the margin reports: revenue
 * from invoices (GCT and duty aside) less the costs, per flight, customer and month; GCT and duty
 * per month for the tax return. Another courier's costs never show.
 */

let t: TestApp;
let manager: string;
let staff: string;
let courierId: number;
let manifestId: number;
let manifestNumber: string;
let parcels: number[];
let customerA: Awaited<ReturnType<typeof makeCustomer>>;
let customerB: Awaited<ReturnType<typeof makeCustomer>>;
let otherAdmin: string;
let otherManifestId: number;

const MARCH = 'from=2025-03-01&to=2025-03-31';

async function parcel(courier: number, customerId: number, manifest: number, weightLb: number) {
  const tag = randomBytes(4).toString('hex').toUpperCase();
  const [row] = await t.db
    .insert(packages)
    .values({
      courierId: courier,
      packageNumber: `PKG-M${tag}`,
      trackingNumber: `1ZM${tag}`,
      customerId,
      manifestId: manifest,
      weightLb,
      status: 'in_transit',
    })
    .returning({ id: packages.id });
  if (!row) throw new Error('package insert failed');
  return row.id;
}

/** An invoice with these lines (null package = a line of the whole invoice); its totals from them. */
async function invoice(customerId: number, lines: Array<{ kind: string; packageId: number | null; cents: number }>, status = 'unpaid') {
  const sum = (kind: string) => lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.cents, 0);
  const [inv] = await t.db
    .insert(invoices)
    .values({
      courierId,
      customerId,
      invoiceNo: `INV-M${randomBytes(3).toString('hex')}`,
      status: status as 'unpaid',
      gctCents: sum('gct'),
      customsCents: sum('customs_duty'),
      totalCents: lines.reduce((s, l) => s + l.cents, 0),
      exchangeRate: 155,
      issuedAt: new Date('2025-03-06T15:00:00Z'),
    })
    .returning({ id: invoices.id });
  if (!inv) throw new Error('invoice insert failed');
  const ids = [...new Set(lines.map((l) => l.packageId).filter((id): id is number => id !== null))];
  await t.db.insert(invoicePackages).values(ids.map((packageId) => ({ courierId, invoiceId: inv.id, packageId })));
  await t.db.insert(invoiceLines).values(
    lines.map((l, i) => ({
      courierId,
      invoiceId: inv.id,
      position: i + 1,
      kind: l.kind as 'fee',
      description: l.kind,
      packageId: l.packageId,
      amountCents: l.cents,
    })),
  );
}

const FLIGHT_COSTS = {
  lines: [
    {
      kind: 'freight',
      description: 'MAWB 176-12345675',
      amountCents: 2000,
      currency: 'USD',
      exchangeRate: '157.25',
      incurredOn: '2025-03-05',
    },
    { kind: 'handling', amountCents: 100_001, currency: 'JMD', incurredOn: '2025-03-05' },
    { kind: 'broker', amountCents: 50_000, currency: 'JMD', exchangeRate: '999', incurredOn: '2025-03-07' },
  ],
};

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
  manager = await loginAs(t, 'branch_manager');
  staff = await loginAs(t, 'staff');
  const created = await t.api('POST', '/manifests', manager, { type: 'AIR', flightOrVessel: 'JM 018', departureDate: '2025-03-05' });
  expect(created.statusCode, created.body).toBe(201);
  ({ id: manifestId, manifestNumber } = created.json());
  customerA = await makeCustomer(t, courierId);
  customerB = await makeCustomer(t, courierId);
  // Billable 3, 1 and 6 lb: 2.3 and 0.5 round up to the next pound.
  parcels = [
    await parcel(courierId, customerA.id, manifestId, 2.3),
    await parcel(courierId, customerA.id, manifestId, 0.5),
    await parcel(courierId, customerB.id, manifestId, 6),
  ];
  const [a1, a2, b1] = parcels as [number, number, number];
  await invoice(customerA.id, [
    { kind: 'freight', packageId: a1, cents: 500_000 },
    { kind: 'freight', packageId: a2, cents: 65_000 },
    { kind: 'customs_duty', packageId: a1, cents: 30_000 },
    { kind: 'membership_discount', packageId: null, cents: -10_000 },
    { kind: 'gct', packageId: null, cents: 84_750 },
  ]);
  await invoice(customerB.id, [
    { kind: 'freight', packageId: b1, cents: 300_000 },
    { kind: 'gct', packageId: null, cents: 45_000 },
  ]);
  // A voided invoice earns nothing.
  await invoice(customerB.id, [{ kind: 'freight', packageId: b1, cents: 999_999 }], 'void');

  const other = await makeCourier(t, `MG${Date.now().toString().slice(-5)}`);
  otherAdmin = (await makeUser(t, other.id, 'courier_admin')).token;
  const theirs = await t.api('POST', '/manifests', otherAdmin, {
    type: 'SEA',
    flightOrVessel: 'Their vessel',
    departureDate: '2025-03-05',
  });
  otherManifestId = theirs.json().id;
  const otherCustomer = await makeCustomer(t, other.id);
  await parcel(other.id, otherCustomer.id, otherManifestId, 40);
  const saved = await t.api('PUT', `/manifests/${otherManifestId}/costs`, otherAdmin, {
    lines: [{ kind: 'freight', amountCents: 77_777_00, currency: 'JMD', incurredOn: '2025-03-05' }],
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => t?.close());

describe("a flight's costs", () => {
  it('are saved in JMD at the rate of their day and spread over the parcels by billable weight, to the cent', async () => {
    const res = await t.api('PUT', `/manifests/${manifestId}/costs`, manager, FLIGHT_COSTS);
    expect(res.statusCode, res.body).toBe(200);
    const costs = res.json();
    // USD 20.00 at 157.25 is JMD 3,145.00; a JMD line keeps no rate.
    expect(costs.lines.map((l: { jmdCents: number; exchangeRate: string | null }) => [l.jmdCents, l.exchangeRate])).toEqual([
      [314_500, '157.25'],
      [100_001, null],
      [50_000, null],
    ]);
    expect(costs.costCents).toBe(464_501);
    expect(costs.billableLb).toBe(10);
    // 464,501 over 3:1:6 is 139,350.3, 46,450.1 and 278,700.6: the cent left goes to the largest remainder.
    expect(
      costs.parcels.map((p: { packageId: number; billableLb: number; costCents: number }) => [p.packageId, p.billableLb, p.costCents]),
    ).toEqual([
      [parcels[0], 3, 139_350],
      [parcels[1], 1, 46_450],
      [parcels[2], 6, 278_701],
    ]);
    // Revenue without GCT and duty; the invoice's discount belongs to its first parcel; the void invoice none.
    expect(costs.parcels.map((p: { revenueCents: number }) => p.revenueCents)).toEqual([490_000, 65_000, 300_000]);
    expect(costs.revenueCents).toBe(855_000);
    expect(costs.marginCents).toBe(855_000 - 464_501);
    expect((await t.api('GET', `/manifests/${manifestId}/costs`, manager)).json()).toEqual(costs);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'manifest.costs_saved'), eq(auditLog.courierId, courierId)));
    expect(entry).toMatchObject({ courierId, entity: 'manifest', entityId: manifestNumber });
  });

  it('refuses a USD cost without its rate, and bad amounts, in plain words', async () => {
    const noRate = await t.api('PUT', `/manifests/${manifestId}/costs`, manager, {
      lines: [FLIGHT_COSTS.lines[1], { kind: 'freight', amountCents: 100, currency: 'USD', incurredOn: '2025-03-05' }],
    });
    expect(noRate.statusCode).toBe(400);
    expect(noRate.json().message).toBe(COST_MESSAGES.rateNeeded(2));
    const zero = await t.api('PUT', `/manifests/${manifestId}/costs`, manager, { lines: [{ ...FLIGHT_COSTS.lines[1], amountCents: 0 }] });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toContain(COST_MESSAGES.amount);
    const badRate = await t.api('PUT', `/manifests/${manifestId}/costs`, manager, {
      lines: [{ ...FLIGHT_COSTS.lines[0], exchangeRate: '-1' }],
    });
    expect(badRate.statusCode).toBe(400);
    expect(badRate.json().message).toContain(COST_MESSAGES.rate);
    // Nothing was changed by the refused saves.
    expect((await t.api('GET', `/manifests/${manifestId}/costs`, manager)).json().costCents).toBe(464_501);
  });

  it('are for staff holding the costs permissions only; another courier sees none of them', async () => {
    expect((await t.api('GET', `/manifests/${manifestId}/costs`, staff)).statusCode).toBe(403);
    expect((await t.api('PUT', `/manifests/${manifestId}/costs`, staff, FLIGHT_COSTS)).statusCode).toBe(403);
    expect((await t.api('GET', `/reports/margin?${MARCH}`, staff)).statusCode).toBe(403);
    const theirRead = await t.api('GET', `/manifests/${manifestId}/costs`, otherAdmin);
    expect(theirRead.statusCode).toBe(404);
    expect(theirRead.body).not.toContain('464501');
    expect((await t.api('PUT', `/manifests/${manifestId}/costs`, otherAdmin, { lines: [] })).statusCode).toBe(404);
    expect((await t.api('GET', `/manifests/${otherManifestId}/costs`, manager)).statusCode).toBe(404);
    // Their report holds their flight only, ours none of theirs.
    const theirs = (await t.api('GET', `/reports/margin?${MARCH}`, otherAdmin)).json();
    expect(theirs.flights.map((f: { manifestId: number }) => f.manifestId)).toEqual([otherManifestId]);
    expect(theirs.totals.costCents).toBe(77_777_00);
    const ours = (await t.api('GET', `/reports/margin?${MARCH}`, manager)).json();
    expect(ours.flights.map((f: { manifestId: number }) => f.manifestId)).not.toContain(otherManifestId);
    expect(JSON.stringify(ours)).not.toContain('7777700');
  });
});

describe('the margin reports', () => {
  it('show margin per flight, per customer and per month, with CSV', async () => {
    const res = await t.api('GET', `/reports/margin?${MARCH}`, manager);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    const flight = report.flights.find((f: { manifestId: number }) => f.manifestId === manifestId);
    expect(flight).toMatchObject({
      manifestNumber,
      flightOrVessel: 'JM 018',
      parcels: 3,
      billableLb: 10,
      costsByKind: { freight: 314_500, handling: 100_001, broker: 50_000, delivery: 0, other: 0 },
      costCents: 464_501,
      revenueCents: 855_000,
      marginCents: 390_499,
    });
    const byCustomer = (id: number) => report.customers.find((c: { customerId: number }) => c.customerId === id);
    expect(byCustomer(customerA.id)).toMatchObject({ revenueCents: 555_000, costCents: 185_800, marginCents: 369_200 });
    expect(byCustomer(customerB.id)).toMatchObject({ revenueCents: 300_000, costCents: 278_701, marginCents: 21_299 });
    expect(report.months).toEqual([{ month: '2025-03-01', revenueCents: 855_000, costCents: 464_501, marginCents: 390_499 }]);
    expect(report.totals).toEqual({ revenueCents: 855_000, costCents: 464_501, marginCents: 390_499, unallocatedCents: 0 });

    // Costs dated in March stay out of April's report.
    const april = (await t.api('GET', '/reports/margin?from=2025-04-01&to=2025-04-30', manager)).json();
    expect(april.totals.costCents).toBe(0);

    const csv = await t.api('GET', `/reports/margin/csv/flights?${MARCH}`, manager);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [head, ...rows] = csv.body.trimEnd().split('\r\n');
    expect(head).toBe(
      "Manifest,Type,Flight / vessel,MAWB / BL,Departure,Parcels,Billable lb,MAWB / BL freight (JMD),Agent's handling (JMD),Customs broker (JMD),Local delivery (JMD),Other (JMD),Costs (JMD),Revenue (JMD),Margin (JMD)",
    );
    expect(rows).toContain(`${manifestNumber},AIR,JM 018,,2025-03-05,3,10,3145.00,1000.01,500.00,0.00,0.00,4645.01,8550.00,3904.99`);
    const customersCsv = (await t.api('GET', `/reports/margin/csv/customers?${MARCH}`, manager)).body;
    expect(customersCsv).toContain(`${customerB.firstName} Customer,${customerB.mailboxNumber},3000.00,2787.01,212.99`);
    expect((await t.api('GET', `/reports/margin/csv/months?${MARCH}`, manager)).body).toBe(
      'Month,Revenue (JMD),Costs (JMD),Margin (JMD)\r\n2025-03,8550.00,4645.01,3904.99\r\n',
    );
  });

  it('keeps the cost of a flight with no weighed parcel apart, unallocated', async () => {
    const empty = (await t.api('POST', '/manifests', manager, { type: 'SEA', departureDate: '2025-03-20' })).json();
    await t.api('PUT', `/manifests/${empty.id}/costs`, manager, {
      lines: [{ kind: 'other', amountCents: 12_345, currency: 'JMD', incurredOn: '2025-03-20' }],
    });
    const report = (await t.api('GET', `/reports/margin?${MARCH}`, manager)).json();
    expect(report.totals).toMatchObject({ costCents: 464_501 + 12_345, unallocatedCents: 12_345 });
    expect(report.customers.reduce((s: number, c: { costCents: number }) => s + c.costCents, 0)).toBe(464_501);
    await t.api('PUT', `/manifests/${empty.id}/costs`, manager, { lines: [] });
  });

  it('give GCT payable and duty collected per month for the tax return, with CSV', async () => {
    const res = await t.api('GET', `/reports/tax?${MARCH}`, staff);
    expect(res.statusCode).toBe(403);
    const report = (await t.api('GET', `/reports/tax?${MARCH}`, manager)).json();
    expect(report.months).toEqual([{ month: '2025-03-01', invoices: 2, gctCents: 129_750, dutyCents: 30_000 }]);
    const csv = await t.api('GET', `/reports/tax/csv?${MARCH}`, manager);
    expect(csv.body).toBe('Month,Invoices,GCT payable (JMD),Duty collected (JMD)\r\n2025-03,2,1297.50,300.00\r\n');
    expect((await t.api('GET', '/reports/tax?from=2025-03-31&to=2025-03-01', manager)).statusCode).toBe(400);
  });
});
