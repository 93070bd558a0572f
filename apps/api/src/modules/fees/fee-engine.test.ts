import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDITIONAL_POUND_JMD } from '@courier/shared/constants/rates';
import { computeCharges } from '@courier/shared/domain/charges';
import { dayInZone } from '@courier/shared/domain/datetime';
import { addDays } from '@courier/shared/domain/datetime';
import { INSURANCE_MESSAGES } from '@courier/shared/schemas/insurance';
import { FEE_MESSAGES } from '@courier/shared/schemas/fees';
import { type DeskWorld, buildDeskWorld, feeVersion, ownCourier as ownCourierOf, readyPackage } from '../../../test/fixtures/front-desk';
import { auditLog } from '../../db/schema/audit-log';
import { courierFeeSettings, processingFees } from '../../db/schema/courier-fees';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoices } from '../../db/schema/invoices';
import type { packages } from '../../db/schema/packages';
import { shippingRates } from '../../db/schema/shipping-rates';
import { weightOf } from '../settings/rates.service';

const DAY = 86_400_000;
let w: DeskWorld;
let today: string;

beforeAll(async () => {
  w = await buildDeskWorld();
  today = dayInZone(new Date(), 'America/Jamaica');
});
afterAll(async () => w?.t.close());

const ready = (courierId: number, customerId: number, over: Partial<typeof packages.$inferInsert> = {}) =>
  readyPackage(w, courierId, customerId, over);

