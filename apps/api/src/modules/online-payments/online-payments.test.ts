import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, bearer, buildTestApp } from '../../../test/helper';
import { auditLog } from '../../db/schema/audit-log';
import { couriers } from '../../db/schema/couriers';
import { emailOutbox } from '../../db/schema/email';
import { invoices } from '../../db/schema/invoices';
import { courierPaymentGateways, onlinePaymentAttempts, paymentRefunds } from '../../db/schema/online-payments';
import { payments } from '../../db/schema/payments';
import { startSimulator } from './simulator';
import { wipayHash } from './wipay';

// Two couriers with WiPay accounts of their own (answered by a standalone simulator, as WiPay
// would), and a third in test mode, which the app's own test gateway serves.
const ACCOUNT_A = { number: '5550001', key: 'key-of-courier-a' };
const ACCOUNT_B = { number: '5550002', key: 'key-of-courier-b' };

let t: TestApp;
let gatewayServer: FastifyInstance;
let base: string;
let seq = 0;
type Customer = Awaited<ReturnType<typeof makeCustomer>>;
type Admin = Awaited<ReturnType<typeof makeUser>>;
let courierA: number;
let courierB: number;
let courierDemo: number;
let customerA: Customer;
let customerB: Customer;
let customerDemo: Customer;
let adminA: Admin;
let adminB: Admin;

async function openInvoice(courierId: number, customerId: number, totalCents: number) {
  seq += 1;
  const [row] = await t.db
    .insert(invoices)
    .values({ courierId, customerId, invoiceNo: `INV-9${String(seq).padStart(5, '0')}`, totalCents, exchangeRate: 150 })
    .returning();
  if (!row) throw new Error('invoice insert failed');
  return row;
}

/** "Pay now" over real HTTP, as the browser does (the response URL is built from its origin). */
async function payNow(customer: Customer, invoiceNo: string) {
  const res = await fetch(`${base}/api/invoices/${invoiceNo}/pay-online`, { method: 'POST', headers: bearer(customer.token) });
  return { status: res.status, body: (await res.json()) as { redirectUrl?: string; message?: string } };
}

async function attemptFor(invoiceId: number) {
  const rows = await t.db.select().from(onlinePaymentAttempts).where(eq(onlinePaymentAttempts.invoiceId, invoiceId));
  const last = rows.at(-1);
  if (!last) throw new Error('no checkout was opened');
  return last;
}

function notification(orderId: string, total: string, key: string, extra: Record<string, string> = {}) {
  seq += 1;
  const transactionId = extra.transaction_id ?? `TX-${seq}`;
  return {
    status: 'success',
    transaction_id: transactionId,
    order_id: orderId,
    total,
    currency: 'JMD',
    message: 'Transaction Approved',
    hash: wipayHash(transactionId, total, key),
    ...extra,
  };
}

const notify = (courierId: number, form: Record<string, string>) =>
  t.api({
    method: 'POST',
    url: `/online-payments/wipay/${courierId}/response`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

async function invoiceNow(id: number) {
  const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new Error('invoice gone');
  return row;
}

async function onlinePaymentCount(courierId: number) {
  const [row] = await t.db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.courierId, courierId), eq(payments.method, 'online')));
  return row?.n ?? 0;
}

