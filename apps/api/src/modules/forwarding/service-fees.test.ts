import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '@courier/shared/domain/datetime';
import { addDays } from '@courier/shared/domain/datetime';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, receiveFor } from '../../../test/helper';
import { auditLog } from '../../db/schema/audit-log';
import { consolidationRequestPackages, consolidationRequests } from '../../db/schema/consolidation-requests';
import { couriers } from '../../db/schema/couriers';
import { taxRates } from '../../db/schema/fees';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';

// The services' prices in the one fee engine: consolidation and Shop For Me as dated fee entries
// (moved from the old per-courier setting with the same figures), GCT on the Shop For Me fee, and
// a customer's held new arrivals joining their consolidation at check-in. Two couriers kept apart.

let t: TestApp;
type Courier = { id: number; admin: string; staff: string };
let a: Courier;
let b: Courier;
let today: string;

async function courier(code: string, exchangeRate = 157): Promise<Courier> {
  const c = await makeCourier(t, code);
  await t.db.update(couriers).set({ exchangeRate }).where(eq(couriers.id, c.id));
  return {
    id: c.id,
    admin: (await makeUser(t, c.id, 'courier_admin')).token,
    staff: (await makeUser(t, c.id, 'staff', ['packages_view', 'packages_scan', 'packages_create'])).token,
  };
}