async function linesOf(invoiceNo: string, token = w.tokens.admin) {
  const res = await w.api('GET', `/invoices/${invoiceNo}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().lines as Array<{
    kind: string;
    description: string;
    amountCents: number;
    packageId: number | null;
    fee: { name: string } | null;
  }>;
}

async function invoiceFor(packageIds: number[], token = w.tokens.manager, customerId = w.customerId) {
  const res = await w.api('POST', '/invoices', token, { customerId, packageIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().invoiceNo as string;
}

const version = (over: Record<string, unknown>) => feeVersion(today, over);

const ownCourier = (code: string) => ownCourierOf(w, code);

describe("today's fees moved into the engine", () => {
  it('bill the same packages before and after the migration: same cents, same lines', async () => {
    const c = await ownCourier('LEG');
    // The courier's settings as they were before the engine.
    await w.t.db.insert(courierFeeSettings).values({
      courierId: c.courierId,
      gctTenthsPercent: 165,
      unknownFeeCents: 500_00,
      uncollectedFeeCents: 312_50,
      switchingFeeCents: 200_00,
    });
    await w.t.db.insert(processingFees).values([
      { courierId: c.courierId, weightRange: '0.1 to 5', minWeightLbs: 0.1, maxWeightLbs: 5, feeCents: 300_00 },
      { courierId: c.courierId, weightRange: '5 to 20', minWeightLbs: 5, maxWeightLbs: 20, feeCents: 500_00 },
    ]);
    const pkgs = [
      await ready(c.courierId, c.customerId, { weightLb: 2.2, assignedFromUnknown: true, declaredValueUsdCents: 150_00 }),
      await ready(c.courierId, c.customerId, { weightLb: 5, uncollectedSince: new Date() }),
      await ready(c.courierId, c.customerId, { weightLb: 12.4, switchedBranchAt: new Date() }),
    ];

    // Before: the old pricing, straight from the settings tables.
    const [settings] = await w.t.db.select().from(courierFeeSettings).where(eq(courierFeeSettings.courierId, c.courierId));
    const ranges = await w.t.db.select().from(processingFees).where(eq(processingFees.courierId, c.courierId));
    const rateRows = await w.t.db.select().from(shippingRates).where(eq(shippingRates.courierId, c.courierId));
    const before = computeCharges({
      packages: pkgs.map((p) => ({
        ref: p.id,
        label: p.packageNumber,
        weightLbs: p.weightLb,
        declaredValueUsdCents: p.declaredValueUsdCents ?? 0,
        assignedFromUnknown: p.assignedFromUnknown,
        uncollected: p.uncollectedSince !== null,
        switchedBranch: p.switchedBranchAt !== null,
      })),
      rates: rateRows.map((r) => ({ weightLbs: weightOf(r.weight) ?? 0, costCents: r.costCents, status: r.status })),
      additionalPoundCents: ADDITIONAL_POUND_JMD * 100,
      lifetimeDeliveredCount: 0,
      processingFees: ranges.map((r) => ({ minLbs: r.minWeightLbs, maxLbs: r.maxWeightLbs, feeCents: r.feeCents })),
      gctPercent: (settings?.gctTenthsPercent ?? 0) / 10,
      exchangeRateJmdPerUsd: 150,
      unknownFeeCents: settings?.unknownFeeCents ?? 0,
      uncollectedFeeCents: settings?.uncollectedFeeCents ?? 0,
      switchingFeeCents: settings?.switchingFeeCents ?? 0,
    });

    // The migration's own statements, run for this courier alone (others were migrated already).
    const migration = readFileSync(new URL('../../db/migrations/0033_fee_engine.sql', import.meta.url), 'utf8');
    const data = migration
      .slice(migration.indexOf("-- Today's fees become"))
      .replace('AS f("code", "name", "applies_to");', `AS f("code", "name", "applies_to") WHERE c."id" = ${c.courierId};`)
      .replace(
        'LEFT JOIN "courier_fee_settings" s ON s."courier_id" = f."courier_id";',
        `LEFT JOIN "courier_fee_settings" s ON s."courier_id" = f."courier_id" WHERE f."courier_id" = ${c.courierId};`,
      );
    for (const statement of data.split('--> statement-breakpoint')) if (statement.trim()) await w.t.db.execute(sql.raw(statement));

    // After: the same packages billed by the engine.
    const invoiceNo = await invoiceFor(
      pkgs.map((p) => p.id),
      c.admin,
      c.customerId,
    );
    const lines = await linesOf(invoiceNo, c.admin);
    expect(
      lines.map(({ kind, description, packageId, amountCents }) => ({ kind, description, packageRef: packageId, amountCents })),
    ).toEqual(before.lines.map(({ kind, description, packageRef, amountCents }) => ({ kind, description, packageRef, amountCents })));
    const [inv] = await w.t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.courierId, c.courierId), eq(invoices.invoiceNo, invoiceNo)));
    expect(inv?.totalCents).toBe(before.totalCents);
    expect(before.lines.map((l) => l.kind)).toEqual(
      expect.arrayContaining(['processing_fee', 'gct', 'unknown_fee', 'uncollected_fee', 'switching_fee', 'customs_duty']),
    );
    // Each fee line now names the fee that made it; freight and duty name none.
    const named = Object.fromEntries(lines.map((l) => [l.kind, l.fee?.name ?? null]));
    expect(named).toMatchObject({
      gct: 'GCT',
      unknown_fee: 'Unknown Fee',
      uncollected_fee: 'Uncollected Fee',
      switching_fee: 'Switching Fee',
      processing_fee: 'Processing Fee',
      freight: null,
      customs_duty: null,
    });
  });

  it("the 'Manage Shipping Fees' form still works and writes engine entries", async () => {
    const put = await w.api('PUT', '/settings/additional-fees', w.tokens.admin, {
      gct: 15,
      unknownFee: 650,
      uncollectedFee: 300,
      switchingFee: 200,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ gct: 15, unknownFee: 650 });
    const list = await w.api('GET', '/settings/fees', w.tokens.admin);
    const fees = list.json().data as Array<{
      code: string;
      versions: Array<{ percent: number; amount: number; inForce: boolean; effectiveFrom: string }>;
    }>;
    const gct = fees.find((f) => f.code === 'gct');
    expect(gct?.versions.find((v) => v.inForce)).toMatchObject({ percent: 15, effectiveFrom: today });
    // The old figure stays in the history.
    expect(gct?.versions.some((v) => v.percent === 16.5)).toBe(true);
    expect(fees.find((f) => f.code === 'unknown')?.versions.find((v) => v.inForce)?.amount).toBe(650);
    expect(list.json().taxRates).toEqual([
      expect.objectContaining({ country: 'JM', code: 'GCT', percent: 15, effectiveFrom: '2020-04-01', inForce: true }),
    ]);
    // Put the desk's figures back for the tests below.
    await w.api('PUT', '/settings/additional-fees', w.tokens.admin, { gct: 16.5, unknownFee: 500, uncollectedFee: 300, switchingFee: 200 });
  });
});

describe('each method, on invoices', () => {
  it('fixed, percentage of value and of freight, per pound, per item, tiered and threshold, in integer cents with GCT where marked', async () => {
    const c = await ownCourier('MTH');
    const add = async (appliesTo: string, over: Record<string, unknown>) => {
      const res = await w.api('POST', '/settings/fees', c.admin, { appliesTo, ...version(over) });
      expect(res.statusCode, res.body).toBe(201);
    };
    await add('package', { name: 'Handling', method: 'fixed', amount: 100 });
    await add('package', { name: 'Value fee', method: 'percent_value', percent: 1.25, gctApplies: true });
    await add('package', { name: 'Fuel', method: 'percent_freight', percent: 10 });
    await add('package', { name: 'Per pound', method: 'per_pound', amount: 20.5 });
    await add('package', {
      name: 'Tiered',
      method: 'tiered',
      bands: [
        { from: 0, to: 2, amount: 10 },
        { from: 2, to: null, amount: 5 },
      ],
    });
    await add('package', {
      name: 'Threshold',
      method: 'threshold',
      bands: [
        { from: 0, to: 3, amount: 40 },
        { from: 3, to: null, amount: 90 },
      ],
    });
    await add('invoice', { name: 'Paperwork', method: 'per_item', amount: 75 });
    // 2.2 lb -> 3 whole pounds; US$ 33.33 declared at 150 = JMD 4,999.50.
    const pkg = await ready(c.courierId, c.customerId, { weightLb: 2.2, declaredValueUsdCents: 33_33 });
    const pkg2 = await ready(c.courierId, c.customerId, { weightLb: 1 });
    const lines = await linesOf(await invoiceFor([pkg.id, pkg2.id], c.admin, c.customerId), c.admin);
    const of = (description: string) => lines.find((l) => l.description === description);
    expect(of(`Freight ${pkg.packageNumber} (3 lb)`)?.amountCents).toBe(2250_00);
    expect(of(`Handling ${pkg.packageNumber}`)?.amountCents).toBe(100_00);
    expect(of(`Value fee ${pkg.packageNumber}`)?.amountCents).toBe(62_49); // 1.25% of 4,999.50 = 62.49375
    expect(of(`Fuel ${pkg.packageNumber}`)?.amountCents).toBe(225_00);
    expect(of(`Per pound ${pkg.packageNumber}`)?.amountCents).toBe(61_50);
    expect(of(`Tiered ${pkg.packageNumber}`)?.amountCents).toBe(25_00); // 2 x 10 + 1 x 5
    expect(of(`Threshold ${pkg.packageNumber}`)?.amountCents).toBe(40_00); // 2.2 lb is in the first band
    expect(of(`Threshold ${pkg2.packageNumber}`)?.amountCents).toBe(40_00);
    expect(of('Paperwork')?.amountCents).toBe(150_00); // two packages
    expect(of(`Value fee ${pkg2.packageNumber}`)).toBeUndefined(); // nothing declared: no line
    expect(of('Paperwork')?.fee?.name).toBe('Paperwork');
    for (const l of lines) expect(Number.isInteger(l.amountCents)).toBe(true);
    // This courier has no GCT: the marked fee adds none, and nothing else carries GCT either.
    expect(lines.some((l) => l.kind === 'gct')).toBe(false);
  });

  it('refuses a version dated in the past, and bands missing', async () => {
    const list = await w.api('GET', '/settings/fees', w.tokens.admin);
    const unknown = (list.json().data as Array<{ id: number; code: string }>).find((f) => f.code === 'unknown');
    const past = await w.api(
      'POST',
      `/settings/fees/${unknown?.id}/versions`,
      w.tokens.admin,
      version({ name: 'Unknown Fee', amount: 1, effectiveFrom: addDays(today, -1) }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(FEE_MESSAGES.pastDate);
    const noBands = await w.api('POST', '/settings/fees', w.tokens.admin, {
      appliesTo: 'package',
      ...version({ name: 'X', method: 'threshold' }),
    });
    expect(noBands.statusCode).toBe(400);
    expect(noBands.json().message).toBe(FEE_MESSAGES.bandsRequired);
    // Another courier's fee is out of reach.
    const foreign = await w.api(
      'POST',
      `/settings/fees/${unknown?.id}/versions`,
      w.tokens.secondAdmin,
      version({ name: 'Taken', amount: 1 }),
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('dates in force', () => {
  it('a rate from a future date leaves today alone; an invoice keeps its day’s rates after a change', async () => {
    const list = await w.api('GET', '/settings/fees', w.tokens.admin);
    const unknown = (list.json().data as Array<{ id: number; code: string }>).find((f) => f.code === 'unknown');
    const future = await w.api(
      'POST',
      `/settings/fees/${unknown?.id}/versions`,
      w.tokens.admin,
      version({ name: 'Unknown Fee', amount: 900, effectiveFrom: addDays(today, 7) }),
    );
    expect(future.statusCode, future.body).toBe(201);

    const pkg = await ready(w.courierId, w.customerId, { assignedFromUnknown: true, declaredValueUsdCents: 200_00 });
    const invoiceNo = await invoiceFor([pkg.id]);
    const unknownLine = async () => (await linesOf(invoiceNo)).find((l) => l.kind === 'unknown_fee');
    expect((await unknownLine())?.amountCents).toBe(500_00);

    // The rate changes from today; the invoice priced again (customs assessed) keeps its own.
    const put = await w.api('PUT', '/settings/additional-fees', w.tokens.admin, {
      gct: 16.5,
      unknownFee: 700,
      uncollectedFee: 300,
      switchingFee: 200,
    });
    expect(put.statusCode).toBe(200);
    const customs = await w.api('PUT', `/invoices/${invoiceNo}/customs`, w.tokens.admin, { packageId: pkg.id, assessedCents: 1234_00 });
    expect(customs.statusCode, customs.body).toBe(200);
    const after = await linesOf(invoiceNo);
    expect(after.find((l) => l.kind === 'customs_duty')?.amountCents).toBe(1234_00);
    expect(after.find((l) => l.kind === 'unknown_fee')?.amountCents).toBe(500_00);

    // A new invoice today gets today's rate.
    const next = await ready(w.courierId, w.customerId, { assignedFromUnknown: true });
    expect((await linesOf(await invoiceFor([next.id]))).find((l) => l.kind === 'unknown_fee')?.amountCents).toBe(700_00);
    await w.api('PUT', '/settings/additional-fees', w.tokens.admin, { gct: 16.5, unknownFee: 500, uncollectedFee: 300, switchingFee: 200 });
  });
});

describe('storage days', () => {
  it('the uncollected fee keeps working beside it', async () => {
    const pkg = await ready(w.courierId, w.customerId, { readyAt: new Date(Date.now() - 16 * DAY) });
    const invoiceNo = await invoiceFor([pkg.id]);
    const { flagUncollected } = await import('../packages/uncollected.service');
    await flagUncollected({ db: w.t.db, mailer: w.t.ctx.mailer });
    const lines = await linesOf(invoiceNo);
    expect(lines.find((l) => l.kind === 'uncollected_fee')).toMatchObject({ amountCents: 300_00, fee: { name: 'Uncollected Fee' } });
  });
});

describe('insurance', () => {
  let c: Awaited<ReturnType<typeof ownCourier>>;
  beforeAll(async () => {
    c = await ownCourier('INS');
    const res = await w.api('POST', '/settings/fees', c.admin, {
      appliesTo: 'package',
      code: 'insurance',
      ...version({ name: 'Insurance', method: 'percent_value', percent: 2, minimum: 600 }),
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('the customer insures a package; the premium (2%, at least JMD 600) goes on the invoice naming its fee', async () => {
    const noValue = await ready(c.courierId, c.customerId);
    const refused = await w.api('PUT', `/customer/packages/${noValue.id}/insurance`, c.customer, { insured: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(INSURANCE_MESSAGES.noValue);

    const big = await ready(c.courierId, c.customerId, { declaredValueUsdCents: 500_00 }); // JMD 75,000 -> 1,500
    const small = await ready(c.courierId, c.customerId, { declaredValueUsdCents: 10_00 }); // JMD 1,500 -> minimum 600
    for (const p of [big, small]) {
      const res = await w.api('PUT', `/customer/packages/${p.id}/insurance`, c.customer, { insured: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ insured: true, insuranceRule: '2% of the declared value, at least JMD 600.00' });
    }
    const invoiceNo = await invoiceFor([big.id, small.id], c.admin, c.customerId);
    const premiums = (await linesOf(invoiceNo, c.admin)).filter((l) => l.kind === 'insurance');
    expect(premiums.map((l) => [l.packageId, l.amountCents, l.fee?.name])).toEqual([
      [big.id, 1500_00, 'Insurance'],
      [small.id, 600_00, 'Insurance'],
    ]);
    // Invoiced: the choice is fixed.
    const late = await w.api('PUT', `/customer/packages/${big.id}/insurance`, c.customer, { insured: false });
    expect(late.statusCode).toBe(409);
    const audits = await w.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.courierId, c.courierId), eq(auditLog.action, 'package.insurance_changed')));
    expect(audits.length).toBe(2);
  });

  it('every package by default, as the customer set it', async () => {
    const set = await w.api('PUT', '/customer/insurance', c.customer, { insureByDefault: true });
    expect(set.json()).toEqual({ insureByDefault: true, offered: true });
    const pkg = await ready(c.courierId, c.customerId, { declaredValueUsdCents: 100_00 });
    expect((await w.api('GET', `/customer/packages/${pkg.id}/cover`, c.customer)).json()).toMatchObject({
      insured: true,
      premiumCents: 600_00,
    });
    const invoiceNo = await invoiceFor([pkg.id], c.admin, c.customerId);
    expect((await linesOf(invoiceNo, c.admin)).filter((l) => l.kind === 'insurance')).toHaveLength(1);
    await w.api('PUT', '/customer/insurance', c.customer, { insureByDefault: false });
  });
});

describe('invoice lines keep their fee after it changes', () => {
  it('the line names the version that made it', async () => {
    const pkg = await ready(w.courierId, w.customerId, { assignedFromUnknown: true });
    const invoiceNo = await invoiceFor([pkg.id]);
    const [line] = await w.t.db
      .select()
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(and(eq(invoices.invoiceNo, invoiceNo), eq(invoices.courierId, w.courierId), eq(invoiceLines.kind, 'unknown_fee')));
    expect(line?.invoice_lines.feeVersionId).toEqual(expect.any(Number));
  });
});
