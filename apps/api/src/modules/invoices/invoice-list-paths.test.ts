import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier, makeCustomer } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { invoices } from '../../db/schema/invoices';
import { listInvoices } from './invoice-queries.service';

/**
 * The invoice list finds a page on the invoices alone when nothing asks for a name, and joins
 * customers and couriers first when a search, a courier filter or a sort by name does: both ways
 * answer the same rows in the same order, page after page, with ties on the issue date.
 */
let t: TestApp;
let courier: { id: number; name: string };

beforeAll(async () => {
  t = await buildTestApp();
  const tag = Date.now().toString().slice(-5);
  courier = await makeCourier(t, `IL${tag}`);
  const others = await makeCourier(t, `IM${tag}`);
  const people = [await makeCustomer(t, courier.id), await makeCustomer(t, courier.id), await makeCustomer(t, others.id)];
  const base = Date.now() - 10 * 86_400_000;
  await t.db.insert(invoices).values(
    Array.from({ length: 27 }, (_, i) => {
      const who = people[i % 3] ?? people[0];
      return {
        courierId: who?.courierId ?? courier.id,
        customerId: who?.id ?? 0,
        invoiceNo: `INV-IL${tag}-${i}`,
        totalCents: 1_000 * (i % 4),
        status: i % 5 === 0 ? ('void' as const) : ('unpaid' as const),
        exchangeRate: 150,
        // Three invoices a day: equal dates are ordered by the tie-breaker.
        issuedAt: new Date(base + Math.floor(i / 3) * 86_400_000),
      };
    }),
  );
});
afterAll(async () => t?.close());

describe('the invoice list', () => {
  it('answers the same pages on the invoices alone as through the joins', async () => {
    for (const sort of [undefined, 'issuedAt', 'totalCents', 'status']) {
      for (const page of [1, 2, 3]) {
        const query = { page, limit: 10, order: 'desc' as const, sort, filters: {} as Record<string, string> };
        const alone = await listInvoices(t.db, { courierId: courier.id, customerId: null }, query);
        const joined = await listInvoices(
          t.db,
          { courierId: courier.id, customerId: null },
          { ...query, filters: { courierName: courier.name } },
        );
        expect(alone, `${sort} page ${page}`).toEqual(joined);
        if (page === 1) expect(alone.data).toHaveLength(10);
        expect(alone.total).toBe(18);
      }
    }
  });
});
