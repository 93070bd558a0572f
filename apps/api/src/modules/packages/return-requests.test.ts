import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_MESSAGES } from '@courier/shared/domain/package-status';
import { RETURN_DEFAULTS, RETURN_MESSAGES } from '@courier/shared/schemas/return-requests';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, loginAs, seedDemoData, receiveFor } from '../../../test/helper';
import { couriers } from '../../db/schema/couriers';
import { emailOutbox } from '../../db/schema/email';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { packages } from '../../db/schema/packages';

/**
 * Return to sender or discard, asked for by the customer at the courier's price shown: the parcel
 * ships and is released no more; staff see the queue (and the bell) and record what was done; the
 * parcel ends returned or discarded, the fee is invoiced once, the customer told. Nobody else sees it.
 */

let t: TestApp;
let staff: string;
let admin: string;
let courierId: number;
let customer: Awaited<ReturnType<typeof makeCustomer>>;
let otherCustomer: Awaited<ReturnType<typeof makeCustomer>>;
let otherAdmin: string;

/** What the customer's return (or discard) request form sends. */
const returnAsk = (kind: 'return' | 'discard', feeCents = RETURN_DEFAULTS[kind].cents) => ({
  kind,
  feeCents,
  note: 'RA 5521 from the merchant',
});
const statusOf = async (id: number) => (await t.db.select().from(packages).where(eq(packages.id, id)))[0]?.status;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
  staff = await loginAs(t, 'staff');
  admin = await loginAs(t, 'courier_admin');
  customer = await makeCustomer(t, courierId);
  otherCustomer = await makeCustomer(t, courierId);
  const other = await makeCourier(t, `RT${Date.now().toString().slice(-5)}`);
  otherAdmin = (await makeUser(t, other.id, 'courier_admin')).token;
});
afterAll(async () => t?.close());

