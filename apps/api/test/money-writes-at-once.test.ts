import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '@courier/shared/domain/datetime';
import { type DeskWorld, buildDeskWorld, readyPackage } from './fixtures/front-desk';

/**
 * Fifty money writes of every kind at once, on a pool of four connections (the test app's): each
 * one answers, none with a 5xx, and the server still answers afterwards. A write that took a
 * second connection inside its transaction (the receipt e-mail's link did) held the counter row
 * while it waited for the pool, and every other write waited on that row: nothing answered again.
 * Runs on DATABASE_URL's server and, without it, on the embedded PostgreSQL of global setup.
 */
let w: DeskWorld;

beforeAll(async () => {
  // A query that reaches past its transaction for a second connection fails here instead of waiting.
  // The pool wait is long: on a loaded machine 50 requests queue for 4 connections longer than the
  // default 10 s, and this test is about every write being done, not about the 503 (database-limits).
  w = await buildDeskWorld({ DATABASE_TRANSACTION_GUARD: 'throw', DATABASE_CONNECTION_TIMEOUT_MS: '60000' });
});
afterAll(async () => w?.t.close());

/** The response, or a failure naming the request that never answered. */
function answered<T>(label: string, request: Promise<T>, ms = 45_000): Promise<T> {
  return Promise.race([
    request,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${label} did not answer within ${ms} ms`)), ms).unref()),
  ]);
}

describe('fifty money writes at once', () => {
  it('all answer (payments, credit payments, refunds, invoices, cash-up), and health answers after', { timeout: 120_000 }, async () => {
    const credit = await w.api('POST', '/account-credit/goodwill', w.tokens.admin, {
      customerId: w.customerId,
      amountCents: 100_00,
      reason: 'Sorry for the wait',
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const forStaff = await w.issue([5, 5, 5]);
    const forCredit = await w.issue([5]);
    const toRefund = await w.issue([5]);
    const receipts: string[] = [];
    for (let i = 0; i < 10; i++) {
      const paid = await w.api('POST', '/payments', w.tokens.staff, {
        method: 'card',
        allocations: [{ invoiceNo: toRefund.invoiceNo, amountCents: 10_00 }],
      });
      expect(paid.statusCode, paid.body).toBe(201);
      receipts.push(paid.json().receiptNo);
    }
    const ready = await Promise.all(Array.from({ length: 10 }, () => readyPackage(w, w.courierId, w.customerId)));
    const date = dayInZone(new Date(), 'America/Jamaica');

    const writes: Array<[string, () => Promise<{ statusCode: number; body: string }>]> = [];
    for (let i = 0; i < 10; i++) {
      writes.push([
        `payment ${i}`,
        () =>
          w.api('POST', '/payments', w.tokens.staff, {
            method: 'cash',
            allocations: [{ invoiceNo: forStaff.invoiceNo, amountCents: 1_00 }],
          }),
      ]);
      writes.push([
        `credit payment ${i}`,
        () => w.api('POST', '/payments/credit', w.tokens.customer, { invoiceNo: forCredit.invoiceNo, amountCents: 1_00 }),
      ]);
      writes.push([
        `refund ${i}`,
        () =>
          w.api('POST', `/payments/${receipts[i]}/refunds`, w.tokens.admin, { amountCents: 1_00, reason: 'Overcharged', toCredit: true }),
      ]);
      writes.push([
        `invoice ${i}`,
        () => w.api('POST', '/invoices', w.tokens.manager, { customerId: w.customerId, packageIds: [ready[i]?.id] }),
      ]);
      writes.push([
        `cash-up ${i}`,
        () =>
          w.api('POST', '/payments/cash-up', w.tokens.manager, {
            branchId: w.branchId,
            date,
            countedCashCents: i * 100,
            countedCardCents: 0,
          }),
      ]);
    }
    const started = Date.now();
    const results = await Promise.all(writes.map(([label, send]) => answered(label, send()).then((res) => ({ label, res }))));
    const elapsedMs = Date.now() - started;

    for (const { label, res } of results) expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
    const created = (prefix: string) => results.filter((r) => r.label.startsWith(prefix) && r.res.statusCode === 201).length;
    // Money that was there to take is taken every time; one cash-up of the day is recorded, the rest refused in words.
    expect(created('payment')).toBe(10);
    expect(created('credit payment')).toBe(10);
    expect(created('refund')).toBe(10);
    expect(created('invoice')).toBe(10);
    expect(created('cash-up')).toBeGreaterThanOrEqual(1);
    for (const { res } of results.filter((r) => r.res.statusCode >= 400)) expect(JSON.parse(res.body).message).toEqual(expect.any(String));

    const health = await answered('health', w.t.api('GET', '/health'), 10_000);
    expect(health.statusCode).toBe(200);
    console.info(`50 money writes on 4 connections answered in ${elapsedMs} ms`);
  });
});
