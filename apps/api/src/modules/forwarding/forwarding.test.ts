import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_MESSAGES } from '@courier/shared/schemas/services';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, bearer, buildTestApp, loginAs, seedDemoData, receiveFor } from '../../../test/helper';
import { auditLog } from '../../db/schema/audit-log';
import { couriers } from '../../db/schema/couriers';
import { emailOutbox } from '../../db/schema/email';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { preAlerts } from '../../db/schema/pre-alerts';

let t: TestApp;
let base: string;
let staff: string;
let admin: string;
let demoId: number;
let otherStaff: string;

/** A new version of one of the courier's coded fees, in force from today (the Fees tab's "Change rate"). */
async function newFeeVersion(token: string, code: string, over: Record<string, unknown>) {
  const list = await t.api('GET', '/settings/fees', token);
  expect(list.statusCode, list.body).toBe(200);
  const fee = (
    list.json().data as Array<{
      id: number;
      code: string | null;
      name: string;
      versions: Array<{ inForce: boolean; effectiveFrom: string }>;
    }>
  ).find((f) => f.code === code);
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
    effectiveFrom: list.json().today,
    effectiveTo: null,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { feeId: number; versionId: number };
}

const mailsTo = async (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
/** A mail's subject after the courier's name, which every subject starts with. */
const topic = (m: { subject: string }) => m.subject.replace(/^[^:]+: /, '');

beforeAll(async () => {
  t = await buildTestApp({ PAYMENT_SIMULATOR: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = t.app.listeningOrigin;
  await seedDemoData(t);
  staff = await loginAs(t, 'staff');
  admin = await loginAs(t, 'courier_admin');
  const [demo] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!demo) throw new Error('no demo courier');
  demoId = demo.id;
  otherStaff = (await makeUser(t, (await makeCourier(t, 'OCS')).id, 'courier_admin')).token;
});
afterAll(async () => t?.close());

describe('consolidation', () => {
  it('a customer asks, staff repack into a new parcel; the old packages close and leave billing and manifests', async () => {
    const customer = await makeCustomer(t, demoId);
    const pkgs = [
      await receiveFor(t, staff, customer.mailboxNumber, { weightLb: 2 }),
      await receiveFor(t, staff, customer.mailboxNumber, { weightLb: 3.5 }),
      await receiveFor(t, staff, customer.mailboxNumber, { weightLb: 1 }),
    ];
    // The courier prices consolidation on the Fees tab: a new version of its fee entry from today.
    await newFeeVersion(admin, 'consolidation', { method: 'fixed', amount: 750 });

    const asked = await t.api('POST', '/customer/consolidations', customer.token, {
      packageIds: pkgs.map((p) => p.id),
      repack: 'remove_packaging',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json();
    expect(request).toMatchObject({ status: 'requested', feeCents: 750_00, repack: 'remove_packaging' });
    expect(request.requestNo).toMatch(/^CON-\d{6}$/);
    expect((await mailsTo(customer.email)).map(topic)).toContain(`Consolidation ${request.requestNo} requested`);

    // A package held by the request cannot go into another one, nor onto a manifest.
    const again = await t.api('POST', '/customer/consolidations', customer.token, {
      packageIds: [pkgs[0]?.id, pkgs[1]?.id],
      repack: 'keep_boxes',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SERVICE_MESSAGES.packageInOtherRequest(pkgs[0]?.packageNumber ?? '', request.requestNo));

    // The station finds the request by scanning any of its packages.
    const scanned = await t.api('GET', `/consolidations?packageRef=${pkgs[1]?.trackingNumber}`, staff);
    expect(scanned.json().data.map((r: { id: number }) => r.id)).toEqual([request.id]);
    // Another courier's staff see nothing of it and cannot repack it.
    expect((await t.api('GET', `/consolidations?status=requested`, otherStaff)).json().data).toEqual([]);
    expect(
      (await t.api('POST', `/consolidations/${request.id}/complete`, otherStaff, { weightLb: 6, lengthIn: 12, widthIn: 10, heightIn: 8 }))
        .statusCode,
    ).toBe(404);

    const done = await t.api('POST', `/consolidations/${request.id}/complete`, staff, {
      weightLb: 6.25,
      lengthIn: 14,
      widthIn: 12,
      heightIn: 9,
    });
    expect(done.statusCode, done.body).toBe(200);
    const completed = done.json();
    expect(completed.status).toBe('completed');
    const parcelId = completed.newPackage.id as number;
    const [parcel] = await t.db.select().from(packages).where(eq(packages.id, parcelId));
    expect(parcel).toMatchObject({ status: 'received', weightLb: 6.25, lengthIn: 14, widthIn: 12, heightIn: 9, customerId: customer.id });
    const olds = await t.db
      .select()
      .from(packages)
      .where(and(eq(packages.courierId, demoId), eq(packages.consolidatedIntoId, parcelId)));
    expect(olds.map((p) => p.status)).toEqual(['consolidated', 'consolidated', 'consolidated']);
    expect((await mailsTo(customer.email)).map(topic)).toContain(
      `Consolidation ${request.requestNo} done: your new parcel is ${parcel?.packageNumber}`,
    );

    // Public tracking of an old carrier number leads to the new parcel.
    const tracked = await t.api('GET', `/public/track/${pkgs[0]?.trackingNumber}`);
    expect(tracked.json()).toMatchObject({ consolidatedInto: parcel?.packageNumber, status: 'received' });

    // An old package cannot go on a manifest; the new one can.
    const manifest = await t.api('POST', '/manifests', admin, { type: 'AIR' });
    expect(manifest.statusCode, manifest.body).toBe(201);
    const mId = manifest.json().id;
    const refused = await t.api('POST', `/manifests/${mId}/packages`, admin, { scan: pkgs[0]?.packageNumber });
    expect(refused.statusCode).not.toBe(200);
    const added = await t.api('POST', `/manifests/${mId}/packages`, admin, { scan: parcel?.packageNumber });
    expect(added.statusCode, added.body).toBe(200);

    // Billing follows the new parcel: its invoice carries the consolidation fee, the old ones none.
    await t.db.update(packages).set({ status: 'ready_for_pickup', readyAt: new Date(), manifestId: null }).where(eq(packages.id, parcelId));
    const issued = await t.api('POST', '/invoices', admin, { customerId: customer.id, packageIds: [parcelId] });
    expect(issued.statusCode, issued.body).toBe(201);
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.invoiceNo, issued.json().invoiceNo));
    const lines = await t.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, inv?.id ?? 0));
    expect(lines.filter((l) => l.kind === 'consolidation_fee').map((l) => [l.amountCents, l.packageId])).toEqual([[750_00, parcelId]]);
    const oldBilled = await t.api('POST', '/invoices', admin, { customerId: customer.id, packageIds: [pkgs[0]?.id] });
    expect(oldBilled.statusCode).toBe(422);

    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, request.requestNo))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['consolidation.requested', 'consolidation.completed']));
  });

  it('cancelling before the repack is free and frees the packages; after it, it is refused', async () => {
    const customer = await makeCustomer(t, demoId);
    const pkgs = [await receiveFor(t, staff, customer.mailboxNumber), await receiveFor(t, staff, customer.mailboxNumber)];
    const asked = (
      await t.api('POST', '/customer/consolidations', customer.token, { packageIds: pkgs.map((p) => p.id), repack: 'keep_boxes' })
    ).json();
    const cancelled = await t.api('POST', `/customer/consolidations/${asked.id}/cancel`, customer.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', newPackage: null });
    const rows = await t.db.select().from(packages).where(eq(packages.customerId, customer.id));
    expect(rows.map((p) => [p.status, p.consolidationRequestId])).toEqual([
      ['received', null],
      ['received', null],
    ]);
    // Nothing was charged: no invoice of the customer carries a consolidation fee.
    const lines = await t.db
      .select({ kind: invoiceLines.kind })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(eq(invoices.customerId, customer.id));
    expect(lines).toEqual([]);
    const twice = await t.api('POST', `/customer/consolidations/${asked.id}/cancel`, customer.token);
    expect(twice.json().message).toBe(SERVICE_MESSAGES.onlyRequestedCancel);
    // The same packages may be asked for again; once repacked, a cancel is refused.
    const second = (
      await t.api('POST', '/customer/consolidations', customer.token, { packageIds: pkgs.map((p) => p.id), repack: 'keep_boxes' })
    ).json();
    await t.api('POST', `/consolidations/${second.id}/complete`, staff, { weightLb: 3, lengthIn: 10, widthIn: 10, heightIn: 10 });
    const late = await t.api('POST', `/customer/consolidations/${second.id}/cancel`, customer.token);
    expect(late.statusCode).toBe(409);
  });

  it("refuses packages that are not the customer's own and at the warehouse, and one package alone", async () => {
    const customer = await makeCustomer(t, demoId);
    const other = await makeCustomer(t, demoId);
    const mine = await receiveFor(t, staff, customer.mailboxNumber);
    const theirs = await receiveFor(t, staff, other.mailboxNumber);
    const res = await t.api('POST', '/customer/consolidations', customer.token, { packageIds: [mine.id, theirs.id], repack: 'keep_boxes' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SERVICE_MESSAGES.packagesNotInWarehouse);
    const alone = await t.api('POST', '/customer/consolidations', customer.token, { packageIds: [mine.id], repack: 'keep_boxes' });
    expect(alone.json().message).toBe(SERVICE_MESSAGES.chooseTwoPackages);
    // One package with a date to hold new arrivals until is a request.
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const held = await t.api('POST', '/customer/consolidations', customer.token, {
      packageIds: [mine.id],
      repack: 'keep_boxes',
      holdUntil: future,
    });
    expect(held.statusCode, held.body).toBe(201);
    // A customer sees only their own requests.
    expect((await t.api('GET', '/customer/consolidations', other.token)).json().data).toEqual([]);
  });
});