describe('return to sender or discard', () => {
  it('shows both prices before asking; a changed price is refused; once asked the parcel ships no more', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber, { weightLb: 3 });
    const state = (await t.api('GET', `/customer/packages/${pkg.id}/return`, customer.token)).json();
    expect(state).toMatchObject({
      canRequest: true,
      request: null,
      prices: { return: { feeCents: RETURN_DEFAULTS.return.cents }, discard: { feeCents: RETURN_DEFAULTS.discard.cents } },
    });
    const stale = await t.api('POST', `/customer/packages/${pkg.id}/return`, customer.token, returnAsk('return', 1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(RETURN_MESSAGES.priceChanged(RETURN_DEFAULTS.return.cents));

    const asked = await t.api('POST', `/customer/packages/${pkg.id}/return`, customer.token, returnAsk('return'));
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      canRequest: false,
      request: { kind: 'return', status: 'open', note: 'RA 5521 from the merchant' },
    });
    expect((await t.api('POST', `/customer/packages/${pkg.id}/return`, customer.token, returnAsk('discard'))).statusCode).toBe(409);

    // The state machine keeps it out of the normal flow: no shipping, no buttons to move on.
    const moved = await t.api('POST', `/packages/${pkg.id}/status`, admin, { status: 'in_transit' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(`${pkg.packageNumber}: ${STATUS_MESSAGES.leaving('return')}`);
    const detail = (await t.api('GET', `/packages/${pkg.id}`, admin)).json();
    expect(detail.nextStatuses).not.toContain('in_transit');
    expect(await statusOf(pkg.id)).toBe('received');
  });

  it('puts the request in the queue and the bell of staff who act on packages', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber, { weightLb: 3 });
    await t.api('POST', `/customer/packages/${pkg.id}/return`, customer.token, returnAsk('discard'));
    const queue = await t.api('GET', '/return-requests?status=open', admin);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json()).toEqual(expect.arrayContaining([expect.objectContaining({ packageId: pkg.id, kind: 'discard', status: 'open' })]));
    const bell = (await t.api('GET', '/notifications?limit=50', admin)).json();
    const titles = JSON.stringify(bell);
    expect(titles).toContain(`Discard requested: ${pkg.packageNumber}`);
    const clerk = await makeUser(t, courierId, 'staff', ['packages_view']);
    expect((await t.api('GET', '/return-requests', clerk.token)).statusCode).toBe(403);
    const clerkBell = JSON.stringify((await t.api('GET', '/notifications?limit=50', clerk.token)).json());
    expect(clerkBell).not.toContain(`Discard requested: ${pkg.packageNumber}`);
  });

  it('is cancelled free while open, and the parcel moves on again', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber, { weightLb: 3 });
    await t.api('POST', `/customer/packages/${pkg.id}/return`, customer.token, returnAsk('return'));
    const cancelled = await t.api('DELETE', `/customer/packages/${pkg.id}/return`, customer.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ canRequest: true, request: null });
    const moved = await t.api('POST', `/packages/${pkg.id}/status`, admin, { status: 'in_transit' });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('records a return with its tracking number: the parcel ends returned, the fee is invoiced once, the customer told', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber, { weightLb: 3 });
    await t.api('POST', `/customer/packages/${pkg.id}/return`, customer.token, returnAsk('return'));
    const noTracking = await t.api('POST', `/packages/${pkg.id}/return/done`, staff, {});
    expect(noTracking.statusCode).toBe(422);
    expect(noTracking.json().message).toBe(RETURN_MESSAGES.trackingRequired);
    const done = await t.api('POST', `/packages/${pkg.id}/return/done`, staff, {
      returnTrackingNumber: '9400111899223',
      note: 'USPS label',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().request).toMatchObject({ status: 'done', returnTrackingNumber: '9400111899223' });
    expect(done.json().request.invoiceNo).toMatch(/^INV-/);
    expect(await statusOf(pkg.id)).toBe('returned_to_sender');
    const lines = await t.db
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.packageId, pkg.id), eq(invoiceLines.kind, 'return_fee')));
    expect(lines.map((l) => l.amountCents)).toEqual([RETURN_DEFAULTS.return.cents]);
    expect((await t.api('POST', `/packages/${pkg.id}/return/done`, staff, { returnTrackingNumber: 'x' })).statusCode).toBe(409);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, customer.email));
    expect(mails.some((m) => m.subject.endsWith(`Your package ${pkg.packageNumber} was returned to the sender`))).toBe(true);
    // It moves no more, by any path.
    const after = await t.api('POST', `/packages/${pkg.id}/status`, admin, { status: 'in_transit' });
    expect(after.statusCode).toBe(409);
    const timeline = (await t.api('GET', `/customer/packages/${pkg.id}`, customer.token)).json();
    expect(JSON.stringify(timeline)).toContain('Returned to the sender, tracking 9400111899223');
  });

  it('records a discard of a parcel waiting at the counter: released no more, then discarded', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber, { weightLb: 3 });
    for (const status of ['in_transit', 'at_customs', 'ready_for_pickup'])
      expect((await t.api('POST', `/packages/${pkg.id}/status`, admin, { status })).statusCode).toBe(200);
    await t.api('POST', `/customer/packages/${pkg.id}/return`, customer.token, returnAsk('discard'));
    const released = await t.api('POST', `/packages/${pkg.id}/status`, admin, { status: 'delivered' });
    expect(released.statusCode).toBe(409);
    expect(released.json().message).toBe(`${pkg.packageNumber}: ${STATUS_MESSAGES.leaving('discard')}`);
    const done = await t.api('POST', `/packages/${pkg.id}/return/done`, admin, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(await statusOf(pkg.id)).toBe('discarded');
    const lines = await t.db
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.packageId, pkg.id), eq(invoiceLines.kind, 'return_fee')));
    expect(lines.map((l) => l.amountCents)).toEqual([RETURN_DEFAULTS.discard.cents]);
  });

  it('another customer and another courier see and change nothing', async () => {
    const pkg = await receiveFor(t, staff, customer.mailboxNumber, { weightLb: 3 });
    expect((await t.api('GET', `/customer/packages/${pkg.id}/return`, otherCustomer.token)).statusCode).toBe(404);
    expect((await t.api('POST', `/customer/packages/${pkg.id}/return`, otherCustomer.token, returnAsk('return'))).statusCode).toBe(404);
    await t.api('POST', `/customer/packages/${pkg.id}/return`, customer.token, returnAsk('return'));
    expect((await t.api('DELETE', `/customer/packages/${pkg.id}/return`, otherCustomer.token)).statusCode).toBe(404);
    expect((await t.api('GET', `/packages/${pkg.id}/return`, otherAdmin)).statusCode).toBe(404);
    expect((await t.api('POST', `/packages/${pkg.id}/return/done`, otherAdmin, { returnTrackingNumber: 'X1' })).statusCode).toBe(404);
    const theirQueue = (await t.api('GET', '/return-requests', otherAdmin)).json() as Array<{ packageId: number }>;
    expect(theirQueue.some((r) => r.packageId === pkg.id)).toBe(false);
    expect(await statusOf(pkg.id)).toBe('received');
  });
});
