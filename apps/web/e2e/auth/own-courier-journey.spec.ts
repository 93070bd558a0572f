import type { APIRequestContext, Page } from '@playwright/test';
import { waitForMail } from '../support/mailbox';
import { openInvoiceOfDemoCustomer } from '../support/invoices';
import { workerPorts } from '../support/ports';
import { expect, test } from '../support/test';
import { DEMO } from '../support/auth';
import { shot } from '../support/screenshots';

/**
 * Every courier's customers stay on their courier's site. Two couriers on two host names: the
 * demo courier on its own approved name (a loopback name, jxp-….localhost) and a second courier the
 * super admin made the platform's default on our address (127.0.0.1). The demo courier's customer
 * resets a password from the e-mail, signs in, pays an invoice through the test gateway and comes
 * back to "Paid", on a 375 px phone, and never sees the second courier's name.
 */
const CUSTOMER = DEMO.customer;
const NEW_PASSWORD = DEMO.customer.password; // set again, so later journeys sign in as before
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/links-shots';

async function token(request: APIRequestContext, path: string, data: { email: string; password: string }) {
  const res = await request.post(path, { data });
  expect(res.ok(), await res.text()).toBe(true);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

async function expectNoSign(page: Page, name: string) {
  await expect(page.locator('body')).not.toContainText(name);
  expect(await page.title()).not.toContain(name);
}

test("a courier's customer follows the reset link, signs in and pays on their own courier's site, never seeing the platform's default courier", async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const superAdmin = await token(request, '/api/auth/super-admin/login', {
    email: 'superadmin@courierportal.test',
    password: DEMO.super_admin.password,
  });
  const admin = await token(request, '/api/auth/login', DEMO.courier_admin);
  const stamp = Date.now().toString(36).slice(-5);

  // Courier B, made by the super admin, with a branch, becomes the platform's default.
  const created = await request.post('/api/platform/couriers', {
    headers: superAdmin,
    data: {
      name: `Harbour Parcel ${stamp.toUpperCase()}`,
      code: `HP${stamp.toUpperCase()}`,
      email: `desk-${stamp}@harbour.test`,
      phone: '(876) 555-0177',
      admin: { firstName: 'Hugh', lastName: 'Port', email: `admin-${stamp}@harbour.test`, password: 'HarbourAdmin#2026' },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const other = (await created.json()) as { id: number; code: string; name: string };
  const branch = await request.post('/api/branches', {
    headers: superAdmin,
    data: { courierId: other.id, name: 'Port Antonio', address: '3 West Street', parish: 'Portland', phone: '(876) 555-0178' },
  });
  expect(branch.ok(), await branch.text()).toBe(true);
  const before = (await (await request.get('/api/platform/default-courier', { headers: superAdmin })).json()) as {
    courierCode: string | null;
  };
  const setDefault = (courierCode: string | null) =>
    request.put('/api/platform/default-courier', { headers: superAdmin, data: { courierCode } });
  expect((await setDefault(other.code)).ok()).toBe(true);

  // Courier A (the demo courier) serves its site on a host name of its own, approved by the super admin.
  const hostname = `jxp-${stamp}.localhost`;
  const asked = await request.post('/api/settings/domains', { headers: admin, data: { hostname } });
  expect(asked.ok(), await asked.text()).toBe(true);
  const domain = (await asked.json()) as { id: number };
  expect((await request.post(`/api/platform/domains/${domain.id}/approve`, { headers: superAdmin })).ok()).toBe(true);
  const own = `http://${hostname}:${workerPorts().app}`;

  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    // The platform's address now shows courier B to anyone not signed in.
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: `${other.name} home` })).toBeVisible();

    const reset = await request.post('/api/auth/request-password-reset', {
      data: { email: CUSTOMER.email, api_key: 'ck_demo_jamaica_express_2026' },
    });
    expect(reset.ok()).toBe(true);
    const mail = await waitForMail(CUSTOMER.email, new RegExp(`${hostname.replace('.', '\\.')}[^\\s]*reset-password`));
    const decoded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
    const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(decoded)?.[0] ?? '';
    // The link goes to the customer's courier's own host name, not the platform's default.
    expect(new URL(link).origin).toBe(own);

    const fresh = await context.newPage();
    fresh.on('pageerror', (e) => errors.push(e.message));
    await page.close();
    await fresh.goto(link);
    await expect(fresh.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expect(fresh.getByText('Jamaica Express Post').first()).toBeVisible();
    await expectNoSign(fresh, other.name);
    await shot(fresh, { path: `${SHOTS}/own-courier-reset-phone.png`, fullPage: true });
    await fresh.getByLabel('New Password').fill(NEW_PASSWORD);
    await fresh.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await fresh.getByRole('button', { name: 'Reset Password' }).click();

    await expect(fresh).toHaveURL(`${own}/login`);
    await expect(fresh.getByText('Sign in to your Jamaica Express Post account')).toBeVisible();
    await expectNoSign(fresh, other.name);
    await fresh.getByLabel('Email').fill(CUSTOMER.email);
    await fresh.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await fresh.getByRole('button', { name: 'Sign In' }).click();
    await expect(fresh).toHaveURL(new RegExp(`^${own}/customer`));

    // Signed in, every page is their courier's, even an address that names another courier.
    for (const path of [
      '/',
      `/?api_key=${encodeURIComponent((await otherApiKey(request, superAdmin, other.id)) ?? '')}`,
      '/customer/no-such-page',
    ]) {
      await fresh.goto(`${own}${path}`);
      await expect(fresh.getByRole('banner').getByRole('link', { name: 'Jamaica Express Post home' })).toBeVisible();
      await expectNoSign(fresh, other.name);
    }
    await shot(fresh, { path: `${SHOTS}/own-courier-home-signed-in-phone.png`, fullPage: true });

    // Pay now through the courier's test gateway, and back to the invoice: Paid.
    const customer = await token(request, '/api/customers/login', { ...CUSTOMER, password: NEW_PASSWORD });
    const invoice = await openInvoiceOfDemoCustomer(request, customer.authorization.slice('Bearer '.length));
    await fresh.goto(`${own}/customer/invoices/${invoice.invoiceNo}`);
    await fresh.getByRole('button', { name: /^Pay now/ }).click();
    await expect(fresh).toHaveURL(new RegExp(`^${own}/api/dev/gateway/checkout/`));
    await expectNoSign(fresh, other.name);
    await shot(fresh, { path: `${SHOTS}/own-courier-gateway-phone.png`, fullPage: true });
    await fresh.getByRole('button', { name: /Approve/ }).click();
    await expect(fresh).toHaveURL(new RegExp(`^${own}/customer/invoices/${invoice.invoiceNo}\\?payment=`));
    await expect(fresh.getByTestId('invoice-status')).toHaveText('Paid');
    await expectNoSign(fresh, other.name);
    await shot(fresh, { path: `${SHOTS}/own-courier-paid-phone.png`, fullPage: true });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await request.delete(`/api/settings/domains/${domain.id}`, { headers: admin });
    await setDefault(before.courierCode);
  }
});

async function otherApiKey(request: APIRequestContext, headers: Record<string, string>, id: number): Promise<string | undefined> {
  const res = await request.get(`/api/platform/couriers/${id}`, { headers });
  return ((await res.json()) as { apiKey?: string }).apiKey;
}
