import type { APIRequestContext } from '@playwright/test';
import { addDays, formatCalendarDay } from '@courier/shared/domain/datetime';
import { createSecondCourier, superAdminHeaders } from '../support/couriers';
import { pdfText } from '../support/pdf';
import { auth, unique } from '../support/services';
import { expect, test } from '../support/test';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/quote-to-collection-shots';
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** "JMD 4,927.50" from cents, as the one formatter writes it (negative: "JMD -500.00"). */
const jmd = (cents: number) =>
  `JMD ${cents < 0 ? '-' : ''}${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The hand calculation, from the new courier's own fee book (its starting rates: storage JMD 100 a
 * day after 14 free days) and a coupon of JMD 500. A parcel of 2.6 lb in a 14 x 10 x 8 in box,
 * worth USD 60, insured; USD 1 = JMD 150. The courier is in test mode and moves its test clock 15
 * days on after the parcel is ready: 15 days waited, 14 free, one day of storage owed. (A 16th day
 * would make it uncollected; that fee is the API tests'.)
 */
const HAND = (() => {
  const volumetricLb = 8.06; // 14 x 10 x 8 = 1,120 in³ / 139 in³ per lb
  const billableLb = 9; // the greater weight, rounded up to the pound
  const freight = 3_850_00; // the 9 lb row of the rate table
  const processing = 300_00; // 2.6 lb: the 0.1-5 lb band
  const gct = Math.round(freight * 0.15); // 15% on freight: 577.50
  const insurance = 600_00; // 2% of JMD 9,000 = 180.00, under the JMD 600.00 minimum
  const freeDays = 14;
  const clockDays = 15; // the test clock moved on after the parcel was ready
  const storageDays = clockDays - freeDays; // 1 day after the 14 free
  const storage = storageDays * 100_00; // JMD 100 a day: 100.00
  const coupon = -500_00;
  const estimate = freight + processing + gct; // before insurance: 4,727.50
  const insuredEstimate = estimate + insurance; // 5,327.50
  const beforeCoupon = insuredEstimate + storage; // 5,427.50
  const total = beforeCoupon + coupon; // 4,927.50
  const claimUsd = 40; // approved USD 40, paid as account credit at 150: JMD 6,000.00
  const itemCost = 60 * 150_00; // the quote adds the goods: USD 60 at 150 = JMD 9,000.00, no duty under USD 100
  const quoteTotal = freight + itemCost; // 12,850.00
  return {
    freeDays,
    clockDays,
    storageDays,
    itemCost,
    quoteTotal,
    volumetricLb,
    billableLb,
    freight,
    processing,
    gct,
    insurance,
    storage,
    coupon,
    estimate,
    insuredEstimate,
    beforeCoupon,
    total,
    claim: claimUsd * 150_00,
    claimUsd,
  };
})();

async function post(request: APIRequestContext, token: string | null, url: string, data: unknown) {
  const res = await request.post(url, { headers: token ? auth(token) : {}, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

test('a customer goes from a quote to collection with a coupon, storage and an approved claim; every figure matches the hand calculation', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // A courier of its own: its fee changes reach no other journey's invoices.
  const courier = await createSecondCourier(request);
  // In test mode: its test clock can move (card payments would go to the test gateway; this journey pays cash).
  const testMode = await request.patch(`/api/platform/couriers/${courier.id}/payment-test-mode`, {
    headers: await superAdminHeaders(request),
    data: { paymentTestMode: true },
  });
  expect(testMode.ok(), await testMode.text()).toBe(true);
  const admin = (await post(request, null, '/api/auth/login', { ...courier.admin })).token as string;
  const branchId = ((await (await request.get('/api/branches', { headers: auth(admin) })).json()).data[0] as { id: number }).id;
  const today = (await (await request.get('/api/settings/fees', { headers: auth(admin) })).json()).today as string;
  await post(request, admin, '/api/coupons', { code: 'WELCOME500', kind: 'fixed', amountCents: 500_00 });
  const warehouse = await (await request.get('/api/settings/warehouse', { headers: auth(admin) })).json();
  const put = await request.put('/api/settings/warehouse', {
    headers: auth(admin),
    data: { ...warehouse, volumetricAir: true, airDivisorIn3PerLb: 139 },
  });
  expect(put.ok(), await put.text()).toBe(true);

  // 1. The quote: the public calculator on the courier's site, with the box's size.
  await page.goto(`/pricing?api_key=${courier.apiKey}`);
  const form = page.getByRole('form', { name: 'Shipping and customs calculator' });
  await form.getByLabel('Weight (lbs)').fill('2.6');
  await form.getByLabel('Item cost (USD)').fill('60');
  await form.getByLabel('Length (inches)').fill('14');
  await form.getByLabel('Width (inches)').fill('10');
  await form.getByLabel('Height (inches)').fill('8');
  await form.getByRole('button', { name: 'Calculate' }).click();
  const quote = page.getByTestId('calculator-result');
  await expect(quote.getByText('Shipping', { exact: true }).locator('..')).toContainText(jmd(HAND.freight));
  await expect(quote.getByText(/^Billable weight/).locator('..')).toContainText(`${HAND.billableLb} lbs`);
  await expect(quote.getByText('Item cost', { exact: true }).locator('..')).toContainText(jmd(HAND.itemCost));
  await expect(quote.getByText(/^Customs duty/).locator('..')).toContainText(jmd(0));
  await expect(quote.getByText('Estimated total').locator('..')).toContainText(jmd(HAND.quoteTotal));
  await shot(page, { path: `${SHOTS}/1-quote.png`, fullPage: true });

  // 2. The customer signs up with this courier.
  const branches = await (await request.get(`/api/branches/public/${courier.id}`)).json();
  const email = `quote.${unique()}@example.test`;
  const registered = await post(request, null, '/api/customers/register', {
    accountType: 'individual',
    title: 'Ms.',
    firstName: 'Quinn',
    lastName: 'Quote',
    email,
    phone: '876-555-0161',
    password: 'QuoteToCollect#2026',
    trn: '321-654-987',
    address: '3 Main Street',
    parish: 'St. Ann',
    city: 'Ocho Rios',
    branchId: branches.data[0].id,
    api_key: courier.apiKey,
  });
  const customer = registered.token as string;
  const mailbox = registered.customer.mailboxNumber as string;

  // 3. The warehouse receives the box.
  const pkg = await post(request, admin, '/api/packages', {
    trackingNumber: `1ZQTC${unique().slice(-10)}`,
    weightLb: 2.6,
    lengthIn: 14,
    widthIn: 10,
    heightIn: 8,
    mailbox,
    description: 'Ceramic vase',
    declaredValueUsdCents: 60_00,
  });

  // 4. On a phone, the customer sees the billable weight and the estimate, and insures the parcel.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript((t) => window.localStorage.setItem('token', t), customer);
  await page.goto(`/customer/packages?package=${pkg.id}&api_key=${courier.apiKey}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('billable-weight')).toHaveText(
    `${HAND.billableLb} lb (volumetric ${HAND.volumetricLb} lb, over the actual 2.60 lb)`,
  );
  await expect(dialog.getByTestId('estimated-total')).toHaveText(jmd(HAND.estimate));
  // The box follows the server's answer: it is ticked once the insurance is saved.
  await dialog.getByLabel(/^Insure for its declared value/).click();
  await expect(dialog.getByLabel(/^Insure for its declared value/)).toBeChecked();
  await expect(dialog.getByTestId('estimated-total')).toHaveText(jmd(HAND.insuredEstimate));
  const estimate = dialog
    .getByRole('region', { name: 'Estimated charges' })
    .or(dialog.locator('section', { hasText: 'Estimated charges' }));
  for (const cents of [HAND.freight, HAND.processing, HAND.gct, HAND.insurance]) await expect(estimate.first()).toContainText(jmd(cents));
  await shot(page, { path: `${SHOTS}/2-estimate-375.png`, fullPage: true });

  // 5. Ready at the branch: the invoice is issued, with no storage while the free days run.
  for (const status of ['in_transit', 'at_customs', 'ready_for_pickup'])
    await post(request, admin, `/api/packages/${pkg.id}/status`, { status });
  // The storage countdown from the day it is ready: free days first, then the daily fee.
  await page.reload();
  await expect(page.getByRole('dialog').getByRole('status').filter({ hasText: 'Storage:' })).toHaveText(
    `Storage: free until ${formatCalendarDay(addDays(today, HAND.freeDays), 'short')}, then JMD 100 a day`,
  );
  const listed = (await (await request.get('/api/invoices?limit=10', { headers: auth(customer) })).json()).data as Array<{
    invoiceNo: string;
  }>;
  const invoiceNo = listed[0]?.invoiceNo;
  if (!invoiceNo) throw new Error('no invoice was issued');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/customer/invoices/${invoiceNo}?api_key=${courier.apiKey}`);
  const main = page.getByRole('main');
  // Ready today: no storage yet.
  await expect(main).toContainText(`Total${jmd(HAND.insuredEstimate)}`);
  await expect(main).not.toContainText('Storage');

  // 5b. The parcel waits: the courier's admin moves its test clock 15 days on from Settings (TEST).
  await page.addInitScript((t) => window.localStorage.setItem('token', t), admin);
  await page.goto('/admin/settings?tab=company');
  const clockCard = page.getByTestId('test-clock');
  await expect(page.getByTestId('test-clock-today')).toContainText(`TEST: your clock says ${formatCalendarDay(today)}, real time`);
  await page.getByLabel('Days to move ahead').fill(String(HAND.clockDays));
  await page.getByRole('button', { name: 'Move the clock ahead' }).click();
  await expect(
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: `Test clock moved ${HAND.clockDays} days ahead` })
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('test-clock-today')).toContainText(
    `TEST: your clock says ${formatCalendarDay(addDays(today, HAND.clockDays))}, ${HAND.clockDays} days ahead of real time`,
  );
  await expect(clockCard.getByText('TEST', { exact: true }).first()).toBeVisible();
  await clockCard.scrollIntoViewIfNeeded();
  await shot(page, { path: `${SHOTS}/2b-test-clock.png` });

  // Back as the customer: the countdown has run out, and the open invoice carries the day owed.
  await page.addInitScript((t) => window.localStorage.setItem('token', t), customer);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/customer/packages?package=${pkg.id}&api_key=${courier.apiKey}`);
  await expect(page.getByRole('dialog').getByRole('status').filter({ hasText: 'Storage:' })).toHaveText(
    `Storage: free until ${formatCalendarDay(addDays(today, HAND.freeDays), 'short')}, then JMD 100 a day`,
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/customer/invoices/${invoiceNo}?api_key=${courier.apiKey}`);
  await expect(main).toContainText(`Storage ${pkg.packageNumber} (${HAND.storageDays} day after ${HAND.freeDays} free)`);
  await expect(main).toContainText(jmd(HAND.storage));
  await expect(main).toContainText(`Total${jmd(HAND.beforeCoupon)}`);

  // 6. The coupon: a discount line, never a payment.
  await page.getByText('Use a coupon', { exact: true }).click();
  await page.getByLabel('Coupon code (optional)').fill('WELCOME500');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Coupon applied' }).first()).toBeVisible();
  await expect(main).toContainText(jmd(HAND.coupon));
  await expect(main).toContainText(jmd(HAND.total));
  await shot(page, { path: `${SHOTS}/3-invoice.png`, fullPage: true });
  const detail = await (await request.get(`/api/invoices/${invoiceNo}`, { headers: auth(customer) })).json();
  const amounts = (detail.lines as Array<{ kind: string; amountCents: number }>).map((l) => [l.kind, l.amountCents]);
  expect(amounts).toEqual([
    ['freight', HAND.freight],
    ['processing_fee', HAND.processing],
    ['gct', HAND.gct],
    ['insurance', HAND.insurance],
    ['storage_fee', HAND.storage],
    ['coupon', HAND.coupon],
  ]);
  expect(detail).toMatchObject({ totalCents: HAND.total, paidCents: 0, balanceCents: HAND.total });

  // 7. The invoice PDF says the same.
  const pdf = await request.get(`/api/invoices/${invoiceNo}/pdf`, { headers: auth(customer) });
  const text = await pdfText(Buffer.from(await pdf.body()));
  for (const cents of [HAND.freight, HAND.processing, HAND.gct, HAND.insurance, HAND.storage, HAND.coupon])
    expect(text).toContain(jmd(cents));
  expect(text).toContain(`Storage ${pkg.packageNumber} (${HAND.storageDays} day after ${HAND.freeDays} free)`);
  expect(text).toContain(`Total ${jmd(HAND.total)}`);
  expect(text).toContain(`Balance due ${jmd(HAND.total)}`);
  expect(text).not.toContain('-JMD');

  // 8. Paid in cash at the counter and collected.
  await post(request, admin, '/api/payments', { method: 'cash', branchId, allocations: [{ invoiceNo, amountCents: HAND.total }] });
  await post(request, admin, `/api/collections/${invoiceNo}`, { collectorName: 'Quinn Quote', signature: PNG });

  // 9. The vase arrived broken: the customer opens a claim; the courier pays it as account credit.
  await page.goto(`/customer/packages?package=${pkg.id}&api_key=${courier.apiKey}`);
  await page.getByRole('button', { name: 'Open a claim (damaged or lost)' }).click();
  const claimForm = page.getByRole('form', { name: 'Open a claim' });
  await claimForm.getByLabel('What happened').selectOption('damaged');
  await claimForm.getByLabel('Details').fill('The vase arrived in pieces');
  await claimForm.getByRole('button', { name: 'Open claim' }).click();
  await expect(page.getByRole('dialog')).toContainText('Claim ');
  const cover = await (await request.get(`/api/customer/packages/${pkg.id}/cover`, { headers: auth(customer) })).json();
  const claimId = cover.claims[0].id as number;
  const decided = await request.put(`/api/insurance-claims/${claimId}/decision`, {
    headers: auth(admin),
    data: { outcome: 'approved', approvedAmount: HAND.claimUsd, reason: 'Broken in transit', payout: 'account_credit' },
  });
  expect(decided.ok(), await decided.text()).toBe(true);
  await page.reload();
  await expect(page.getByRole('dialog')).toContainText(`Paid: ${jmd(HAND.claim)} by account credit`);
  await page.goto(`/customer/credit?api_key=${courier.apiKey}`);
  await expect(page.getByRole('main')).toContainText(jmd(HAND.claim));
  await shot(page, { path: `${SHOTS}/4-credit.png`, fullPage: true });

  // 10. The reports count money only: the cash taken, not the coupon nor the claim's credit.
  await page.addInitScript((t) => window.localStorage.setItem('token', t), admin);
  await page.goto('/admin/reports');
  await expect(page.getByTestId('total-invoiced')).toHaveText(jmd(HAND.total));
  await expect(page.getByTestId('total-collected')).toHaveText(jmd(HAND.total));
  await expect(page.getByTestId('total-outstanding')).toHaveText(jmd(0));
  await shot(page, { path: `${SHOTS}/5-reports.png`, fullPage: true });
});