type FeeRow = {
  id: number;
  code: string | null;
  name: string;
  appliesTo: string;
  versions: Array<{ effectiveFrom: string; inForce: boolean }>;
};
async function feeList(token: string) {
  const res = await t.api('GET', '/settings/fees', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as FeeRow[];
}

async function newVersion(token: string, code: string, over: Record<string, unknown>) {
  const fee = (await feeList(token)).find((f) => f.code === code);
  if (!fee) throw new Error(`no ${code} fee`);
  const res = await t.api('POST', `/settings/fees/${fee.id}/versions`, token, {
    name: fee.name,
    method: 'fixed',
    amount: 0,
    percent: 0,
    minimum: 0,
    bands: [],
    bandBasis: 'value',
    freeDays: 0,
    gctApplies: false,
    effectiveFrom: today,
    effectiveTo: null,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { versionId: number };
}

async function invoiceLinesOf(token: string, invoiceNo: string) {
  const res = await t.api('GET', `/invoices/${invoiceNo}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().lines as Array<{ kind: string; description: string; amountCents: number; fee: { name: string } | null }>;
}

/** Staff quote a request sent from the public form; returns the request id and the quote. */
async function quote(
  c: Courier,
  email: string,
  items: Array<{ quantity: number; unitPriceUsdCents: number }>,
  extras = { tax: 0, ship: 0 },
) {
  const key = (await t.db.select({ apiKey: couriers.apiKey }).from(couriers).where(eq(couriers.id, c.id)))[0]?.apiKey;
  const sent = await t.api('POST', '/public/assisted-purchase', null, {
    apiKey: key,
    name: 'Shopper',
    email,
    items: [{ itemUrl: 'https://shop.example.com/x', itemDescription: 'Thing', quantity: 1, estimatedPriceUsdCents: null }],
    notes: '',
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const id = sent.json().id as number;
  const quoted = await t.api('POST', `/shop-requests/${id}/quote`, c.admin, {
    items: items.map((i, n) => ({ description: `Item ${n + 1}`, ...i })),
    salesTaxUsdCents: extras.tax,
    usShippingUsdCents: extras.ship,
  });
  expect(quoted.statusCode, quoted.body).toBe(200);
  return { id, quote: quoted.json().quote };
}

beforeAll(async () => {
  t = await buildTestApp();
  today = dayInZone(new Date(), 'America/Jamaica');
  a = await courier('SVA');
  b = await courier('SVB', 160);
});
afterAll(async () => t?.close());

describe('the old per-courier service prices moved into the fee engine', () => {
  it('become dated entries with the same figures: quotes, requests and invoices come out identical', async () => {
    const c = await courier('SVM');
    const customer = await makeCustomer(t, c.id);
    // Before: the courier's setting as the old table held it, and a request already repacked at its price.
    await t.db.execute(
      sql.raw(`CREATE TABLE IF NOT EXISTS "courier_service_fees" ("courier_id" integer PRIMARY KEY, "consolidation_fee_cents" integer NOT NULL,
        "shop_fee_percent_tenths" integer NOT NULL, "shop_fee_minimum_usd_cents" integer NOT NULL, "updated_at" timestamptz NOT NULL DEFAULT now())`),
    );
    await t.db.execute(sql.raw(`INSERT INTO "courier_service_fees" VALUES (${c.id}, 65000, 125, 700, now())`));
    const [parcel] = await t.db
      .insert(packages)
      .values({
        courierId: c.id,
        packageNumber: 'SVM-P1',
        trackingNumber: 'SVM-P1',
        customerId: customer.id,
        status: 'ready_for_pickup',
        weightLb: 4,
        readyAt: new Date(),
      })
      .returning();
    const [oldRequest] = await t.db
      .insert(consolidationRequests)
      .values({
        courierId: c.id,
        customerId: customer.id,
        requestNo: 'CON-900001',
        status: 'completed',
        repack: 'keep_boxes',
        feeCents: 650_00,
        newPackageId: parcel?.id,
        completedAt: new Date(),
      })
      .returning();
    // The old rule, as the setting priced a Shop For Me quote: tenths of a percent, rounded, at least the minimum.
    const oldFee = (items: number) => (items <= 0 ? 0 : Math.max(Math.round((items * 125) / 1000), 700));

    // The migration's own statements (the old table is dropped at its end, as in production).
    const migration = readFileSync(new URL('../../db/migrations/0037_service_fees_in_engine.sql', import.meta.url), 'utf8');
    const data = migration.slice(migration.indexOf("-- The services' prices become"));
    for (const statement of data.split('--> statement-breakpoint')) if (statement.trim()) await t.db.execute(sql.raw(statement));

    // After: the entries are on the Fees tab, dated from before any request, with the same figures.
    const list = await feeList(c.admin);
    const consolidation = list.find((f) => f.code === 'consolidation');
    const shop = list.find((f) => f.code === 'shop_for_me');
    expect(consolidation).toMatchObject({ name: 'Consolidation Fee', appliesTo: 'service_request' });
    expect(consolidation?.versions).toEqual([
      expect.objectContaining({ method: 'fixed', amount: 650, effectiveFrom: '2000-01-01', inForce: true }),
    ]);
    expect(shop?.versions).toEqual([
      expect.objectContaining({
        method: 'percent_value',
        percent: 12.5,
        minimum: 7,
        gctApplies: false,
        effectiveFrom: '2000-01-01',
        inForce: true,
      }),
    ]);
    const prices = await t.api('GET', '/service-fees', c.admin);
    expect(prices.json()).toMatchObject({ consolidationFeeCents: 650_00, shopFee: { percentBps: 1250, minimumCents: 700 } });

    // Quotes: the same service fee as the old rule, above and at the minimum, half-cents rounded alike.
    for (const items of [
      [{ quantity: 3, unitPriceUsdCents: 1_999 }],
      [{ quantity: 1, unitPriceUsdCents: 4_000 }],
      [{ quantity: 1, unitPriceUsdCents: 10_004 }],
    ]) {
      const { quote: q } = await quote(c, customer.email, items);
      const cost = items.reduce((s, i) => s + i.quantity * i.unitPriceUsdCents, 0);
      expect(q.serviceFeeUsdCents).toBe(oldFee(cost));
      expect(q.totalUsdCents).toBe(cost + oldFee(cost));
      expect(q.serviceFeeGctUsdCents).toBe(0);
    }

    // The request repacked before names its fee now, and its invoice line says which fee made it.
    const [named] = await t.db
      .select()
      .from(consolidationRequests)
      .where(eq(consolidationRequests.id, oldRequest?.id ?? 0));
    expect(named?.feeVersionId).not.toBeNull();
    const issued = await t.api('POST', '/invoices', c.admin, { customerId: customer.id, packageIds: [parcel?.id] });
    expect(issued.statusCode, issued.body).toBe(201);
    const lines = await invoiceLinesOf(c.admin, issued.json().invoiceNo);
    expect(lines.find((l) => l.kind === 'consolidation_fee')).toMatchObject({ amountCents: 650_00, fee: { name: 'Consolidation Fee' } });

    // A new request is charged the same figure as the setting charged.
    const p1 = await receiveFor(t, c.staff, customer.mailboxNumber);
    const p2 = await receiveFor(t, c.staff, customer.mailboxNumber);
    const asked = await t.api('POST', '/customer/consolidations', customer.token, { packageIds: [p1.id, p2.id], repack: 'keep_boxes' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().feeCents).toBe(650_00);
    // The old setting is gone: one way to price the services.
    const gone = await t.db.execute(sql.raw(`SELECT to_regclass('public.courier_service_fees') AS t`));
    expect((gone as unknown as { rows: Array<{ t: string | null }> }).rows[0]?.t ?? null).toBeNull();
  });

  it('a courier made later gets the default service fees as entries: JMD 500 a consolidation, 10% of the item cost at least USD 5', async () => {
    const list = await feeList(b.admin);
    expect(list.find((f) => f.code === 'consolidation')?.versions[0]).toMatchObject({ method: 'fixed', amount: 500 });
    expect(list.find((f) => f.code === 'shop_for_me')?.versions[0]).toMatchObject({ method: 'percent_value', percent: 10, minimum: 5 });
    const customer = await makeCustomer(t, b.id);
    expect((await quote(b, customer.email, [{ quantity: 1, unitPriceUsdCents: 12_345 }])).quote.serviceFeeUsdCents).toBe(1_235);
    expect((await quote(b, customer.email, [{ quantity: 1, unitPriceUsdCents: 2_000 }])).quote.serviceFeeUsdCents).toBe(500);
    // The old setting screen's route is gone.
    expect((await t.api('POST', '/service-fees', b.admin, {})).statusCode).toBe(404);
  });
});

describe('consolidation priced by its fee entry', () => {
  it('charges the version in force when asked, keeps it on the invoice naming the fee, and leaves the other courier alone', async () => {
    const customer = await makeCustomer(t, a.id);
    const v = await newVersion(a.admin, 'consolidation', { method: 'per_item', amount: 300 });
    // Tomorrow's rate does not touch today's requests.
    await newVersion(a.admin, 'consolidation', { method: 'fixed', amount: 999, effectiveFrom: addDays(today, 1) });
    const pkgs = [
      await receiveFor(t, a.staff, customer.mailboxNumber),
      await receiveFor(t, a.staff, customer.mailboxNumber),
      await receiveFor(t, a.staff, customer.mailboxNumber),
    ];
    const asked = await t.api('POST', '/customer/consolidations', customer.token, {
      packageIds: pkgs.map((p) => p.id),
      repack: 'keep_boxes',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    // Per item: 3 packages x JMD 300.
    expect(asked.json().feeCents).toBe(900_00);
    const [row] = await t.db.select().from(consolidationRequests).where(eq(consolidationRequests.id, asked.json().id));
    expect(row?.feeVersionId).toBe(v.versionId);

    const done = await t.api('POST', `/consolidations/${asked.json().id}/complete`, a.staff, {
      weightLb: 7,
      lengthIn: 12,
      widthIn: 10,
      heightIn: 8,
    });
    expect(done.statusCode, done.body).toBe(200);
    const parcelId = done.json().newPackage.id as number;
    await t.db.update(packages).set({ status: 'ready_for_pickup', readyAt: new Date() }).where(eq(packages.id, parcelId));
    const issued = await t.api('POST', '/invoices', a.admin, { customerId: customer.id, packageIds: [parcelId] });
    expect(issued.statusCode, issued.body).toBe(201);
    const lines = await invoiceLinesOf(a.admin, issued.json().invoiceNo);
    expect(lines.find((l) => l.kind === 'consolidation_fee')).toMatchObject({ amountCents: 900_00, fee: { name: 'Consolidation Fee' } });

    // Courier B's price is its own.
    const other = await makeCustomer(t, b.id);
    const q = [
      await receiveFor(t, b.staff, other.mailboxNumber),
      await receiveFor(t, b.staff, other.mailboxNumber),
      await receiveFor(t, b.staff, other.mailboxNumber),
    ];
    const theirs = await t.api('POST', '/customer/consolidations', other.token, { packageIds: q.map((p) => p.id), repack: 'keep_boxes' });
    expect(theirs.json().feeCents).toBe(500_00);
    // Neither courier reaches the other's fee entries.
    const bFee = (await feeList(b.admin)).find((f) => f.code === 'consolidation');
    const foreign = await t.api('POST', `/settings/fees/${bFee?.id}/versions`, a.admin, {
      name: 'X',
      method: 'fixed',
      amount: 1,
      percent: 0,
      minimum: 0,
      bands: [],
      bandBasis: 'value',
      freeDays: 0,
      gctApplies: false,
      effectiveFrom: today,
      effectiveTo: null,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GCT on the Shop For Me service fee', () => {
  it('is added on the quote and the invoice when the fee entry says GCT applies, at the dated GCT rate, to the cent', async () => {
    const customer = await makeCustomer(t, a.id);
    const v = await newVersion(a.admin, 'shop_for_me', { method: 'percent_value', percent: 10, minimum: 5, gctApplies: true });
    // A GCT rate from tomorrow does not touch today's quote (15% since April 2020).
    await t.db
      .insert(taxRates)
      .values({ country: 'JM', code: 'GCT', name: 'General Consumption Tax', percentBps: 1650, effectiveFrom: addDays(today, 1) });
    const prices = (await t.api('GET', '/service-fees', a.admin)).json();
    expect(prices).toMatchObject({ shopFeeGctBps: 1500, shopFee: { gctApplies: true, versionId: v.versionId } });

    // 2 x 49.99 + 20.00 = 119.98; fee 10% = 12.00; GCT 15% of 12.00 = 1.80; tax 8.40; shipping 5.99.
    const { id, quote: q } = await quote(
      a,
      customer.email,
      [
        { quantity: 2, unitPriceUsdCents: 4_999 },
        { quantity: 1, unitPriceUsdCents: 2_000 },
      ],
      { tax: 840, ship: 599 },
    );
    expect(q).toMatchObject({
      itemsUsdCents: 11_998,
      serviceFeeUsdCents: 1_200,
      serviceFeeGctUsdCents: 180,
      serviceFeeGctBps: 1500,
      serviceFeeVersionId: v.versionId,
      totalUsdCents: 14_817,
    });
    const accepted = await t.api('POST', `/customer/shop-requests/${id}/decision`, customer.token, { decision: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const invoiceNo = accepted.json().invoice.invoiceNo as string;
    // At JMD 157 a dollar: 1,883,686 + 131,880 + 94,043 + 188,400 + 28,260 = 2,326,269 cents.
    const lines = await invoiceLinesOf(customer.token, invoiceNo);
    expect(lines.map((l) => [l.kind, l.amountCents, l.fee?.name ?? null])).toEqual([
      ['shop_for_me', 1_883_686, null],
      ['shop_for_me', 131_880, null],
      ['shop_for_me', 94_043, null],
      ['shop_for_me', 188_400, 'Shop For Me Fee'],
      ['gct', 28_260, 'Shop For Me Fee'],
    ]);
    expect(lines[4]?.description).toContain('service fee GCT 15% (USD 1.80 at 157)');
    const [inv] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.courierId, a.id), eq(invoices.invoiceNo, invoiceNo)));
    expect(inv).toMatchObject({ totalCents: 2_326_269, gctCents: 28_260, feesCents: 2_326_269 - 28_260, gctPercent: '15' });

    // Courier B's fee says no GCT: the same quote there has none.
    const other = await makeCustomer(t, b.id);
    const theirs = await quote(
      b,
      other.email,
      [
        { quantity: 2, unitPriceUsdCents: 4_999 },
        { quantity: 1, unitPriceUsdCents: 2_000 },
      ],
      { tax: 840, ship: 599 },
    );
    expect(theirs.quote).toMatchObject({ serviceFeeUsdCents: 1_200, serviceFeeGctUsdCents: 0, totalUsdCents: 14_637 });
    await t.db.delete(taxRates).where(eq(taxRates.percentBps, 1650));
  });
});

describe('holding new arrivals for a consolidation', () => {
  it('a package checked in while the hold runs joins the open request, and the customer sees it', async () => {
    const customer = await makeCustomer(t, a.id);
    const first = await receiveFor(t, a.staff, customer.mailboxNumber);
    const holdUntil = addDays(today, 5);
    const asked = await t.api('POST', '/customer/consolidations', customer.token, {
      packageIds: [first.id],
      repack: 'remove_packaging',
      holdUntil,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json().id as number;

    const arrived = await receiveFor(t, a.staff, customer.mailboxNumber);
    const mine = (await t.api('GET', '/customer/consolidations', customer.token)).json().data as Array<{
      id: number;
      packages: Array<{ id: number }>;
    }>;
    expect(
      mine
        .find((r) => r.id === requestId)
        ?.packages.map((p) => p.id)
        .sort(),
    ).toEqual([first.id, arrived.id].sort());
    const [row] = await t.db.select().from(packages).where(eq(packages.id, arrived.id));
    expect(row?.consolidationRequestId).toBe(requestId);
    const timeline = (await t.api('GET', `/customer/packages/${arrived.id}`, customer.token)).json();
    expect(JSON.stringify(timeline)).toContain(`held for consolidation ${asked.json().requestNo}`);
    const held = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.courierId, a.id), eq(auditLog.action, 'consolidation.package_held')));
    expect(held.map((h) => h.entityId)).toEqual([asked.json().requestNo]);

    // The station repacks both into one parcel.
    const done = await t.api('POST', `/consolidations/${requestId}/complete`, a.staff, {
      weightLb: 4,
      lengthIn: 10,
      widthIn: 10,
      heightIn: 10,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().packages).toHaveLength(2);

    // After the repack (or past the date) new arrivals stay out; another customer's never join.
    const later = await receiveFor(t, a.staff, customer.mailboxNumber);
    const [free] = await t.db.select().from(packages).where(eq(packages.id, later.id));
    expect(free?.consolidationRequestId).toBeNull();
    const stranger = await makeCustomer(t, a.id);
    const again = await t.api('POST', '/customer/consolidations', customer.token, {
      packageIds: [later.id],
      repack: 'keep_boxes',
      holdUntil,
    });
    expect(again.statusCode, again.body).toBe(201);
    const theirs = await receiveFor(t, a.staff, stranger.mailboxNumber);
    const [notMine] = await t.db.select().from(packages).where(eq(packages.id, theirs.id));
    expect(notMine?.consolidationRequestId).toBeNull();
    // A hold that ended yesterday takes nothing.
    await t.db
      .update(consolidationRequests)
      .set({ holdUntil: addDays(today, -1) })
      .where(eq(consolidationRequests.id, again.json().id));
    const afterHold = await receiveFor(t, a.staff, customer.mailboxNumber);
    const links = await t.db.select().from(consolidationRequestPackages).where(eq(consolidationRequestPackages.packageId, afterHold.id));
    expect(links).toEqual([]);
  });

  it("never joins another courier's request", async () => {
    const customer = await makeCustomer(t, b.id);
    const first = await receiveFor(t, b.staff, customer.mailboxNumber);
    const asked = await t.api('POST', '/customer/consolidations', customer.token, {
      packageIds: [first.id],
      repack: 'keep_boxes',
      holdUntil: addDays(today, 3),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    // Courier A's customer with a hold of their own: B's arrival joins only B's request.
    const next = await receiveFor(t, b.staff, customer.mailboxNumber);
    const [row] = await t.db.select().from(packages).where(eq(packages.id, next.id));
    expect(row?.consolidationRequestId).toBe(asked.json().id);
    expect((await t.api('GET', `/consolidations/${asked.json().id}`, a.staff)).statusCode).toBe(404);
  });
});