beforeAll(async () => {
  gatewayServer = await startSimulator(0, '127.0.0.1', `${ACCOUNT_A.number}:${ACCOUNT_A.key},${ACCOUNT_B.number}:${ACCOUNT_B.key}`);
  t = await buildTestApp({ PAYMENT_SIMULATOR: 'true', WIPAY_BASE_URL: gatewayServer.listeningOrigin });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = t.app.listeningOrigin;
  courierA = (await makeCourier(t, 'OPA')).id;
  courierB = (await makeCourier(t, 'OPB')).id;
  courierDemo = (await makeCourier(t, 'OPD')).id;
  await t.db.update(couriers).set({ paymentTestMode: true }).where(eq(couriers.id, courierDemo));
  customerA = await makeCustomer(t, courierA);
  customerB = await makeCustomer(t, courierB);
  customerDemo = await makeCustomer(t, courierDemo);
  adminA = await makeUser(t, courierA, 'courier_admin');
  adminB = await makeUser(t, courierB, 'courier_admin');
  for (const [admin, account] of [
    [adminA, ACCOUNT_A],
    [adminB, ACCOUNT_B],
  ] as const) {
    const res = await t.api('PUT', '/settings/payment-gateway', admin.token, {
      account_number: account.number,
      api_key: account.key,
      environment: 'sandbox',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});

afterAll(async () => {
  await t?.close();
  await gatewayServer?.close();
});

describe('gateway settings', () => {
  it('stores the API key sealed, answers only whether it is set, and keeps it when saved empty', async () => {
    const res = await t.api('GET', '/settings/payment-gateway', adminA.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(ACCOUNT_A.key);
    expect(res.json().data).toMatchObject({ account_number: ACCOUNT_A.number, api_key_set: true, environment: 'sandbox' });
    const [row] = await t.db.select().from(courierPaymentGateways).where(eq(courierPaymentGateways.courierId, courierA));
    expect(row?.apiKeyEncrypted).toBeTruthy();
    expect(row?.apiKeyEncrypted).not.toContain(ACCOUNT_A.key);

    const kept = await t.api('PUT', '/settings/payment-gateway', adminA.token, {
      account_number: ACCOUNT_A.number,
      api_key: '',
      environment: 'sandbox',
      fee_structure: 'customer_pay',
    });
    expect(kept.json().data).toMatchObject({ api_key_set: true, fee_structure: 'customer_pay' });
    const [after] = await t.db.select().from(courierPaymentGateways).where(eq(courierPaymentGateways.courierId, courierA));
    expect(after?.apiKeyEncrypted).toBe(row?.apiKeyEncrypted);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.courierId, courierA), eq(auditLog.action, 'payment_gateway.updated')));
    expect(audits.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audits)).not.toContain(ACCOUNT_A.key);
  });

  it('refuses a first save without a key, and a customer', async () => {
    const admin = await makeUser(t, courierDemo, 'courier_admin');
    const none = await t.api('PUT', '/settings/payment-gateway', admin.token, { account_number: '123', api_key: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Enter the WiPay API key');
    const customer = await t.api('GET', '/settings/payment-gateway', customerA.token);
    expect(customer.statusCode).toBe(403);
  });
});

describe('paying an invoice online', () => {
  it('runs end to end through the test gateway: checkout, approve, verified notification, invoice paid once', async () => {
    const inv = await openInvoice(courierDemo, customerDemo.id, 11_321_00);
    const availability = await t.api('GET', '/online-payments/availability', customerDemo.token);
    expect(availability.json()).toEqual({ available: true, test: true });
    const started = await payNow(customerDemo, inv.invoiceNo);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const checkoutUrl = started.body.redirectUrl ?? '';
    expect(checkoutUrl).toContain('/api/dev/gateway/checkout/');
    const page = await fetch(checkoutUrl);
    const html = await page.text();
    expect(html).toContain('Pay JMD 11321.00');
    // Every part of the page is in a landmark: the TEST notice heads it, the form is its main part.
    expect(html).toMatch(/<body[^>]*>\s*<header>[\s\S]*TEST[\s\S]*<\/header>\s*<main>[\s\S]*Pay JMD[\s\S]*<\/main><\/body>/);

    const approved = await fetch(checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    // The simulator notified us before sending the browser back: the invoice is paid already.
    expect((await invoiceNow(inv.id)).status).toBe('paid');
    // The browser's return carries the same signed parameters: a duplicate, nothing more.
    const back = await fetch(approved.headers.get('location') ?? '', { redirect: 'manual' });
    expect(back.status).toBe(303);
    // Back to the host name the customer paid from, on their courier (its api key on our address).
    const [courier] = await t.db.select().from(couriers).where(eq(couriers.id, courierDemo));
    expect(back.headers.get('location')).toBe(`${base}/customer/invoices/${inv.invoiceNo}?payment=processing&api_key=${courier?.apiKey}`);
    expect(await onlinePaymentCount(courierDemo)).toBe(1);
    const attempt = await attemptFor(inv.id);
    expect(attempt).toMatchObject({ status: 'paid', provider: 'simulator', amountCents: 11_321_00, test: true });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, attempt.paymentId ?? 0));
    expect(payment).toMatchObject({ method: 'online', amountCents: 11_321_00, reference: attempt.transactionId });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, customerDemo.email));
    expect(mails.some((m) => m.subject.includes(`: TEST Receipt ${payment?.receiptNo}`))).toBe(true);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.courierId, courierDemo), eq(auditLog.action, 'online_payment.recorded')));
    expect(audits).toHaveLength(1);
  });

  it('records nothing for a declined card', async () => {
    const inv = await openInvoice(courierDemo, customerDemo.id, 500_00);
    const { body } = await payNow(customerDemo, inv.invoiceNo);
    const declined = await fetch(body.redirectUrl ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=decline',
      redirect: 'manual',
    });
    const back = await fetch(declined.headers.get('location') ?? '', { redirect: 'manual' });
    expect(back.headers.get('location')).toContain('?payment=declined');
    expect((await invoiceNow(inv.id)).status).toBe('unpaid');
    expect((await attemptFor(inv.id)).status).toBe('declined');
  });

  it("opens a checkout at the courier's own WiPay account for the invoice's balance", async () => {
    const inv = await openInvoice(courierA, customerA.id, 2_000_00);
    await t.db.update(invoices).set({ paidCents: 500_00, status: 'partially_paid' }).where(eq(invoices.id, inv.id));
    const started = await payNow(customerA, inv.invoiceNo);
    expect(started.status).toBe(200);
    expect(started.body.redirectUrl).toContain(`${gatewayServer.listeningOrigin}/checkout/`);
    expect(await attemptFor(inv.id)).toMatchObject({ amountCents: 1_500_00, currency: 'JMD', status: 'pending', provider: 'simulator' });
  });

  it('refuses to open a checkout for a paid invoice or for another customer', async () => {
    const paid = await openInvoice(courierA, customerA.id, 100_00);
    await t.db.update(invoices).set({ paidCents: 100_00, status: 'paid' }).where(eq(invoices.id, paid.id));
    const res = await payNow(customerA, paid.invoiceNo);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('This invoice has nothing left to pay');
    const other = await openInvoice(courierA, customerA.id, 100_00);
    const stranger = await makeCustomer(t, courierA);
    expect((await payNow(stranger, other.invoiceNo)).status).toBe(404);
    expect((await payNow(customerB, other.invoiceNo)).status).toBe(404);
  });
});

