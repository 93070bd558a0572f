import type { APIRequestContext, Page } from '@playwright/test';
import { tokenFor } from '../support/auth';
import { waitForMail } from '../support/mailbox';
import { expect, test } from '../support/test';

const API_KEY = 'ck_demo_jamaica_express_2026';
const PASSWORD = 'Forwarding#2026';
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/forwarding-shots';

/** A new customer of the demo courier (each run its own), with a token and mailbox. */
async function newCustomer(request: APIRequestContext, name: string) {
  const email = `${name.toLowerCase()}.${Date.now().toString(36)}@example.test`;
  const validate = await (await request.get(`/api/couriers/validate/${API_KEY}`)).json();
  const branches = await (await request.get(`/api/branches/public/${validate.data.id}`)).json();
  const created = await request.post('/api/customers/register', {
    data: {
      accountType: 'individual',
      title: 'Ms.',
      firstName: name,
      lastName: 'Forwarder',
      email,
      phone: '876-555-0142',
      password: PASSWORD,
      trn: '999-777-555',
      address: '4 Hope Road',
      parish: 'Clarendon',
      city: 'May Pen',
      branchId: branches.data[0].id,
      api_key: API_KEY,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const token = await tokenFor(request, { email, password: PASSWORD, apiLogin: '/api/customers/login' });
  const profile = await (await request.get('/api/customers/profile', { headers: { authorization: `Bearer ${token}` } })).json();
  return { email, token, mailbox: profile.mailboxNumber as string };
}

async function pageAs(page: Page, token: string) {
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
}

test('a customer consolidates three packages on a phone; the clerk repacks them into a weighed, measured parcel that is invoiced', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const customer = await newCustomer(request, 'Consuela');
  const staffHeaders = { authorization: `Bearer ${await tokenFor(request, 'staff')}` };
  const tag = Date.now().toString().slice(-8);
  const received: Array<{ id: number; packageNumber: string; trackingNumber: string }> = [];
  for (const [i, what] of ['Sneakers', 'Phone case', 'Vitamins'].entries()) {
    const res = await request.post('/api/packages', {
      headers: staffHeaders,
      data: { trackingNumber: `1ZCON${tag}${i}`, weightLb: 2 + i, mailbox: customer.mailbox, description: what },
    });
    expect(res.ok(), await res.text()).toBe(true);
    received.push(await res.json());
  }

  // The customer, on a phone, picks the three packages and asks for a repack without retail boxes.
  await pageAs(page, customer.token);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/customer/consolidations');
  const form = page.getByRole('form', { name: 'Request a consolidation' });
  for (const p of received) await form.getByRole('checkbox', { name: new RegExp(p.packageNumber) }).check();
  await form.getByRole('radio', { name: 'Remove retail packaging' }).check();
  await expect(form.getByTestId('consolidation-fee')).toHaveText(/JMD [\d,]+\.\d{2}/);
  await page.screenshot({ path: `${SHOTS}/consolidation-request-phone.png`, fullPage: true });
  await form.getByRole('button', { name: 'Request consolidation' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Consolidation requested' })).toBeVisible();
  const card = page.getByTestId('consolidation-card').first();
  await expect(card.getByText('Requested')).toBeVisible();
  const requestNo = (await card.getByRole('heading').textContent()) ?? '';
  expect(requestNo).toMatch(/^CON-\d{6}$/);
  await waitForMail(customer.email, new RegExp(`Consolidation ${requestNo} requested`));

  // The clerk scans one of the packages at the consolidation station and repacks.
  const clerk = await browser.newContext();
  const clerkPage = await clerk.newPage();
  clerkPage.on('pageerror', (e) => errors.push(e.message));
  await pageAs(clerkPage, await tokenFor(request, 'staff'));
  // At the scan station, a package of the request says so and leads to the consolidation station.
  await clerkPage.goto('/staff/scan');
  await clerkPage.getByLabel('Tracking number').fill(received[0]?.trackingNumber ?? '');
  await clerkPage.getByLabel('Tracking number').press('Enter');
  await expect(clerkPage.getByRole('status').filter({ hasText: `In consolidation ${requestNo}` })).toBeVisible();
  await clerkPage.getByRole('link', { name: 'Repack at the consolidation station' }).click();
  await clerkPage.waitForURL(/\/staff\/consolidations$/);
  await clerkPage.getByLabel('Scan a package of the request').fill(received[1]?.trackingNumber ?? '');
  await clerkPage.getByRole('button', { name: 'Find' }).click();
  const scanned = clerkPage.getByRole('region', { name: 'Scanned' }).getByTestId('consolidation-card');
  await expect(scanned.getByRole('heading', { name: requestNo })).toBeVisible();
  await scanned.getByRole('button', { name: 'Repack' }).click();
  const dialog = clerkPage.getByRole('dialog', { name: `Repack ${requestNo}` });
  await dialog.getByRole('button', { name: 'Record new parcel' }).click();
  await expect(dialog.getByText('Please enter the weight').first()).toBeVisible();
  await dialog.getByLabel('Weight (lb)').fill('8.5');
  await dialog.getByLabel('Length (in)').fill('16');
  await dialog.getByLabel('Width (in)').fill('12');
  await dialog.getByLabel('Height (in)').fill('10');
  await dialog.getByRole('button', { name: 'Record new parcel' }).click();
  const parcelNumber = (await dialog.getByTestId('repacked-parcel').textContent()) ?? '';
  expect(parcelNumber).toMatch(/^PKG-\d{6}$/);
  await expect(dialog.getByRole('button', { name: 'Print label' })).toBeVisible();
  await clerkPage.screenshot({ path: `${SHOTS}/consolidation-repacked-desktop.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await waitForMail(customer.email, new RegExp(`Consolidation ${requestNo} done: your new parcel is ${parcelNumber}`));

  // The parcel travels and is billed: its invoice carries the consolidation fee; the old packages are not billed.
  const mine = (await (
    await request.get('/api/customer/consolidations', { headers: { authorization: `Bearer ${customer.token}` } })
  ).json()) as {
    data: Array<{ requestNo: string; newPackage: { id: number; packageNumber: string } | null }>;
  };
  const parcelId = mine.data.find((r) => r.requestNo === requestNo)?.newPackage?.id;
  const parcelRow = (await (await request.get(`/api/packages/${parcelId}`, { headers: staffHeaders })).json()) as {
    id: number;
    weightLb: number;
    packageNumber: string;
  };
  expect(parcelRow).toMatchObject({ packageNumber: parcelNumber, weightLb: 8.5 });
  const adminHeaders = { authorization: `Bearer ${await tokenFor(request, 'courier_admin')}` };
  for (const status of ['in_transit', 'at_customs', 'ready_for_pickup']) {
    const moved = await request.post(`/api/packages/${parcelRow.id}/status`, { headers: adminHeaders, data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  const invoices = (await (
    await request.get('/api/invoices?limit=10', { headers: { authorization: `Bearer ${customer.token}` } })
  ).json()) as {
    data: Array<{ invoiceNo: string }>;
  };
  expect(invoices.data).toHaveLength(1);
  const invoiceNo = invoices.data[0]?.invoiceNo ?? '';
  await page.goto(`/customer/invoices/${invoiceNo}`);
  await expect(page.getByText(`Consolidation fee ${parcelNumber}`)).toBeVisible();
  await expect(page.getByText(`Freight ${parcelNumber}`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/consolidation-invoice-phone.png`, fullPage: true });

  // The customer's page and the public tracking of an old number follow the new parcel.
  await page.goto('/customer/consolidations');
  await expect(page.getByTestId('consolidation-new-parcel').first()).toHaveText(parcelNumber);
  await page.screenshot({ path: `${SHOTS}/consolidation-done-phone.png`, fullPage: true });
  await page.goto(`/track?number=${received[0]?.trackingNumber}`);
  await expect(page.getByTestId('track-consolidated')).toContainText(parcelNumber);
  // The courier admin sets those prices on the Fees tab, like every other fee.
  const adminPage = await clerk.newPage();
  adminPage.on('pageerror', (e) => errors.push(e.message));
  await pageAs(adminPage, await tokenFor(request, 'courier_admin'));
  await adminPage.goto('/admin/settings?tab=fees');
  await expect(adminPage.getByRole('listitem', { name: 'Consolidation Fee' })).toContainText('A service request · JMD 500.00');
  await expect(adminPage.getByRole('listitem', { name: 'Shop For Me Fee' })).toContainText('10% of the item cost, at least USD 5.00');
  await clerk.close();
  expect(errors).toEqual([]);
});

test('a Shop For Me request goes from the public form to a quote, online payment (test gateway), purchase and arrival', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const customer = await newCustomer(request, 'Shoppa');

  // The public form, on a phone, with the customer's e-mail.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/assisted-purchase?api_key=${API_KEY}`);
  await page.getByLabel('Full name').fill('Shoppa Forwarder');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Item URL').fill('https://shop.example.com/blender');
  await page.getByLabel('Item description').fill('Blender, 600 W, red');
  await page.getByLabel('Estimated price (USD)').fill('45.00');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const list = (await (
    await request.get('/api/customer/shop-requests', { headers: { authorization: `Bearer ${customer.token}` } })
  ).json()) as {
    data: Array<{ id: number; requestNo: string }>;
  };
  const shop = list.data[0];
  if (!shop) throw new Error('the public form made no request');
  await waitForMail(customer.email, new RegExp(`Shop For Me request ${shop.requestNo} received`));

  // The courier admin quotes it: the fee (10%, minimum USD 5) and the total show before sending.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  adminPage.on('pageerror', (e) => errors.push(e.message));
  await pageAs(adminPage, await tokenFor(request, 'courier_admin'));
  await adminPage.goto('/admin/shop-requests');
  await adminPage.getByRole('button', { name: `Open ${shop.requestNo}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: new RegExp(shop.requestNo) });
  await dialog.getByLabel('Unit price (USD)').fill('42.50');
  await dialog.getByLabel('US sales tax (USD)').fill('2.98');
  await dialog.getByLabel('US shipping (USD)').fill('6.00');
  // 42.50 + 2.98 + 6.00 + fee max(4.25, 5.00) = 56.48
  await expect(dialog.getByTestId('quote-preview')).toContainText('service fee USD 5.00');
  await expect(dialog.getByTestId('quote-preview')).toContainText('USD 56.48');
  await adminPage.screenshot({ path: `${SHOTS}/shop-quote-desktop.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Send quote' }).click();
  await expect(dialog.getByTestId('shop-stage')).toHaveText('Quoted');
  await waitForMail(customer.email, new RegExp(`Your Shop For Me quote ${shop.requestNo}: USD 56.48`));

  // The customer accepts on the phone and pays the invoice online through the test gateway.
  await pageAs(page, customer.token);
  await page.goto(`/customer/shop-requests/${shop.id}`);
  await expect(page.getByTestId('shop-quote-total')).toHaveText('USD 56.48');
  await page.screenshot({ path: `${SHOTS}/shop-quoted-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Accept quote' }).click();
  await expect(page.getByTestId('shop-stage')).toHaveText('Awaiting payment');
  await page.getByRole('link', { name: /Pay invoice INV-/ }).click();
  await page.getByRole('button', { name: /Pay now JMD/ }).click();
  await expect(page).toHaveURL(/\/api\/dev\/gateway\/checkout\//);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await page.goto(`/customer/shop-requests/${shop.id}`);
  await expect(page.getByTestId('shop-stage')).toHaveText('Paid');

  // Staff record the purchase: the order's tracking number becomes an expected package.
  const tracking = `1ZSFM${Date.now().toString().slice(-9)}`;
  await adminPage.reload();
  await adminPage.getByRole('button', { name: `Open ${shop.requestNo}` }).click();
  await dialog.getByLabel('Merchant', { exact: true }).fill('Shop Example');
  await dialog.getByLabel('Merchant order number').fill('112-7788');
  await dialog.getByLabel('Tracking number').fill(tracking);
  await dialog.getByLabel('Carrier').selectOption('UPS');
  await dialog.getByRole('button', { name: 'Record purchase' }).click();
  await expect(dialog.getByTestId('shop-stage')).toHaveText('Purchased');
  await waitForMail(customer.email, new RegExp(`Shop For Me ${shop.requestNo}: Purchased`));

  // The warehouse receives it: matched to the customer by the tracking number.
  const arrived = await request.post('/api/packages', {
    headers: { authorization: `Bearer ${await tokenFor(request, 'staff')}` },
    data: { trackingNumber: tracking, weightLb: 4 },
  });
  expect(arrived.ok(), await arrived.text()).toBe(true);
  const pkg = (await arrived.json()) as { packageNumber: string; status: string };
  expect(pkg.status).toBe('received');
  await page.reload();
  await expect(page.getByTestId('shop-stage')).toHaveText('Arrived');
  await expect(page.getByTestId('shop-order')).toContainText(`arrived as ${pkg.packageNumber}`);
  await page.screenshot({ path: `${SHOTS}/shop-arrived-phone.png`, fullPage: true });
  await admin.close();
  expect(errors).toEqual([]);
});
