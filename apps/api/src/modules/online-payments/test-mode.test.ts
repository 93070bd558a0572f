import { type Server, createServer } from 'node:http';
import { Writable } from 'node:stream';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, bearer, buildTestApp, seedDemoData, tokenFor } from '../../../test/helper';
import { pdfText } from '../../../test/pdf-text';
import { buildApp } from '../../app';
import { auditLog } from '../../db/schema/audit-log';
import { couriers } from '../../db/schema/couriers';
import { emailOutbox } from '../../db/schema/email';
import { invoices } from '../../db/schema/invoices';
import { onlinePaymentAttempts } from '../../db/schema/online-payments';
import { payments } from '../../db/schema/payments';
import { WIPAY_SANDBOX_ACCOUNT, wipayHash } from './wipay';
import { dayInZone } from '@courier/shared/domain/datetime';

// The test gateway as the demo runs it (PAYMENT_SIMULATOR on), attacked by a customer of a courier
// that is live: a new courier with no WiPay account of its own.
let t: TestApp;
let base: string;
let seq = 0;
type Customer = Awaited<ReturnType<typeof makeCustomer>>;
let demoId: number;
let liveId: number;
let demoCustomer: Customer;
let liveCustomer: Customer;
let superToken: string;
let liveAdminToken: string;

async function openInvoice(courierId: number, customerId: number, totalCents: number) {
  seq += 1;
  const [row] = await t.db
    .insert(invoices)
    .values({ courierId, customerId, invoiceNo: `INV-8${String(seq).padStart(5, '0')}`, totalCents, exchangeRate: 150 })
    .returning();
  if (!row) throw new Error('invoice insert failed');
  return row;
}

async function invoiceNow(id: number) {
  const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new Error('invoice gone');
  return row;
}

async function paymentCount(courierId: number) {
  const [row] = await t.db.select({ n: count() }).from(payments).where(eq(payments.courierId, courierId));
  return row?.n ?? 0;
}

async function payNow(customer: Customer, invoiceNo: string) {
  const res = await fetch(`${base}/api/invoices/${invoiceNo}/pay-online`, { method: 'POST', headers: bearer(customer.token) });
  return { status: res.status, body: (await res.json()) as { redirectUrl?: string; message?: string } };
}

/** The test page's buttons, as the browser presses them. */
const press = (checkoutUrl: string, decision: 'approve' | 'decline') =>
  fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `decision=${decision}`,
    redirect: 'manual',
  });

