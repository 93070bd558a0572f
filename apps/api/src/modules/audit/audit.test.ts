import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '@courier/shared/domain/datetime';
import { users } from '../../db/schema/users';
import { type DeskWorld, buildDeskWorld } from '../../../test/fixtures/front-desk';

let w: DeskWorld;
let receiptNo: string;
let invoiceNo: string;

interface Entry {
  action: string;
  kind: string;
  actorName: string;
  actorId: number | null;
  courierId: number | null;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
const page = async (token: string, query = '') => {
  const res = await w.api('GET', `/audit-log?limit=100${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Entry[]; total: number };
};
const filters = (f: Record<string, string>) => `&filters=${encodeURIComponent(JSON.stringify(f))}`;

beforeAll(async () => {
  w = await buildDeskWorld();
  // Every money action once, and a settings change, by courier A's people.
  const issued = await w.issue([1], [200_00]);
  invoiceNo = issued.invoiceNo;
  expect(
    (await w.api('PUT', `/invoices/${invoiceNo}/customs`, w.tokens.manager, { packageId: issued.packageIds[0], assessedCents: 4000_00 }))
      .statusCode,
  ).toBe(200);
  const paid = await w.api('POST', '/payments', w.tokens.staff, {
    method: 'cash',
    branchId: w.branchId,
    tenderedCents: 500_00,
    allocations: [{ invoiceNo, amountCents: 400_00 }],
  });
  expect(paid.statusCode, paid.body).toBe(201);
  receiptNo = paid.json().receiptNo;
  const voidable = await w.issue([1]);
  expect((await w.api('POST', `/invoices/${voidable.invoiceNo}/void`, w.tokens.admin, { reason: 'Wrong customer' })).statusCode).toBe(200);
  const reissued = await w.api('POST', `/invoices/${voidable.invoiceNo}/reissue`, w.tokens.admin);
  expect(reissued.statusCode, reissued.body).toBe(201);
  const date = dayInZone(new Date(), 'America/Jamaica');
  const count = { branchId: w.branchId, date, countedCashCents: 0, countedCardCents: 0 };
  expect((await w.api('POST', '/payments/cash-up', w.tokens.manager, count)).statusCode).toBe(201);
  expect(
    (await w.api('POST', '/payments/cash-up/corrections', w.tokens.manager, { ...count, countedCashCents: 400_00, reason: 'Recounted' }))
      .statusCode,
  ).toBe(201);
  const company = { name: 'Jamaica Express Post', first_name: 'Ann', last_name: 'Reid', email: '=cmd@jamaicaexpress.test' };
  expect(
    (await w.api('PUT', `/couriers/${w.courierId}`, w.tokens.admin, { ...company, email: 'office@jamaicaexpress.test' })).statusCode,
  ).toBe(200);
  // Courier B changes its own settings: a row A must never see.
  expect(
    (
      await w.api('PUT', `/couriers/${w.secondCourierId}`, w.tokens.secondAdmin, {
        ...company,
        name: 'Second Courier Ltd',
        email: 'b@second.test',
      })
    ).statusCode,
  ).toBe(200);
});
afterAll(async () => w?.t.close());

describe('audit log', () => {
  it('has a row for every money action and settings change', async () => {
    const actions = (await page(w.tokens.admin)).data.map((e) => e.action);
    for (const action of [
      'invoice.issued',
      'invoice.customs_assessed',
      'payment.recorded',
      'invoice.voided',
      'invoice.reissued',
      'cash_up.recorded',
      'cash_up.corrected',
      'courier.company_updated',
    ]) {
      expect(actions, action).toContain(action);
    }
  });

  it('says who, what, when, and before -> after', async () => {
    const { data } = await page(w.tokens.admin, filters({ kind: 'courier' }));
    const change = data.find((e) => e.action === 'courier.company_updated');
    const [admin] = await w.t.db.select().from(users).where(eq(users.id, w.userIds.admin));
    expect(change?.actorId).toBe(w.userIds.admin);
    expect(change?.actorName).toBe(`${admin?.firstName} ${admin?.lastName}`);
    expect(change?.before).toMatchObject({ name: expect.any(String) });
    expect(change?.after).toMatchObject({ name: 'Jamaica Express Post', email: 'office@jamaicaexpress.test' });
    const correction = (await page(w.tokens.admin, filters({ action: 'cash_up.corrected' }))).data[0];
    expect(correction?.before).toMatchObject({ countedCashCents: 0 });
    expect(correction?.after).toMatchObject({ countedCashCents: 400_00, reason: 'Recounted' });
  });

  it('shows a permission change as before -> after', async () => {
    const created = await w.api('POST', '/roles', w.tokens.admin, { name: 'Cashier', permissions: ['payments_view'] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const updated = await w.api('PUT', `/roles/${id}`, w.tokens.admin, {
      name: 'Cashier',
      permissions: ['payments_view', 'payments_create'],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const [row] = (await page(w.tokens.admin, filters({ action: 'role.updated' }))).data;
    expect(row?.entityId).toBe(String(id));
    expect(row?.before).toEqual({ name: 'Cashier', permissions: ['payments_view'] });
    expect(row?.after).toEqual({ name: 'Cashier', permissions: ['payments_view', 'payments_create'] });
  });

  it('filters by kind, person and date', async () => {
    const payments = (await page(w.tokens.admin, filters({ kind: 'payment' }))).data;
    expect(payments.map((e) => e.action)).toEqual(['payment.recorded']);
    expect(payments[0]?.entityId).toBe(receiptNo);
    const byStaff = (await page(w.tokens.admin, filters({ actorId: String(w.userIds.staff) }))).data;
    expect(byStaff.length).toBeGreaterThan(0);
    expect(new Set(byStaff.map((e) => e.actorId))).toEqual(new Set([w.userIds.staff]));
    const today = dayInZone(new Date(), 'America/Jamaica');
    expect((await page(w.tokens.admin, `&from=${today}&to=${today}`)).total).toBeGreaterThan(5);
    expect((await page(w.tokens.admin, '&from=2020-01-01&to=2020-01-31')).total).toBe(0);
    const backwards = await w.api('GET', '/audit-log?from=2026-02-01&to=2026-01-01', w.tokens.admin);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The start date must not be after the end date');
  });

  it("keeps each courier's log to itself; the super admin reads every courier's, or one", async () => {
    const mine = await page(w.tokens.admin);
    expect(mine.data.every((e) => e.courierId === w.courierId)).toBe(true);
    expect(JSON.stringify(mine.data)).not.toContain('Second Courier Ltd');
    const theirs = await page(w.tokens.secondAdmin);
    expect(theirs.data.map((e) => e.action)).toEqual(['courier.company_updated']);
    // ?courierId= is the super admin's: a courier admin naming another courier still reads their own.
    const sneaky = await page(w.tokens.admin, `&courierId=${w.secondCourierId}`);
    expect(sneaky.data.every((e) => e.courierId === w.courierId)).toBe(true);
    const all = await page(w.tokens.superAdmin);
    expect(new Set(all.data.map((e) => e.courierId))).toEqual(expect.objectContaining(new Set([w.courierId, w.secondCourierId])));
    const one = await page(w.tokens.superAdmin, `&courierId=${w.secondCourierId}`);
    expect(one.data.every((e) => e.courierId === w.secondCourierId)).toBe(true);
    expect((await w.api('GET', '/audit-log', w.tokens.staff)).statusCode).toBe(403);
    expect((await w.api('GET', '/audit-log', w.tokens.customer)).statusCode).toBe(403);
  });

  it('exports the filtered log as CSV', async () => {
    const res = await w.api('GET', `/audit-log/csv?${filters({ kind: 'payment' }).slice(1)}`, w.tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = Papa.parse<string[]>(res.body.trim()).data;
    expect(rows[0]).toEqual(['When', 'Courier', 'Who', 'Action', 'Record', 'Before', 'After']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[3]).toBe('payment.recorded');
    expect(rows[1]?.[4]).toBe(`payment ${receiptNo}`);
    expect(JSON.parse(rows[1]?.[6] ?? '{}')).toMatchObject({ amountCents: 400_00, tenderedCents: 500_00, changeCents: 100_00 });
    const foreign = await w.api('GET', '/audit-log/csv', w.tokens.secondAdmin);
    expect(foreign.body).not.toContain(receiptNo);
  });
});
