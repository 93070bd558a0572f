import { tokenFor } from '../support/auth';
import { waitForMail } from '../support/mailbox';
import { auth, billPackage, jmd, makeReady, pageAs, receivePackage, registerCustomer } from '../support/services';
import { expect, test } from '../support/test';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/forwarding-shots';

test('the forwarding services end to end: consolidation repacked and invoiced with the fee rules and insurance, paid partly with referral credit; Shop For Me from the public form to arrival', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const adminToken = await tokenFor(request, 'courier_admin');
  const staffToken = await tokenFor(request, 'staff');

  // ---- Referral credit: a friend the customer referred pays their first invoice; the customer gets JMD 500.00.
  const rewards = await request.put('/api/settings/referral-rewards', {
    headers: auth(adminToken),
    data: { referrerRewardCents: 500_00, referredRewardCents: 250_00 },
  });
  expect(rewards.ok(), await rewards.text()).toBe(true);
  const customer = await registerCustomer(request, { firstName: 'Consuela' });
  const { referralCode } = (await (await request.get('/api/account-credit', { headers: auth(customer.token) })).json()) as {
    referralCode: string;
  };
  const friend = await registerCustomer(request, { firstName: 'Fredrick', lastName: 'Friend', referralCode });
  const first = await billPackage(request, adminToken, friend.token, friend.mailbox);
  const paid = await request.post('/api/payments', {
    headers: auth(adminToken),
    data: { method: 'cash', branchId: friend.branchId, allocations: [{ invoiceNo: first.invoiceNo, amountCents: first.balanceCents }] },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  await waitForMail(customer.email, /JMD 500\.00 referral credit added/);

  // ---- Consolidation: three packages (declared USD 100, 60 and 40) wait at the warehouse.
  const tag = Date.now().toString().slice(-8);
  const received = [];
  for (const [i, [what, usd]] of (
    [
      ['Sneakers', 100_00],
      ['Phone case', 60_00],
      ['Vitamins', 40_00],
    ] as const
  ).entries()) {
    received.push(
      await receivePackage(request, staffToken, {
        trackingNumber: `1ZCON${tag}${i}`,
        weightLb: 2 + i,
        mailbox: customer.mailbox,
        description: what,
        declaredValueUsdCents: usd,
      }),
    );
  }

  // The customer, on a phone, picks the three packages and asks for a repack without retail boxes.
  await pageAs(page, customer.token);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/customer/consolidations');
  const form = page.getByRole('form', { name: 'Request a consolidation' });
  for (const p of received) await form.getByRole('checkbox', { name: new RegExp(p.packageNumber) }).check();
  await form.getByRole('radio', { name: 'Remove retail packaging' }).check();
  // The courier's consolidation fee entry prices it.
  await expect(form.getByTestId('consolidation-fee')).toHaveText(/JMD 500\.00/);
  // Each is within the USD 100 duty-free limit; one parcel of USD 200 is not: warned, and acknowledged.
  const effect = form.getByTestId('consolidation-preview');
  await expect(effect).toContainText('Separately: no customs (each under USD 100).');
  await expect(effect.getByRole('alert')).toContainText('worth USD 200.00, over the USD 100 duty-free limit');
  await form.getByRole('checkbox', { name: /I understand customs become due/ }).check();
  await shot(page, { path: `${SHOTS}/consolidation-request-phone.png`, fullPage: true });
  await form.getByRole('button', { name: 'Request consolidation' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Consolidation requested' })).toBeVisible();
  const card = page.getByTestId('consolidation-card').first();
  await expect(card.getByText('Requested')).toBeVisible();
  const requestNo = (await card.getByRole('heading').textContent()) ?? '';
  expect(requestNo).toMatch(/^CON-\d{6}$/);
  await waitForMail(customer.email, new RegExp(`Consolidation ${requestNo} requested`));

  // The clerk scans a package of the request and repacks at the station: weighs and measures the new parcel.
  const clerk = await browser.newContext();
  const clerkPage = await clerk.newPage();
  clerkPage.on('pageerror', (e) => errors.push(e.message));
  await pageAs(clerkPage, staffToken);
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
  // Headless Chromium has no PDF viewer and its renderer crashes printing a PDF frame, so the label's
  // bytes are a small page of their own here (the label PDF has API tests).
  const labelsLoaded: string[] = [];
  await clerkPage.route(/\/api\/packages\/\d+\/label$/, async (route) => {
    labelsLoaded.push(route.request().url());
    await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>label</title><p>label</p>' });
  });
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
  // The new parcel's label printed by itself, with no click.
  await expect(clerkPage.locator('#label-print-frame')).toHaveAttribute('data-printed', 'true');
  expect(labelsLoaded).toHaveLength(1);
  await shot(clerkPage, { path: `${SHOTS}/consolidation-repacked-desktop.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await waitForMail(customer.email, new RegExp(`Consolidation ${requestNo} done: your new parcel is ${parcelNumber}`));

  // The customer insures the new parcel for its declared USD 200 (JMD 30,000 at 150: 2% is the JMD 600 minimum).
  await page.goto('/customer/packages');
  await page.getByRole('button', { name: `Timeline of ${parcelNumber}` }).click();
  const insure = page
    .getByRole('region', { name: 'Insurance and storage' })
    .getByLabel('Insure for its declared value (premium JMD 600.00)');
  await insure.click();
  await expect(insure).toBeChecked();

  // The parcel travels and is billed: consolidation fee and premium, each naming the fee entry that made it.
  const mine = (await (await request.get('/api/customer/consolidations', { headers: auth(customer.token) })).json()) as {
    data: Array<{ requestNo: string; newPackage: { id: number; packageNumber: string } | null }>;
  };
  const parcelId = mine.data.find((r) => r.requestNo === requestNo)?.newPackage?.id ?? 0;
  const parcelRow = (await (await request.get(`/api/packages/${parcelId}`, { headers: auth(staffToken) })).json()) as {
    weightLb: number;
    packageNumber: string;
  };
  expect(parcelRow).toMatchObject({ packageNumber: parcelNumber, weightLb: 8.5 });
  await makeReady(request, adminToken, parcelId);
  const invoices = (await (await request.get('/api/invoices?limit=10', { headers: auth(customer.token) })).json()) as {
    data: Array<{ invoiceNo: string; balanceCents: number }>;
  };
  expect(invoices.data).toHaveLength(1);
  const invoice = invoices.data[0] ?? { invoiceNo: '', balanceCents: 0 };
  await page.goto(`/customer/invoices/${invoice.invoiceNo}`);
  const feeRow = page.getByRole('row').filter({ hasText: `Consolidation fee ${parcelNumber}` });
  await expect(feeRow).toContainText('JMD 500.00');
  await expect(feeRow).toContainText('Fee: Consolidation Fee');
  const premium = page.getByRole('row').filter({ hasText: `Insurance ${parcelNumber} (USD 200.00 declared)` });
  await expect(premium).toContainText('JMD 600.00');
  await expect(premium).toContainText('Fee: Insurance');
  await expect(page.getByRole('row').filter({ hasText: `Freight ${parcelNumber}` })).toBeVisible();
  // None of the three old packages is billed.
  for (const p of received) await expect(page.getByText(`Freight ${p.packageNumber}`)).toHaveCount(0);

  // Paid partly with the referral credit, the rest online through the test gateway (test mode).
  // Credit and coupon fold under the balance due.
  await page.getByText('Use account credit or a coupon').click();
  const credit = page.getByRole('form', { name: 'Use account credit' });
  await expect(credit.getByText(`Account credit: ${jmd(500_00)} available`)).toBeVisible();
  await shot(page, { path: `${SHOTS}/consolidation-invoice-phone.png`, fullPage: true });
  await credit.getByRole('button', { name: 'Apply' }).click();
  const rest = invoice.balanceCents - 500_00;
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: `${jmd(rest)} left to pay` })).toBeVisible();
  await expect(page.getByTestId('invoice-status')).toHaveText('Partially Paid');
  await page.getByRole('button', { name: `Pay now ${jmd(rest)}` }).click();
  await expect(page).toHaveURL(/\/api\/dev\/gateway\/checkout\//);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(page.getByTestId('invoice-balance')).toHaveText('JMD 0.00');

  // The customer's page and the public tracking of an old number follow the new parcel.
  await page.goto('/customer/consolidations');
  await expect(page.getByTestId('consolidation-new-parcel').first()).toHaveText(parcelNumber);
  await shot(page, { path: `${SHOTS}/consolidation-done-phone.png`, fullPage: true });
  await page.goto(`/track?number=${received[0]?.trackingNumber}`);
  await expect(page.getByTestId('track-consolidated')).toContainText(parcelNumber);

  // The courier sets both services' prices on the Fees tab, like every other fee.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  adminPage.on('pageerror', (e) => errors.push(e.message));
  await pageAs(adminPage, adminToken);
  await adminPage.goto('/admin/settings?tab=fees');
  await expect(adminPage.getByRole('listitem', { name: 'Consolidation Fee' })).toContainText('A service request · JMD 500.00');
  await expect(adminPage.getByRole('listitem', { name: 'Shop For Me Fee' })).toContainText('10% of the item cost, at least USD 5.00');
  // GCT applies to the Shop For Me fee from today: a new rate of its entry, the GCT rate from the dated tax entries (15%).
  const shopFee = adminPage.getByRole('listitem', { name: 'Shop For Me Fee' });
  await shopFee.getByRole('button', { name: 'Change rate' }).click();
  const feeDialog = adminPage.getByRole('dialog', { name: 'Change Shop For Me Fee' });
  await expect(feeDialog.getByLabel('At least (USD)')).toHaveValue('5');
  await feeDialog.getByLabel('GCT applies').check();
  await feeDialog.getByRole('button', { name: 'Save new rate' }).click();
  await expect(feeDialog).toHaveCount(0);
  await expect(shopFee).toContainText('10% of the item cost, at least USD 5.00 + GCT');
  await shot(adminPage, { path: `${SHOTS}/fees-tab-services-desktop.png`, fullPage: true });

  // ---- Shop For Me: the public form, on a phone, with the customer's e-mail.
  await page.goto(`/assisted-purchase?api_key=ck_demo_jamaica_express_2026`);
  await page.getByLabel('Full name').fill('Consuela Forwarder');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Item URL').fill('https://shop.example.com/blender');
  await page.getByLabel('Item description').fill('Blender, 600 W, red');
  await page.getByLabel('Estimated price (USD)').fill('45.00');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const list = (await (await request.get('/api/customer/shop-requests', { headers: auth(customer.token) })).json()) as {
    data: Array<{ id: number; requestNo: string }>;
  };
  const shop = list.data[0];
  if (!shop) throw new Error('the public form made no request');
  await waitForMail(customer.email, new RegExp(`Shop For Me request ${shop.requestNo} received`));

  // The courier admin quotes it: the fee (10%, minimum USD 5, from its fee entry), its GCT and the total show before sending.
  await adminPage.goto('/admin/shop-requests');
  await adminPage.getByRole('button', { name: `Open ${shop.requestNo}` }).click();
  const quote = adminPage.getByRole('dialog', { name: new RegExp(shop.requestNo) });
  await quote.getByLabel('Unit price (USD)').fill('42.50');
  await quote.getByLabel('US sales tax (USD)').fill('2.98');
  await quote.getByLabel('US shipping (USD)').fill('6.00');
  // 42.50 + 2.98 + 6.00 + fee max(4.25, 5.00) + GCT 15% of the fee 0.75 = 57.23
  await expect(quote.getByTestId('quote-preview')).toContainText('service fee USD 5.00 · GCT USD 0.75');
  await expect(quote.getByTestId('quote-preview')).toContainText('USD 57.23');
  await shot(adminPage, { path: `${SHOTS}/shop-quote-desktop.png`, fullPage: true });
  await quote.getByRole('button', { name: 'Send quote' }).click();
  await expect(quote.getByTestId('shop-stage')).toHaveText('Quoted');
  await waitForMail(customer.email, new RegExp(`Your Shop For Me quote ${shop.requestNo}: USD 57.23`));

  // The customer accepts on the phone and pays the invoice online through the test gateway.
  await page.goto(`/customer/shop-requests/${shop.id}`);
  await expect(page.getByTestId('shop-quote-fee-gct')).toHaveText('USD 0.75');
  await expect(page.getByTestId('shop-quote-total')).toHaveText('USD 57.23');
  await shot(page, { path: `${SHOTS}/shop-quoted-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Accept quote' }).click();
  await expect(page.getByTestId('shop-stage')).toHaveText('Awaiting payment');
  await page.getByRole('link', { name: /Pay invoice INV-/ }).click();
  // The invoice: the service fee and its GCT, each naming the fee entry (JMD at the demo rate of 150).
  const feeLine = page.getByRole('row').filter({ hasText: 'service fee (USD 5.00 at 150)' });
  await expect(feeLine).toContainText('JMD 750.00');
  await expect(feeLine).toContainText('Fee: Shop For Me Fee');
  const gctLine = page.getByRole('row').filter({ hasText: 'service fee GCT 15% (USD 0.75 at 150)' });
  await expect(gctLine).toContainText('JMD 112.50');
  await expect(gctLine).toContainText('Fee: Shop For Me Fee');
  await shot(page, { path: `${SHOTS}/shop-invoice-phone.png`, fullPage: true });
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
  await quote.getByLabel('Merchant', { exact: true }).fill('Shop Example');
  await quote.getByLabel('Merchant order number').fill('112-7788');
  await quote.getByLabel('Tracking number').fill(tracking);
  await quote.getByLabel('Carrier').selectOption('UPS');
  await quote.getByRole('button', { name: 'Record purchase' }).click();
  await expect(quote.getByTestId('shop-stage')).toHaveText('Purchased');
  await waitForMail(customer.email, new RegExp(`Shop For Me ${shop.requestNo}: Purchased`));

  // The warehouse receives it: matched to the customer by the tracking number.
  const pkg = await receivePackage(request, staffToken, { trackingNumber: tracking, weightLb: 4 });
  expect(pkg.status).toBe('received');
  await page.reload();
  await expect(page.getByTestId('shop-stage')).toHaveText('Arrived');
  await expect(page.getByTestId('shop-order')).toContainText(`arrived as ${pkg.packageNumber}`);
  await shot(page, { path: `${SHOTS}/shop-arrived-phone.png`, fullPage: true });
  await clerk.close();
  await admin.close();
  expect(errors).toEqual([]);
});