/** A checkout request straight to the test gateway, as anyone on the internet can send it. */
function checkoutForm(fields: Record<string, string>) {
  return new URLSearchParams({
    account_number: WIPAY_SANDBOX_ACCOUNT.accountNumber,
    country_code: 'JM',
    currency: 'JMD',
    environment: 'sandbox',
    method: 'credit_card',
    order_id: `ATTACK-${++seq}`,
    origin: 'attacker',
    response_url: `${base}/api/online-payments/wipay/${demoId}/response`,
    total: '10.00',
    ...fields,
  }).toString();
}
async function openCheckout(fields: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/dev/gateway/plugins/payments/request`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: checkoutForm(fields),
  });
  return { statusCode: res.status, body: (await res.json()) as { url?: string; message?: string } };
}

const setTestMode = (token: string, courierId: number, paymentTestMode: boolean) =>
  t.api('PATCH', `/platform/couriers/${courierId}/payment-test-mode`, token, { paymentTestMode });

beforeAll(async () => {
  t = await buildTestApp({ PAYMENT_SIMULATOR: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = t.app.listeningOrigin;
  const logins = await seedDemoData(t);
  const [demo] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!demo) throw new Error('no demo courier');
  demoId = demo.id;
  demoCustomer = await makeCustomer(t, demoId);
  superToken = await tokenFor(t, logins.find((l) => l.role === 'super_admin')?.email ?? '');
  // A real courier joins later, as the super admin creates one.
  const created = await t.api('POST', '/platform/couriers', superToken, {
    name: 'Island Box',
    code: 'IBX',
    admin: { firstName: 'Omar', lastName: 'Grant', email: 'omar@islandbox.test', password: 'IslandBox#2026' },
  });
  expect(created.statusCode, created.body).toBe(201);
  liveId = created.json().id;
  liveCustomer = await makeCustomer(t, liveId);
  liveAdminToken = (await makeUser(t, liveId, 'courier_admin')).token;
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('test mode is a courier’s own state', () => {
  it('a new courier starts live; the seeded demo courier is in test mode', async () => {
    const live = await t.api('GET', `/platform/couriers/${liveId}`, superToken);
    expect(live.json()).toMatchObject({ code: 'IBX', paymentTestMode: false });
    const demo = await t.api('GET', `/platform/couriers/${demoId}`, superToken);
    expect(demo.json()).toMatchObject({ code: 'JXP', paymentTestMode: true });
    const list = await t.api(
      'GET',
      `/platform/couriers?filters=${encodeURIComponent(JSON.stringify({ paymentTestMode: 'true' }))}`,
      superToken,
    );
    expect(list.json().data.map((c: { code: string }) => c.code)).toEqual(['JXP']);
  });

  it('only the super admin switches it, each switch audited with who did it', async () => {
    const other = await makeCourier(t, 'TMS');
    for (const token of [liveAdminToken, (await makeUser(t, other.id, 'courier_admin')).token, demoCustomer.token]) {
      expect((await setTestMode(token, other.id, true)).statusCode).toBe(403);
    }
    expect((await setTestMode(liveAdminToken, liveId, true)).statusCode).toBe(403);
    const on = await setTestMode(superToken, other.id, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().paymentTestMode).toBe(true);
    const off = await setTestMode(superToken, other.id, false);
    expect(off.json().paymentTestMode).toBe(false);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.courierId, other.id), eq(auditLog.entity, 'courier')))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.actorType, r.details])).toEqual([
      ['courier.payment_test_mode_on', 'user', { before: { paymentTestMode: false }, after: { paymentTestMode: true }, mode: 'TEST' }],
      ['courier.payment_test_mode_off', 'user', { before: { paymentTestMode: true }, after: { paymentTestMode: false }, mode: 'live' }],
    ]);
    // The courier's own settings say so too.
    const settings = await t.api('GET', '/settings/payment-gateway', liveAdminToken);
    expect(settings.json()).toEqual({ data: null, test_mode: false });
  });
});

describe('a live courier without a WiPay account', () => {
  it('is not offered Pay now, and the API refuses it in our words', async () => {
    const availability = await t.api('GET', '/online-payments/availability', liveCustomer.token);
    expect(availability.json()).toEqual({ available: false, test: false });
    const inv = await openInvoice(liveId, liveCustomer.id, 2_500_00);
    const res = await payNow(liveCustomer, inv.invoiceNo);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Card payments online are not set up for this courier. Pay by bank transfer or at the counter.');
  });

  it('cannot have an invoice paid by pressing Approve on the test page', async () => {
    const inv = await openInvoice(liveId, liveCustomer.id, 3_000_00);
    // Pay now, then Approve, as the demo offered it to every courier without an account.
    const started = await payNow(liveCustomer, inv.invoiceNo);
    if (started.body.redirectUrl) await press(started.body.redirectUrl, 'approve');
    expect(started.status).toBe(422);
    // Or a checkout asked of the test gateway directly, with the courier's own notification address.
    const direct = await openCheckout({ response_url: `${base}/api/online-payments/wipay/${liveId}/response`, total: '3000.00' });
    expect(direct.statusCode).toBe(403);
    expect(direct.body.message).toBe('This courier is not in test mode: the test gateway takes no payments for it.');
    expect(await invoiceNow(inv.id)).toMatchObject({ status: 'unpaid', paidCents: 0 });
    expect(await paymentCount(liveId)).toBe(0);
  });

  it('refuses a notification signed with the sandbox key', async () => {
    const inv = await openInvoice(liveId, liveCustomer.id, 1_800_00);
    const orderId = `${inv.invoiceNo}-${'a'.repeat(12)}`;
    await t.db.insert(onlinePaymentAttempts).values({
      courierId: liveId,
      customerId: liveCustomer.id,
      invoiceId: inv.id,
      orderId,
      provider: 'wipay',
      amountCents: 1_800_00,
      currency: 'JMD',
    });
    const transactionId = `FORGED-${++seq}`;
    const forged = {
      status: 'success',
      transaction_id: transactionId,
      order_id: orderId,
      total: '1800.00',
      currency: 'JMD',
      hash: wipayHash(transactionId, '1800.00', WIPAY_SANDBOX_ACCOUNT.apiKey),
    };
    const res = await t.api({
      method: 'POST',
      url: `/online-payments/wipay/${liveId}/response`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(forged).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(await invoiceNow(inv.id)).toMatchObject({ status: 'unpaid', paidCents: 0 });
    expect(res.json().message).toBe('Refused: no gateway for this courier');
    // Unsigned for this courier, so anonymous: logged, never an audit row.
    const refused = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'online_payment.refused'), eq(auditLog.entityId, transactionId)));
    expect(refused).toEqual([]);
  });

  it('cannot finish a test checkout once the super admin took the courier live', async () => {
    const courier = await makeCourier(t, 'TML');
    const customer = await makeCustomer(t, courier.id);
    expect((await setTestMode(superToken, courier.id, true)).statusCode).toBe(200);
    const inv = await openInvoice(courier.id, customer.id, 900_00);
    const started = await payNow(customer, inv.invoiceNo);
    expect(started.status).toBe(200);
    expect((await setTestMode(superToken, courier.id, false)).statusCode).toBe(200);
    const approved = await press(started.body.redirectUrl ?? '', 'approve');
    expect(approved.status).toBe(403);
    expect(await approved.text()).toContain('This courier is not in test mode');
    expect(await invoiceNow(inv.id)).toMatchObject({ status: 'unpaid', paidCents: 0 });
    // The notification the page would have sent, signed with the sandbox key, is refused as well.
    const [attempt] = await t.db.select().from(onlinePaymentAttempts).where(eq(onlinePaymentAttempts.invoiceId, inv.id));
    expect(attempt?.test).toBe(true);
    const transactionId = `LATE-${++seq}`;
    const late = await t.api({
      method: 'POST',
      url: `/online-payments/wipay/${courier.id}/response`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        status: 'success',
        transaction_id: transactionId,
        order_id: attempt?.orderId ?? '',
        total: '900.00',
        currency: 'JMD',
        hash: wipayHash(transactionId, '900.00', WIPAY_SANDBOX_ACCOUNT.apiKey),
      }).toString(),
    });
    expect(late.statusCode).toBe(400);
    expect(await paymentCount(courier.id)).toBe(0);
  });
});

describe('the test gateway reaches only our own notification route', () => {
  let listener: Server;
  let listenerOrigin: string;
  const hits: string[] = [];
  beforeAll(async () => {
    listener = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.end('ok');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const address = listener.address();
    listenerOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => listener.close(resolve));
  });

  it('never calls a loopback listener given as response_url, nor sends the browser there', async () => {
    for (const responseUrl of [
      `${listenerOrigin}/api/online-payments/wipay/${demoId}/response`,
      `${listenerOrigin}/steal`,
      `${base}/api/online-payments/wipay/${demoId}/response/../../../../../admin`,
      `${base}/api/auth/login`,
      'file:///etc/passwd',
    ]) {
      const res = await openCheckout({ response_url: responseUrl });
      const url = res.body.url;
      // What an attacker does next: press Approve and follow the redirect.
      if (url) {
        const approved = await press(url, 'approve');
        expect(approved.headers.get('location') ?? '').not.toContain(listenerOrigin);
      }
      expect(res.statusCode, responseUrl).toBe(400);
      expect(res.body.message).toBe("response_url must be this server's own payment notification address");
    }
    expect(hits).toEqual([]);
  });

  it('delivers the notification to our route for a courier in test mode', async () => {
    const inv = await openInvoice(demoId, demoCustomer.id, 700_00);
    const started = await payNow(demoCustomer, inv.invoiceNo);
    expect(started.status).toBe(200);
    const approved = await press(started.body.redirectUrl ?? '', 'approve');
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toMatch(new RegExp(`^${base}/api/online-payments/wipay/${demoId}/response\\?`));
    expect((await invoiceNow(inv.id)).status).toBe('paid');
    expect(hits).toEqual([]);
  });
});

describe('the test gateway stays small', () => {
  it('refuses big input with a clear 4xx', async () => {
    const huge = await openCheckout({ data: 'x'.repeat(900_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.body.message).toBeTruthy();
    const longOrder = await openCheckout({ order_id: 'O'.repeat(65) });
    expect(longOrder.statusCode).toBe(400);
    expect(longOrder.body.message).toBe('order_id is too long (at most 64 characters)');
    const longName = await openCheckout({ name: 'N'.repeat(201) });
    expect(longName.statusCode).toBe(400);
    expect(longName.body.message).toBe('name is too long (at most 200 characters)');
  });

  it('keeps at most 1,000 open checkouts, the oldest dropped first', async () => {
    const first = await openCheckout({ name: 'N'.repeat(200), data: 'd'.repeat(1_000) });
    expect(first.statusCode).toBe(200);
    const firstUrl = new URL(first.body.url ?? '').pathname;
    let last = '';
    for (let i = 0; i < 1_000; i += 1) {
      const res = await openCheckout({ name: 'N'.repeat(200), data: 'd'.repeat(1_000) });
      expect(res.statusCode).toBe(200);
      last = new URL(res.body.url ?? '').pathname;
    }
    expect((await t.api({ method: 'GET', path: firstUrl })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', path: last })).statusCode).toBe(200);
  }, 120_000);

  it('lets a checkout expire after 30 minutes', async () => {
    const opened = await openCheckout();
    const path = new URL(opened.body.url ?? '').pathname;
    expect((await t.api({ method: 'GET', path })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30 * 60_000 + 1_000 });
    expect((await t.api({ method: 'GET', path })).statusCode).toBe(404);
    const approve = await t.api({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(approve.statusCode).toBe(404);
  });
});

describe('a test-mode payment says TEST everywhere', () => {
  it('on the payment, invoice, receipt PDF and e-mail, audit log and report', async () => {
    const inv = await openInvoice(demoId, demoCustomer.id, 1_234_50);
    const availability = await t.api('GET', '/online-payments/availability', demoCustomer.token);
    expect(availability.json()).toEqual({ available: true, test: true });
    const started = await payNow(demoCustomer, inv.invoiceNo);
    await press(started.body.redirectUrl ?? '', 'approve');
    expect((await invoiceNow(inv.id)).status).toBe('paid');
    const [payment] = await t.db.select().from(payments).where(eq(payments.courierId, demoId)).orderBy(desc(payments.id)).limit(1);
    expect(payment).toMatchObject({ test: true, method: 'online', amountCents: 1_234_50 });
    const receiptNo = payment?.receiptNo ?? '';

    const list = await t.api('GET', '/payments?limit=100', demoCustomer.token);
    expect(list.json().data.find((p: { receiptNo: string }) => p.receiptNo === receiptNo)).toMatchObject({ test: true });
    const detail = await t.api('GET', `/invoices/${inv.invoiceNo}`, demoCustomer.token);
    expect(detail.json().payments).toEqual([expect.objectContaining({ receiptNo, test: true })]);

    const pdf = await t.api('GET', `/payments/${receiptNo}/receipt`, demoCustomer.token);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`TEST Receipt ${receiptNo}`);
    expect(text).toContain('TEST payment made in test mode: no money was taken.');

    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, demoCustomer.email)).orderBy(desc(emailOutbox.id));
    expect(mail?.subject).toMatch(new RegExp(`^[^:]+: TEST Receipt ${receiptNo}: JMD 1,234\\.50 received$`));
    expect(mail?.textBody).toContain('TEST payment made in test mode: no money was taken.');

    const audits = await t.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.courierId, demoId));
    for (const action of ['online_payment.started', 'online_payment.recorded', 'payment.recorded']) {
      const mine = audits.filter(
        (a) =>
          a.action === action &&
          JSON.stringify(a.details).includes(action === 'payment.recorded' ? (payment?.reference ?? '-') : inv.invoiceNo),
      );
      expect(mine.length, action).toBeGreaterThan(0);
      expect(mine.every((a) => (a.details as { mode?: string }).mode === 'TEST')).toBe(true);
    }

    const admin = await makeUser(t, demoId, 'courier_admin');
    // The report's days are the courier's (Jamaica, UTC-5).
    const today = dayInZone(new Date(), 'America/Jamaica');
    const csv = await t.api('GET', `/reports/csv/payments-by-method?from=${today}&to=${today}`, admin.token);
    expect(csv.body).toMatch(/^"?Online card \(TEST\)"?,\d+,[\d.]+$/m);
    expect(csv.body).not.toMatch(/^"?Online card"?,/m);
  });
});

describe('a production start', () => {
  it('names the couriers in test mode in a warning', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({ ...t.ctx, config: { ...t.config, NODE_ENV: 'production', LOG_LEVEL: 'info' } }, { logStream });
    await app.ready();
    await app.close();
    const warning = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).find((l) => l.msg.includes('TEST mode'));
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toContain('Jamaica Express Post (JXP)');
    expect(warning?.msg).not.toContain('IBX');
  });
});
