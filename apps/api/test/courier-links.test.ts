import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { AUTH_API_MESSAGES, AUTH_MESSAGES } from '@courier/shared/schemas/auth';
import { branches } from '../src/db/schema/branches';
import { couriers } from '../src/db/schema/couriers';
import { customers } from '../src/db/schema/customers';
import { emailOutbox } from '../src/db/schema/email';
import { invoices } from '../src/db/schema/invoices';
import { appSettings } from '../src/db/schema/platform';
import { courierDomains } from '../src/db/schema/public-site';
import { hashPassword } from '../src/lib/passwords';
import { settlePasswordResets } from '../src/modules/auth/password-reset.service';
import { invoiceMailLine } from '../src/modules/invoices/invoice-mail';
import { DEFAULT_COURIER_KEY } from '../src/modules/public-site/tenant';
import { makeCourier, makeCustomer, makeUser } from './fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData } from './helper';

/**
 * Every link we send and every redirect we make goes to the person's own courier: its approved
 * host name, else our address with its api key; never to the platform's default courier, and
 * never where a forged Host header points.
 */

const PUBLIC_URL = 'https://portal.example.test';
let t: TestApp;
let demo: typeof couriers.$inferSelect;
let other: typeof couriers.$inferSelect;

async function lastMailTo(email: string) {
  const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.id)).limit(1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

async function requestReset(email: string, apiKey?: string) {
  const res = await t.api('POST', '/auth/request-password-reset', null, { email, ...(apiKey ? { api_key: apiKey } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  await settlePasswordResets();
  return lastMailTo(email);
}

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL, COURIER_DOMAIN_URL: 'https://{host}' });
  await seedDemoData(t);
  const [found] = await t.db.select().from(couriers).where(eq(couriers.apiKey, DEFAULT_API_KEY));
  if (!found) throw new Error('no demo courier');
  demo = found;
  other = await makeCourier(t, 'ISX');
  await t.db.insert(branches).values({ courierId: other.id, name: 'Ocho Rios', address: '7 Main Street', parish: 'St. Ann' });
  // The super admin made the other courier the platform's default.
  await t.db.insert(appSettings).values({ key: DEFAULT_COURIER_KEY, value: { courierCode: other.code } });
});

afterAll(async () => {
  await t?.close();
});

