import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '@courier/shared/domain/datetime';
import { RELEASE_MESSAGES } from '@courier/shared/domain/release';
import { formatAmount } from '@courier/shared/format/money';
import { BILLING_MESSAGES } from '@courier/shared/schemas/billing';
import { DELIVERY_MESSAGES } from '@courier/shared/schemas/deliveries';
import { branches } from '../../db/schema/branches';
import { packages } from '../../db/schema/packages';
import { payments } from '../../db/schema/payments';
import { type DeskWorld, buildDeskWorld } from '../../../test/fixtures/front-desk';

/** Cash on delivery: a zone setting; the driver takes the balance at the door into their till, or the packages stay. */
let w: DeskWorld;
let codZone: number;
let plainZone: number;
let chapelton: number;
let mayPen: number;
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

async function zone(name: string, cashOnDelivery: boolean) {
  const res = await w.api('POST', '/delivery-locations', w.tokens.admin, { name, parish: 'Clarendon', feeCents: 500_00, cashOnDelivery });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().cashOnDelivery).toBe(cashOnDelivery);
  return res.json().id as number;
}

/** An unpaid invoiced package with a delivery request to the zone, scheduled for the manager to drive. */
async function scheduled(locationId: number) {
  const { packageIds } = await w.issue([3]);
  const req = await w.api('POST', '/customer/delivery-requests', w.tokens.customer, {
    packageIds,
    locationId,
    address: '12 Main Street, May Pen',
    preferredDate: day,
    phone: '876-555-0101',
  });
  expect(req.statusCode, req.body).toBe(201);
  const id = req.json().id as number;
  const sched = await w.api('POST', `/delivery-requests/${id}/status`, w.tokens.manager, {
    status: 'scheduled',
    scheduledDate: day,
    driverId: w.userIds.manager,
  });
  expect(sched.statusCode, sched.body).toBe(200);
  return { id, packageIds, due: sched.json().amountDueCents as number };
}

const codPayments = (id: number) =>
  w.t.db
    .select()
    .from(payments)
    .where(and(eq(payments.courierId, w.courierId), eq(payments.reference, `Delivery ${id}`)));
const cashUp = async (branchId: number) =>
  (await w.api('GET', `/payments/cash-up?branchId=${branchId}&date=${dayInZone(new Date(), 'America/Jamaica')}`, w.tokens.manager)).json();

beforeAll(async () => {
  w = await buildDeskWorld();
  codZone = await zone('May Pen town (COD)', true);
  plainZone = await zone('Lionel Town', false);
  const rows = await w.t.db.select().from(branches).where(eq(branches.courierId, w.courierId));
  const named = (name: string) => rows.find((b) => b.name === name)?.id ?? 0;
  chapelton = named('Chapelton');
  // The manager (the driver here) works at May Pen.
  mayPen = named('May Pen');
});
afterAll(async () => w?.t.close());

describe('cash on delivery', () => {
  it('goes out unpaid only to a zone that takes cash at the door; the run sheet says to collect it', async () => {
    const cod = await scheduled(codZone);
    const plain = await scheduled(plainZone);
    expect(cod.due).toBeGreaterThan(0);

    const plainOut = await w.api('POST', `/delivery-requests/${plain.id}/status`, w.tokens.manager, { status: 'out_for_delivery' });
    expect(plainOut.statusCode).toBe(422);
    const codOut = await w.api('POST', `/delivery-requests/${cod.id}/status`, w.tokens.manager, { status: 'out_for_delivery' });
    expect(codOut.statusCode, codOut.body).toBe(200);
    expect(codOut.json()).toMatchObject({ status: 'out_for_delivery', cashOnDelivery: true, amountDueCents: cod.due });

    const sheet = (await w.api('GET', `/delivery-run-sheet?date=${day}&format=json`, w.tokens.manager)).json();
    const stop = sheet.stops.find((s: { requestId: number }) => s.requestId === cod.id);
    expect(stop).toMatchObject({ cashOnDelivery: true, amountDueCents: cod.due });
    expect(sheet.stops.find((s: { requestId: number }) => s.requestId === plain.id)).toMatchObject({ cashOnDelivery: false });

    // A status change cannot hand it over: delivered needs the proof, and the proof needs the money.
    const short = await w.api('POST', `/delivery-requests/${cod.id}/deliver`, w.tokens.manager, {
      recipientName: 'Shanice Brown',
      signature: PNG,
      collectedCents: cod.due - 1,
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toContain('cannot be released');
    expect(await codPayments(cod.id)).toHaveLength(0);
    const none = await w.api('POST', `/delivery-requests/${cod.id}/deliver`, w.tokens.manager, {
      recipientName: 'Shanice Brown',
      signature: PNG,
    });
    expect(none.statusCode).toBe(422);
    const tooMuch = await w.api('POST', `/delivery-requests/${cod.id}/deliver`, w.tokens.manager, {
      recipientName: 'Shanice Brown',
      signature: PNG,
      collectedCents: cod.due + 1,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe(DELIVERY_MESSAGES.codTooMuch(formatAmount(cod.due)));
    const wrongZone = await w.api('POST', `/delivery-requests/${plain.id}/deliver`, w.tokens.manager, {
      recipientName: 'x',
      signature: PNG,
      collectedCents: 100,
    });
    expect(wrongZone.json().message).toBe(DELIVERY_MESSAGES.codNotAllowed);
    expect(RELEASE_MESSAGES.unpaid('P', 'I', 'JMD 1.00')).toContain('cannot be released');
  });

  it("the driver's cash lands in their till: paid on the doorstep, delivered, counted in the cash-up", async () => {
    const cod = await scheduled(codZone);
    expect((await w.api('POST', `/delivery-requests/${cod.id}/status`, w.tokens.manager, { status: 'out_for_delivery' })).statusCode).toBe(
      200,
    );
    const mayPenBefore = await cashUp(mayPen);
    const done = await w.api('POST', `/delivery-requests/${cod.id}/deliver`, w.tokens.manager, {
      recipientName: 'Shanice Brown',
      signature: PNG,
      collectedCents: cod.due,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'delivered', amountDueCents: 0 });
    const [payment] = await codPayments(cod.id);
    expect(payment).toMatchObject({ method: 'cash', amountCents: cod.due, takenBy: w.userIds.manager, branchId: mayPen });
    const statuses = await w.t.db
      .select({ status: packages.status })
      .from(packages)
      .where(eq(packages.id, cod.packageIds[0] ?? 0));
    expect(statuses).toEqual([{ status: 'delivered' }]);
    expect((await cashUp(mayPen)).expectedCashCents - mayPenBefore.expectedCashCents).toBe(cod.due);
  });

  it('a driver without a branch names the till the cash goes to', async () => {
    const cod = await scheduled(codZone);
    expect((await w.api('POST', `/delivery-requests/${cod.id}/status`, w.tokens.admin, { status: 'out_for_delivery' })).statusCode).toBe(
      200,
    );
    const body = { recipientName: 'Marcia Grant', signature: PNG, collectedCents: cod.due };
    const noTill = await w.api('POST', `/delivery-requests/${cod.id}/deliver`, w.tokens.admin, body);
    expect(noTill.statusCode).toBe(422);
    expect(noTill.json().message).toBe(BILLING_MESSAGES.tillRequired);
    const before = await cashUp(chapelton);
    const done = await w.api('POST', `/delivery-requests/${cod.id}/deliver`, w.tokens.admin, { ...body, branchId: chapelton });
    expect(done.statusCode, done.body).toBe(200);
    expect((await cashUp(chapelton)).expectedCashCents - before.expectedCashCents).toBe(cod.due);
  });
});