describe('Shop For Me', () => {
  const item = {
    itemUrl: 'https://shop.example.com/earbuds',
    itemDescription: 'Wireless earbuds',
    quantity: 2,
    estimatedPriceUsdCents: 4_999,
  };

  it('goes from the public form to a quote, online payment, purchase and arrival', async () => {
    const customer = await makeCustomer(t, demoId);
    const sent = await t.api('POST', '/public/assisted-purchase', null, {
      name: 'Jane Brown',
      email: customer.email.toUpperCase(),
      items: [item],
      notes: '',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().id as number;
    // The public form's request belongs to the account with that e-mail.
    const mine = await t.api('GET', `/customer/shop-requests/${id}`, customer.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ stage: 'requested', customerId: customer.id });
    const stranger = await makeCustomer(t, demoId);
    expect((await t.api('GET', `/customer/shop-requests/${id}`, stranger.token)).statusCode).toBe(404);
    expect((await t.api('GET', `/shop-requests/${id}`, otherStaff)).statusCode).toBe(404);

    // The quote: 2 x 49.99 + 1 x 20.00 = 119.98; fee 10% = 12.00; tax 8.40; shipping 5.99.
    const quoted = await t.api('POST', `/shop-requests/${id}/quote`, admin, {
      items: [
        { description: 'Wireless earbuds', url: item.itemUrl, quantity: 2, unitPriceUsdCents: 4_999 },
        { description: 'Case', quantity: 1, unitPriceUsdCents: 2_000 },
      ],
      salesTaxUsdCents: 840,
      usShippingUsdCents: 599,
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().quote).toMatchObject({
      itemsUsdCents: 11_998,
      serviceFeeUsdCents: 1_200,
      totalUsdCents: 11_998 + 840 + 599 + 1_200,
    });
    expect((await mailsTo(customer.email)).map(topic)).toContain(`Your Shop For Me quote SFM-${String(id).padStart(6, '0')}: USD 146.37`);
    // Staff cannot record a purchase before the customer accepted and paid.
    const early = await t.api('POST', `/shop-requests/${id}/purchase`, admin, {
      orders: [{ merchant: 'Shop', orderNumber: 'A1', trackingNumber: '1ZEARLY1', carrier: 'UPS' }],
    });
    expect(early.json().message).toBe(SERVICE_MESSAGES.purchaseNotNow);

    const accepted = await t.api('POST', `/customer/shop-requests/${id}/decision`, customer.token, { decision: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { invoice } = accepted.json();
    const [rate] = await t.db.select({ r: couriers.exchangeRate }).from(couriers).where(eq(couriers.id, demoId));
    expect(invoice).toMatchObject({ status: 'unpaid', totalCents: Math.round(14_637 * (rate?.r ?? 0)) });
    expect(accepted.json().stage).toBe('accepted');

    // Paid online through the test gateway, as any invoice.
    const started = await fetch(`${base}/api/invoices/${invoice.invoiceNo}/pay-online`, {
      method: 'POST',
      headers: bearer(customer.token),
    });
    const { redirectUrl } = (await started.json()) as { redirectUrl: string };
    await fetch(redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
      redirect: 'manual',
    });
    expect((await t.api('GET', `/customer/shop-requests/${id}`, customer.token)).json().stage).toBe('paid');

    const tracking = `1ZSHOP${Date.now()}`;
    const bought = await t.api('POST', `/shop-requests/${id}/purchase`, admin, {
      orders: [{ merchant: 'Shop Example', orderNumber: '112-555', trackingNumber: tracking, carrier: 'UPS' }],
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().stage).toBe('purchased');
    const [pre] = await t.db.select().from(preAlerts).where(eq(preAlerts.trackingNumber, tracking));
    expect(pre).toMatchObject({ customerId: customer.id, status: 'pending', declaredValueUsdCents: 11_998, shopRequestId: id });

    // Arrival: the warehouse scans the tracking number; the pre-alert names the customer, no hold for an invoice.
    const arrived = await t.api('POST', '/packages', staff, { trackingNumber: tracking, weightLb: 1.5 });
    expect(arrived.statusCode, arrived.body).toBe(201);
    expect(arrived.json()).toMatchObject({ status: 'received' });
    const after = (await t.api('GET', `/customer/shop-requests/${id}`, customer.token)).json();
    expect(after.stage).toBe('arrived');
    expect(after.orders[0]).toMatchObject({ arrived: true, packageNumber: arrived.json().packageNumber });
    const actions = (
      await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, `SFM-${String(id).padStart(6, '0')}`))
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['shop_request.quoted', 'shop_request.accepted', 'shop_request.purchased']));
  });

  it('a signed-in customer asks and declines; the minimum fee applies to small orders', async () => {
    const customer = await makeCustomer(t, demoId);
    const created = await t.api('POST', '/customer/shop-requests', customer.token, { items: [item], notes: 'Black please' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ customerId: customer.id, email: customer.email, stage: 'requested' });
    const quoted = await t.api('POST', `/shop-requests/${id}/quote`, admin, {
      items: [{ description: 'Earbuds', quantity: 1, unitPriceUsdCents: 1_500 }],
      salesTaxUsdCents: 0,
      usShippingUsdCents: 0,
    });
    expect(quoted.json().quote.serviceFeeUsdCents).toBe(500);
    const declined = await t.api('POST', `/customer/shop-requests/${id}/decision`, customer.token, {
      decision: 'decline',
      reason: 'Too dear',
    });
    expect(declined.json()).toMatchObject({ stage: 'declined', invoice: null, declineReason: 'Too dear' });
    const twice = await t.api('POST', `/customer/shop-requests/${id}/decision`, customer.token, { decision: 'accept' });
    expect(twice.json().message).toBe(SERVICE_MESSAGES.decideNotNow);
    // Staff of the courier list it; a customer may not quote.
    expect((await t.api('GET', '/shop-requests', staff)).json().data.map((r: { id: number }) => r.id)).toContain(id);
    expect(
      (await t.api('POST', `/shop-requests/${id}/quote`, customer.token, { items: [], salesTaxUsdCents: 0, usShippingUsdCents: 0 }))
        .statusCode,
    ).toBe(403);
  });
});