describe("e-mailed links go to the person's own courier", () => {
  it("a reset link opens the customer's courier (its api key on our address), not the platform's default courier", async () => {
    const mail = await requestReset('customer@example.test', DEFAULT_API_KEY);
    expect(mail.textBody).toMatch(new RegExp(`${PUBLIC_URL}/reset-password\\?token=[\\w-]+&api_key=${DEFAULT_API_KEY}\\n`));
    expect(mail.htmlBody).toContain(`&amp;api_key=${DEFAULT_API_KEY}"`);
  });

  it('the welcome, invoice, notification and impersonation links carry the courier too', async () => {
    const [branch] = await t.db.select().from(branches).where(eq(branches.courierId, demo.id));
    const registered = await t.api('POST', '/customers/register', null, {
      accountType: 'individual',
      title: 'Ms.',
      firstName: 'Keisha',
      lastName: 'Brown',
      email: 'keisha.brown@example.test',
      phone: '876-555-0101',
      password: 'Keisha#2026',
      trn: '111-222-334',
      address: '1 King Street',
      parish: 'Kingston',
      city: 'Kingston',
      country: 'Jamaica',
      branchId: branch?.id,
      api_key: DEFAULT_API_KEY,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const welcome = await lastMailTo('keisha.brown@example.test');
    expect(welcome.textBody).toContain(`${PUBLIC_URL}/customer/packages?api_key=${DEFAULT_API_KEY}`);

    expect(await invoiceMailLine(t.db, t.ctx.mailer, demo.id, 'INV-000001')).toBe(
      `See the invoice and download it as a PDF: ${PUBLIC_URL}/customer/invoices/INV-000001?api_key=${DEFAULT_API_KEY}`,
    );
    expect(await t.ctx.mailer.link(other.id, '/customer/support-tickets?ticket=TKT-1')).toBe(
      `${PUBLIC_URL}/customer/support-tickets?ticket=TKT-1&api_key=${other.apiKey}`,
    );
    // Mail of the platform itself has no courier: our address alone.
    expect(await t.ctx.mailer.link(null, '/superadmin/login')).toBe(`${PUBLIC_URL}/superadmin/login`);

    const superAdmin = await makeUser(t, null, 'super_admin');
    const admin = await makeUser(t, other.id, 'courier_admin');
    const issued = await t.api('POST', `/auth/impersonate/${admin.id}`, superAdmin.token);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().url).toMatch(new RegExp(`^${PUBLIC_URL}/admin/login\\?token=[^&]+&api_key=${other.apiKey}$`));
  });

  it('a courier with an approved host name gets links to that name, without a key; a pending one does not count', async () => {
    const [pending] = await t.db
      .insert(courierDomains)
      .values({ courierId: other.id, hostname: 'pending.islandship.test', status: 'pending' })
      .returning();
    expect(await t.ctx.mailer.link(other.id, '/customer/profile')).toBe(`${PUBLIC_URL}/customer/profile?api_key=${other.apiKey}`);
    await t.db.insert(courierDomains).values({ courierId: other.id, hostname: 'portal.islandship.test', status: 'approved' });
    const customer = await makeCustomer(t, other.id, { passwordHash: await hashPassword('Island#2026') });
    const mail = await requestReset(customer.email, other.apiKey);
    expect(mail.textBody).toMatch(/https:\/\/portal\.islandship\.test\/reset-password\?token=[\w-]+\n/);
    expect(mail.textBody).not.toContain('api_key');
    await t.db.delete(courierDomains).where(eq(courierDomains.id, pending?.id ?? 0));
  });
});

describe("signing in on another courier's page", () => {
  it("finds the customer's own account and names their courier, whichever courier's page they came to", async () => {
    for (const apiKey of [other.apiKey, undefined]) {
      const res = await t.api('POST', '/customers/login', null, {
        email: 'customer@example.test',
        password: 'Customer#2026',
        ...(apiKey ? { api_key: apiKey } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().customer.courier).toMatchObject({ id: demo.id, code: demo.code });
    }
    const wrong = await t.api('POST', '/customers/login', null, {
      email: 'customer@example.test',
      password: 'Not-the-password1',
      api_key: other.apiKey,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AUTH_API_MESSAGES.invalidCredentials);
  });

  it("keeps to the page's courier when the person has an account there", async () => {
    // Same e-mail at both couriers, different passwords: on the other courier's page only its account counts.
    await makeCustomer(t, other.id, { email: 'customer@example.test', passwordHash: await hashPassword('Other#2026') });
    const demoPassword = await t.api('POST', '/customers/login', null, {
      email: 'customer@example.test',
      password: 'Customer#2026',
      api_key: other.apiKey,
    });
    expect(demoPassword.statusCode).toBe(401);
    const own = await t.api('POST', '/customers/login', null, {
      email: 'customer@example.test',
      password: 'Other#2026',
      api_key: other.apiKey,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().customer.courier.id).toBe(other.id);
    await t.db.delete(customers).where(and(eq(customers.courierId, other.id), eq(customers.email, 'customer@example.test')));
  });
});

describe("signing in on a courier's own domain", () => {
  it("refuses another courier's customer without a key, and lets the domain's own customers in", async () => {
    const [domain] = await t.db
      .insert(courierDomains)
      .values({ courierId: other.id, hostname: 'signin.islandship.test', status: 'approved' })
      .returning();
    const signIn = (email: string, password: string) =>
      t.api({ method: 'POST', url: '/customers/login', headers: { host: 'signin.islandship.test' }, payload: { email, password } });
    // The demo courier's customer, right password, on the other courier's domain: no session there.
    const stranger = await signIn('customer@example.test', 'Customer#2026');
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().message).toBe(AUTH_API_MESSAGES.invalidCredentials);
    expect(stranger.body).not.toContain('token');
    const own = await makeCustomer(t, other.id, { passwordHash: await hashPassword('Island#2026') });
    const ok = await signIn(own.email, 'Island#2026');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().customer.courier.id).toBe(other.id);
    await t.db.delete(courierDomains).where(eq(courierDomains.id, domain?.id ?? 0));
  });
});

describe("a signed-in person's courier decides the brand", () => {
  it("the public site of a signed-in customer is their courier's, not the default one", async () => {
    const anonymous = await t.api('GET', '/public/site');
    expect(anonymous.json().courier.name).toBe(other.name);
    const customer = await makeCustomer(t, demo.id);
    for (const url of ['/api/public/site', `/api/public/site?api_key=${other.apiKey}`]) {
      const res = await t.api({ method: 'GET', path: url, token: customer.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().courier).toMatchObject({ name: demo.name, apiKey: DEFAULT_API_KEY });
      expect(res.json().resolvedBy).toBe('account');
    }
  });
});

describe('sign-ups wait for a branch', () => {
  it('a courier without an active branch refuses sign-ups in our words', async () => {
    const fresh = await makeCourier(t, 'NEW');
    const [closed] = await t.db
      .insert(branches)
      .values({ courierId: fresh.id, name: 'Closed', address: '1 Road', parish: 'Kingston', active: false })
      .returning();
    const res = await t.api('POST', '/customers/register', null, {
      accountType: 'individual',
      title: 'Mr.',
      firstName: 'Early',
      lastName: 'Bird',
      email: 'early.bird@example.test',
      phone: '876-555-0102',
      password: 'Early#2026',
      trn: '111-222-335',
      address: '2 King Street',
      parish: 'Kingston',
      city: 'Kingston',
      country: 'Jamaica',
      branchId: closed?.id,
      api_key: fresh.apiKey,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(AUTH_MESSAGES.notTakingSignUps);
    expect(await t.db.select().from(customers).where(eq(customers.email, 'early.bird@example.test'))).toEqual([]);
  });
});

describe('payment returns', () => {
  it('a forged Host never chooses where the payer is sent', async () => {
    const res = await t.api({
      method: 'GET',
      url: `/online-payments/wipay/${demo.id}/response?order_id=nothing&status=failed`,
      headers: { host: 'evil.example' },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${PUBLIC_URL}/customer/invoices?payment=failed&api_key=${DEFAULT_API_KEY}`);
  });

  it("goes back to the courier's approved host name when the payer came from there", async () => {
    const [domain] = await t.db.select().from(courierDomains).where(eq(courierDomains.hostname, 'portal.islandship.test'));
    expect(domain?.status).toBe('approved');
    const res = await t.api({
      method: 'GET',
      url: `/online-payments/wipay/${other.id}/response?order_id=nothing&status=failed`,
      headers: { host: 'portal.islandship.test' },
    });
    expect(res.headers.location).toBe('https://portal.islandship.test/customer/invoices?payment=failed');
    // Another courier's host name is not the demo courier's address.
    const elsewhere = await t.api({
      method: 'GET',
      url: `/online-payments/wipay/${demo.id}/response?order_id=nothing&status=failed`,
      headers: { host: 'portal.islandship.test' },
    });
    expect(elsewhere.headers.location).toBe(`${PUBLIC_URL}/customer/invoices?payment=failed&api_key=${DEFAULT_API_KEY}`);
  });
});

describe('paying online without PUBLIC_URL (the demo on one machine)', () => {
  let demoApp: TestApp;
  let port: number;
  let customerToken: string;
  let invoiceNo: string;

  beforeAll(async () => {
    demoApp = await buildTestApp({ PAYMENT_SIMULATOR: 'true' });
    await demoApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(demoApp.app.listeningOrigin).port);
    const courier = await makeCourier(demoApp, 'PAY');
    // The test gateway serves only a courier in test mode.
    await demoApp.db.update(couriers).set({ paymentTestMode: true }).where(eq(couriers.id, courier.id));
    const customer = await makeCustomer(demoApp, courier.id);
    customerToken = customer.token;
    invoiceNo = 'INV-700001';
    await demoApp.db
      .insert(invoices)
      .values({ courierId: courier.id, customerId: customer.id, invoiceNo, totalCents: 2_500_00, exchangeRate: 150 });
  });

  afterAll(async () => {
    await demoApp?.close();
  });

  it('serves the gateway page and the return on the host name the customer uses, so the return is never blocked', async () => {
    // The browser is on localhost; the server reaches its own simulator on 127.0.0.1.
    const started = await demoApp.api({
      method: 'POST',
      url: `/invoices/${invoiceNo}/pay-online`,
      token: customerToken,
      headers: { host: `localhost:${port}` },
    });
    expect(started.statusCode, started.body).toBe(200);
    const checkout = new URL(started.json().redirectUrl);
    expect(checkout.origin).toBe(`http://localhost:${port}`);
    const approved = await fetch(`http://127.0.0.1:${port}${checkout.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.get('location') ?? '');
    expect(back.origin).toBe(`http://localhost:${port}`);
    const [paid] = await demoApp.db.select().from(invoices).where(eq(invoices.invoiceNo, invoiceNo));
    expect(paid?.status).toBe('paid');
  });

  it('sends a forged Host to our own address instead', async () => {
    const [courier] = await demoApp.db.select().from(couriers).where(eq(couriers.code, 'PAY'));
    const res = await demoApp.api({
      method: 'GET',
      url: `/online-payments/wipay/${courier?.id}/response?order_id=nothing`,
      headers: { host: 'evil.example' },
    });
    expect(res.headers.location).toBe(
      `http://localhost:${demoApp.config.PORT}/customer/invoices?payment=failed&api_key=${courier?.apiKey}`,
    );
  });
});