describe('verifying the gateway notification', () => {
  async function pending(totalCents = 3_000_00) {
    const inv = await openInvoice(courierA, customerA.id, totalCents);
    expect((await payNow(customerA, inv.invoiceNo)).status).toBe(200);
    return { inv, attempt: await attemptFor(inv.id) };
  }

  it('refuses a bad signature, and anonymous forgeries write no audit rows', async () => {
    const { inv, attempt } = await pending();
    const auditRows = async () => (await t.db.select({ id: auditLog.id }).from(auditLog)).length;
    const before = await auditRows();
    const forged = notification(attempt.orderId, '3000.00', 'not-the-key');
    const res = await notify(courierA, forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Refused: bad hash');
    expect((await invoiceNow(inv.id)).status).toBe('unpaid');
    // Twenty more from anyone, unsigned or signed with a wrong key: still not one row in the courier's log.
    for (let i = 0; i < 20; i++) {
      const junk = i % 2 ? notification(attempt.orderId, '3000.00', `wrong-${i}`) : { order_id: `x${i}`, total: '1.00' };
      expect((await notify(courierA, junk)).statusCode).toBe(400);
    }
    expect(await auditRows()).toBe(before);
  });

  it('refuses a signed notification for the wrong amount', async () => {
    const { inv, attempt } = await pending();
    const res = await notify(courierA, notification(attempt.orderId, '30.00', ACCOUNT_A.key));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('amount');
    expect((await invoiceNow(inv.id)).paidCents).toBe(0);
  });

  it('refuses a signed notification in the wrong currency', async () => {
    const { inv, attempt } = await pending();
    const res = await notify(courierA, notification(attempt.orderId, '3000.00', ACCOUNT_A.key, { currency: 'USD' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('currency');
    expect((await invoiceNow(inv.id)).paidCents).toBe(0);
  });

  it('records a duplicated notification exactly once', async () => {
    const { inv, attempt } = await pending();
    const before = await onlinePaymentCount(courierA);
    const good = notification(attempt.orderId, '3000.00', ACCOUNT_A.key);
    const results = await Promise.all([notify(courierA, good), notify(courierA, good)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().outcome).sort()).toEqual(['duplicate', 'recorded']);
    const again = await notify(courierA, good);
    expect(again.json()).toEqual({ outcome: 'duplicate', invoiceNo: inv.invoiceNo });
    expect(await onlinePaymentCount(courierA)).toBe(before + 1);
    expect(await invoiceNow(inv.id)).toMatchObject({ status: 'paid', paidCents: 3_000_00 });
  });

  it('refuses a transaction replayed against another checkout, and a second transaction for a paid checkout', async () => {
    const first = await pending(4_000_00);
    const second = await pending(4_000_00);
    const good = notification(first.attempt.orderId, '4000.00', ACCOUNT_A.key);
    expect((await notify(courierA, good)).json().outcome).toBe('recorded');
    // The hash covers transaction id and total, not the order: swap the order, keep the signature.
    const replayed = await notify(courierA, { ...good, order_id: second.attempt.orderId });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toContain('replayed');
    expect((await invoiceNow(second.inv.id)).status).toBe('unpaid');
    const another = await notify(courierA, notification(first.attempt.orderId, '4000.00', ACCOUNT_A.key));
    expect(another.statusCode).toBe(400);
    expect((await invoiceNow(first.inv.id)).paidCents).toBe(4_000_00);
  });

  it("cannot pay another courier's invoice through this courier's credentials", async () => {
    const invB = await openInvoice(courierB, customerB.id, 2_500_00);
    expect((await payNow(customerB, invB.invoiceNo)).status).toBe(200);
    const attemptB = await attemptFor(invB.id);
    // Signed with A's key: A's endpoint does not know B's order, B's endpoint does not accept A's key.
    const signedByA = notification(attemptB.orderId, '2500.00', ACCOUNT_A.key);
    const atA = await notify(courierA, signedByA);
    expect(atA.statusCode).toBe(400);
    expect(atA.json().message).toContain('unknown order');
    const atB = await notify(courierB, signedByA);
    expect(atB.statusCode).toBe(400);
    expect(atB.json().message).toContain('bad hash');
    expect((await invoiceNow(invB.id)).status).toBe('unpaid');
    // Signed with B's key at B's endpoint it is B's money.
    expect((await notify(courierB, notification(attemptB.orderId, '2500.00', ACCOUNT_B.key))).json().outcome).toBe('recorded');
  });

  it('refuses a notification for a courier that does not exist (400, not 500)', async () => {
    const res = await notify(2_000_000_000, notification('INV-1-x', '10.00', ACCOUNT_A.key));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('unknown courier');
  });

  it("will not sign for a courier's own account through the test gateway", async () => {
    const res = await fetch(`${base}/api/dev/gateway/plugins/payments/request`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        account_number: ACCOUNT_A.number,
        country_code: 'JM',
        currency: 'JMD',
        environment: 'sandbox',
        method: 'credit_card',
        order_id: 'X-1',
        origin: 'attacker',
        response_url: 'http://127.0.0.1:9/x',
        total: '10.00',
      }).toString(),
    });
    expect(res.status).toBe(401);
  });

  it('ignores an unsigned redirect from the browser', async () => {
    const { inv, attempt } = await pending();
    const res = await t.api(
      'GET',
      `/online-payments/wipay/${courierA}/response?status=success&order_id=${attempt.orderId}&transaction_id=X1&total=3000.00`,
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('payment=failed');
    expect((await invoiceNow(inv.id)).status).toBe('unpaid');
  });
});

describe('refunds', () => {
  async function paidOnline(totalCents: number) {
    const inv = await openInvoice(courierA, customerA.id, totalCents);
    await payNow(customerA, inv.invoiceNo);
    const attempt = await attemptFor(inv.id);
    const total = `${totalCents / 100}.00`;
    expect((await notify(courierA, notification(attempt.orderId, total, ACCOUNT_A.key))).json().outcome).toBe('recorded');
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, (await attemptFor(inv.id)).paymentId ?? 0));
    if (!payment) throw new Error('no payment');
    return { inv, payment };
  }
  const refund = (token: string, receiptNo: string, payload: Record<string, unknown>) =>
    t.api('POST', `/payments/${receiptNo}/refunds`, token, payload);

  it('refunds part of an online payment at the gateway as a credit note, the invoice staying paid, audited', async () => {
    const { inv, payment } = await paidOnline(6_000_00);
    const res = await refund(adminA.token, payment.receiptNo, { amountCents: 1_500_00, reason: 'Package damaged' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      invoiceNo: inv.invoiceNo,
      amountCents: 1_500_00,
      balanceCents: 0,
      message: 'Refund recorded',
    });
    expect(res.json().creditNoteNo).toMatch(/^CN-\d{6}$/);
    expect(res.json().gatewayReference).toMatch(/^SIMR-/);
    expect(await invoiceNow(inv.id)).toMatchObject({ status: 'paid', paidCents: 6_000_00 });
    const [row] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(row).toMatchObject({ amountCents: 1_500_00, reason: 'Package damaged', refundedBy: adminA.id });
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refunded'), eq(auditLog.entityId, payment.receiptNo)));
    expect(audited?.details).toMatchObject({ amountCents: 1_500_00, creditNoteNo: res.json().creditNoteNo, invoice: { status: 'paid' } });

    // Never more than what is left of the payment; refunding the rest leaves the invoice settled.
    const tooMuch = await refund(adminA.token, payment.receiptNo, { amountCents: 4_500_01, reason: 'x' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toContain('JMD 4,500.00');
    expect((await refund(adminA.token, payment.receiptNo, { amountCents: 4_500_00, reason: 'Cancelled' })).statusCode).toBe(201);
    expect(await invoiceNow(inv.id)).toMatchObject({ status: 'paid', paidCents: 6_000_00 });

    // The invoice lists its refunds to its customer and staff, and to no one else.
    const listed = await t.api('GET', `/invoices/${inv.invoiceNo}/refunds`, customerA.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((r: { amountCents: number; reason: string }) => [r.amountCents, r.reason])).toEqual([
      [4_500_00, 'Cancelled'],
      [1_500_00, 'Package damaged'],
    ]);
    const stranger = await makeCustomer(t, courierA);
    expect((await t.api('GET', `/invoices/${inv.invoiceNo}/refunds`, stranger.token)).statusCode).toBe(404);
    expect((await t.api('GET', `/invoices/${inv.invoiceNo}/refunds`, adminB.token)).statusCode).toBe(404);
  });

  it("keeps another courier's payments out of reach and asks for a reason", async () => {
    const { payment } = await paidOnline(1_000_00);
    expect((await refund(adminB.token, payment.receiptNo, { amountCents: 100, reason: 'x' })).statusCode).toBe(404);
    expect((await refund(customerA.token, payment.receiptNo, { amountCents: 100, reason: 'x' })).statusCode).toBe(403);
    const noReason = await refund(adminA.token, payment.receiptNo, { amountCents: 100, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Enter the reason for the refund');
  });
});
