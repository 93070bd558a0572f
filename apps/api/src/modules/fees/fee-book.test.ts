import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_CODES } from '@courier/shared/domain/fees';
import { type DeskWorld, buildDeskWorld, ownCourier, readyPackage } from '../../../test/fixtures/front-desk';
import { tokenFor } from '../../../test/helper';
import { customers } from '../../db/schema/customers';
import { customsRates, fees, feeVersions } from '../../db/schema/fees';
import { getCourierRates } from '../settings/rates.service';
import { startCourierFees } from '../settings/fees.service';

/**
 * Every courier starts with the whole fee book (GCT with its history: 16.5% until 31 March 2020,
 * 15% from 1 April 2020), and the migration mends couriers made before.
 */
let w: DeskWorld;
beforeAll(async () => {
  w = await buildDeskWorld();
});
afterAll(async () => w?.t.close());

const codesOf = async (courierId: number) =>
  (await w.t.db.select({ code: fees.code }).from(fees).where(eq(fees.courierId, courierId))).map((f) => f.code).sort();

async function gctOn(courierId: number, day: string) {
  return (await getCourierRates(w.t.db, courierId, new Date(`${day}T17:00:00Z`))).gctPercent;
}

describe('the default fee book', () => {
  it('a courier the super admin creates has every fee, GCT with its history, and the customs rates', async () => {
    const res = await w.api('POST', '/platform/couriers', w.tokens.superAdmin, {
      name: 'Book Cargo',
      code: 'bkc',
      admin: { firstName: 'Bea', lastName: 'Book', email: 'bea@bookcargo.test', password: 'BookCargo#2026' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect(await codesOf(id)).toEqual([...FEE_CODES].sort());
    expect(await gctOn(id, '2020-03-31')).toBe(16.5);
    expect(await gctOn(id, '2020-04-01')).toBe(15);
    expect(await gctOn(id, '2026-11-28')).toBe(15);
    const customs = await w.t.db.select().from(customsRates).where(eq(customsRates.courierId, id));
    expect(customs.length).toBeGreaterThan(10);
    expect(customs.every((r) => r.source.length > 20)).toBe(true);

    // Its admin sees the book on the Fees tab, with the customs rates and their sources.
    const admin = await tokenFor(w.t, 'bea@bookcargo.test');
    const list = await w.api('GET', '/settings/fees', admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .data.map((f: { code: string }) => f.code)
        .sort(),
    ).toEqual([...FEE_CODES].sort());
    expect(list.json().customsRates.find((r: { part: string; inForce: boolean }) => r.part === 'scf' && r.inForce)).toMatchObject({
      percent: 0.3,
    });
    expect(list.json().reviewedAt).toBeNull();

    // The rate sheet lists every fee in force, from the engine, and the customs rates.
    const sheet = await w.api('GET', '/billing/rates', admin);
    expect(sheet.statusCode, sheet.body).toBe(200);
    const byCode = new Map(sheet.json().feesInForce.map((f: { code: string }) => [f.code, f]));
    for (const code of ['storage', 'consolidation', 'insurance', 'contents_photo', 'shop_for_me'])
      expect(byCode.has(code), code).toBe(true);
    expect(byCode.get('storage')).toMatchObject({ amountCents: 100_00, freeDays: 14, currency: 'JMD' });
    expect(byCode.get('shop_for_me')).toMatchObject({ percentBps: 1000, minimumCents: 500, currency: 'USD' });
    expect(sheet.json().customsRates.some((r: { part: string }) => r.part === 'caf')).toBe(true);
  });

  it("a new courier's first invoice charges GCT at 15% and the processing fee", async () => {
    const c = await ownCourier(w, 'NFB');
    await startCourierFees(w.t.db, c.courierId);
    const pkg = await readyPackage(w, c.courierId, c.customerId, { weightLb: 3 });
    const res = await w.api('POST', '/invoices', c.admin, { customerId: c.customerId, packageIds: [pkg.id] });
    expect(res.statusCode, res.body).toBe(201);
    const detail = (await w.api('GET', `/invoices/${res.json().invoiceNo}`, c.admin)).json();
    const line = (kind: string) => detail.lines.find((l: { kind: string }) => l.kind === kind);
    // 3 lb on this courier's table (1 lb 650.00, 5 lb 2,250.00) = 2,250.00; GCT 15% = 337.50;
    // processing 0.1-5 lb = 300.00
    expect(line('freight').amountCents).toBe(2250_00);
    expect(line('gct')).toMatchObject({ amountCents: 337_50, description: 'GCT 15% on freight' });
    expect(line('processing_fee').amountCents).toBe(300_00);
  });

  it("the demo seed's book: GCT 15% today and 16.5% before April 2020, no storage", async () => {
    const fresh = await ownCourier(w, 'DMO');
    // The demo seed's own call, on a courier of its own (the desk world sets the demo's fees to its test figures).
    await startCourierFees(w.t.db, fresh.courierId, { omit: ['storage'] });
    expect(await gctOn(fresh.courierId, '2026-11-28')).toBe(15);
    expect(await gctOn(fresh.courierId, '2019-12-31')).toBe(16.5);
    expect(await codesOf(fresh.courierId)).not.toContain('storage');
  });
});

describe('migration 0045 mends couriers made before', () => {
  it('adds 15% from 1 April 2020 after a 16.5% "since 2000", and the fees a courier is missing', async () => {
    const c = await ownCourier(w, 'OLD');
    // The courier as an invitation left it: GCT 16.5% since 2000 and the two service fees.
    const [gct] = await w.t.db
      .insert(fees)
      .values({ courierId: c.courierId, code: 'gct', name: 'GCT', appliesTo: 'invoice', createdAt: new Date('2000-01-01T00:00:00Z') })
      .returning();
    if (!gct) throw new Error('no fee');
    await w.t.db.insert(feeVersions).values({
      courierId: c.courierId,
      feeId: gct.id,
      name: 'GCT',
      method: 'percent_freight',
      percentBps: 1650,
      effectiveFrom: '2000-01-01',
      createdAt: new Date('2000-01-01T00:00:00Z'),
    });
    expect((await getCourierRates(w.t.db, c.courierId, new Date())).gctPercent).toBe(16.5);
    const before = new Date();
    // The migration runs later than that invoice, not in the same millisecond.
    await new Promise((resolve) => setTimeout(resolve, 20));

    const migration = readFileSync(new URL('../../db/migrations/0045_money_that_agrees.sql', import.meta.url), 'utf8');
    const data = migration.slice(migration.indexOf('-- GCT was 16.5%'));
    for (const statement of data.split('--> statement-breakpoint')) if (statement.trim()) await w.t.db.execute(sql.raw(statement));
    // Fees added to the book since are brought in by their own migrations.
    const later = readFileSync(new URL('../../db/migrations/0059_return_requests.sql', import.meta.url), 'utf8');
    const fees0059 = later.slice(later.indexOf('-- Every courier gets the return and discard fees'));
    for (const statement of fees0059.split('--> statement-breakpoint')) if (statement.trim()) await w.t.db.execute(sql.raw(statement));

    expect((await getCourierRates(w.t.db, c.courierId, new Date())).gctPercent).toBe(15);
    expect(await gctOn(c.courierId, '2020-03-31')).toBe(16.5);
    // An invoice issued before the migration, priced again, keeps the 16.5% it was charged.
    expect((await getCourierRates(w.t.db, c.courierId, before, before)).gctPercent).toBe(16.5);
    expect(await codesOf(c.courierId)).toEqual([...FEE_CODES].sort());
    const processing = await w.t.db
      .select()
      .from(feeVersions)
      .innerJoin(fees, eq(fees.id, feeVersions.feeId))
      .where(and(eq(fees.courierId, c.courierId), eq(fees.code, 'processing')));
    expect(processing[0]?.fee_versions.bands).toHaveLength(3);
    expect((await w.t.db.select().from(customsRates).where(eq(customsRates.courierId, c.courierId))).length).toBeGreaterThan(10);
    // A courier's customer is untouched.
    expect(await w.t.db.select().from(customers).where(eq(customers.courierId, c.courierId))).toHaveLength(1);
  });
});

describe('editing a customs rate', () => {
  it('is a new dated row with its source: in force from its day, the old one kept, priced on the next invoice', async () => {
    const c = await ownCourier(w, 'CRE');
    await startCourierFees(w.t.db, c.courierId);
    const today = (await w.api('GET', '/settings/fees', c.admin)).json().today as string;
    const body = {
      part: 'import_duty',
      tariffClass: 'electronics',
      percent: 12.5,
      amount: 0,
      threshold: 0,
      effectiveFrom: today,
      source: 'Jamaica Gazette notice of 1 Dec 2026',
    };
    // Staff of another courier, a customer, a past day and a missing source are refused.
    expect((await w.api('POST', '/settings/customs-rates', c.customer, body)).statusCode).toBe(403);
    expect((await w.api('POST', '/settings/customs-rates', w.tokens.staff, body)).statusCode).toBe(403);
    const past = await w.api('POST', '/settings/customs-rates', c.admin, { ...body, effectiveFrom: '2020-01-01' });
    expect(past.json().message).toBe('A new version starts today or later; past invoices keep their rates');
    const unsourced = await w.api('POST', '/settings/customs-rates', c.admin, { ...body, source: '' });
    expect(unsourced.statusCode).toBe(400);
    expect(unsourced.json().message).toContain('Please name the published source of this rate');

    const added = await w.api('POST', '/settings/customs-rates', c.admin, body);
    expect(added.statusCode, added.body).toBe(201);
    const rates = (await w.api('GET', '/settings/fees', c.admin)).json().customsRates as Array<{
      part: string;
      tariffClass: string | null;
      percent: number;
      source: string;
      inForce: boolean;
      effectiveFrom: string;
    }>;
    const electronics = rates.filter((r) => r.part === 'import_duty' && r.tariffClass === 'electronics');
    expect(electronics.map((r) => [r.percent, r.inForce])).toEqual([
      [12.5, true],
      [10, false],
    ]);
    expect(electronics[0]).toMatchObject({ source: body.source, effectiveFrom: today });
    // The invoice of an electronics parcel worth USD 200 charges the new duty: 12.5% of its CIF.
    const pkg = await readyPackage(w, c.courierId, c.customerId, {
      weightLb: 3,
      declaredValueUsdCents: 200_00,
      tariffClass: 'electronics',
    });
    const estimate = (await w.api('GET', `/packages/${pkg.id}/estimate`, c.admin)).json();
    const duty = estimate.lines.find((l: { description: string }) => l.description.startsWith('Import duty'));
    expect(duty?.description).toContain('12.5%');
    // Another courier's rates are untouched.
    const other = await ownCourier(w, 'CRF');
    await startCourierFees(w.t.db, other.courierId);
    const theirs = (await w.api('GET', '/settings/fees', other.admin)).json().customsRates as typeof rates;
    expect(theirs.filter((r) => r.part === 'import_duty' && r.tariffClass === 'electronics').map((r) => r.percent)).toEqual([10]);
  });
});
