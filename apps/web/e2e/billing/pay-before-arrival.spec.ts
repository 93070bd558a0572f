import type { APIRequestContext, Browser } from '@playwright/test';
import { formatJmd } from '@courier/shared/format/money';
import { tokenFor } from '../support/auth';
import { unfoldHeaders, waitForMail } from '../support/mailbox';
import { auth, pageAs, receivePackage, registerCustomer, unique } from '../support/services';
import { pageSettled } from '../support/settled';
import { expect, test } from '../support/test';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/pay-before-arrival-shots';

async function call(request: APIRequestContext, token: string, method: 'POST' | 'PATCH', url: string, data?: unknown) {
  const res = await request.fetch(url, { method, headers: auth(token), data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

interface Invoice {
  invoiceNo: string;
  status: string;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
}

/** The parcel's invoice as the customer's API has it, once clearing customs has issued it. */
async function invoiceOf(request: APIRequestContext, token: string, packageNumber: string): Promise<Invoice> {
  const list = await request.get('/api/customer/prepayments', { headers: auth(token) });
  const row = ((await list.json()) as Array<{ packageNumber: string; prepayment: { invoiceNo: string | null } | null }>).find(
    (p) => p.packageNumber === packageNumber,
  );
  const invoiceNo = row?.prepayment?.invoiceNo;
  if (!invoiceNo) throw new Error(`${packageNumber} has no invoice`);
  return (await (await request.get(`/api/invoices/${invoiceNo}`, { headers: auth(token) })).json()) as Invoice;
}

async function adminPage(browser: Browser, token: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await pageAs(page, token);
  return { context, page };
}

test('a customer on a phone pays two parcels on a manifest before arrival; on arrival one leaves account credit, the other a balance due', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A new customer of the demo courier, which is in test mode (the PowerTranz simulator takes its cards).
  const customer = await registerCustomer(request, { firstName: 'Prepa' });
  const admin = await tokenFor(request, 'courier_admin');
  await pageAs(page, customer.token);
  await page.setViewportSize({ width: 375, height: 800 });

  // Two parcels received in Miami and put on one flight's manifest: the heavier will weigh less at
  // the branch (its payment in advance is more than its invoice), the lighter more.
  const tag = unique().slice(-6);
  const over = await receivePackage(request, admin, { mailbox: customer.mailbox, weightLb: 6, description: `Speaker ${tag}` });
  const short = await receivePackage(request, admin, { mailbox: customer.mailbox, weightLb: 1, description: `Charger ${tag}` });
  const manifest = (await call(request, admin, 'POST', '/api/manifests', { type: 'AIR' })) as { id: number; manifestNumber: string };
  await call(request, admin, 'POST', `/api/manifests/${manifest.id}/packages`, { packageIds: [over.id, short.id] });
  await call(request, admin, 'POST', `/api/manifests/${manifest.id}/close`);
  await call(request, admin, 'POST', `/api/manifests/${manifest.id}/ship`);

  // The customer saves a card (the bank's check in the simulator, password 3ds2).
  await page.goto('/customer/cards');
  const form = page.getByRole('form', { name: 'Save a card' });
  await form.getByLabel('Name on the card').fill('Prepa Forwarder');
  await form.getByLabel('Card number').fill('4012 0000 0002 0006');
  await form.getByLabel('Expiry (MM/YY)').fill('12/30');
  await form.getByLabel('Security code').fill('123');
  await form.getByRole('button', { name: 'Save card' }).click();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await expect(page.getByText('TEST card processor (PowerTranz simulator): no real card is charged.')).toBeVisible();
  await page.getByLabel(/Password/).fill('3ds2');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Return to the merchant' }).click();
  await expect(page.getByText('Visa ending 0006, expires 12/30')).toBeVisible();

  // Pay before arrival: both parcels, on the manifest, each with its estimate.
  await page.goto('/customer/pay-ahead');
  await expect(page.getByRole('heading', { name: 'Pay before arrival' })).toBeVisible();
  const rowOf = (packageNumber: string) => page.getByRole('listitem').filter({ hasText: packageNumber });
  const paid = new Map<string, { receiptNo: string; amountCents: number }>();
  for (const parcel of [over, short]) {
    const row = rowOf(parcel.packageNumber);
    await expect(row).toContainText(`on ${manifest.manifestNumber}`);
    const estimate = (await (
      await request.get(`/api/customer/packages/${parcel.id}/estimate`, { headers: auth(customer.token) })
    ).json()) as { totalCents: number };
    expect(estimate.totalCents).toBeGreaterThan(0);
    await expect(row.getByText('Estimated charges:')).toContainText(formatJmd(estimate.totalCents));
    await row.getByRole('button', { name: `Pay ${formatJmd(estimate.totalCents)} now` }).click();
    const confirm = page.getByRole('dialog', { name: 'Pay before arrival?' });
    await expect(confirm).toContainText(`for ${parcel.packageNumber} to your Visa ending 0006`);
    if (parcel === over) await shot(page, { path: `${SHOTS}/prepay-confirm-phone.png`, fullPage: true });
    await confirm.getByRole('button', { name: `Pay ${formatJmd(estimate.totalCents)}` }).click();
    // Held until the invoice, marked TEST: the courier is in test mode.
    await expect(row).toContainText(`Paid in advance: ${formatJmd(estimate.totalCents)} (receipt RCT-`);
    await expect(row).toContainText('Held until the invoice is issued.');
    const receiptNo = /\(receipt (RCT-\d+)\)/.exec((await row.textContent()) ?? '')?.[1] ?? '';
    expect(receiptNo).not.toBe('');
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: `Receipt ${receiptNo}.` })).toBeVisible();
    await expect(row.getByText('TEST', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    paid.set(parcel.packageNumber, { receiptNo, amountCents: estimate.totalCents });
  }
  await pageSettled(page);
  await shot(page, { path: `${SHOTS}/prepay-held-phone.png`, fullPage: true });
  const overPaid = paid.get(over.packageNumber);
  const shortPaid = paid.get(short.packageNumber);
  if (!overPaid || !shortPaid) throw new Error('a parcel was not paid');

  // The receipt e-mail says TEST and that the money waits for the invoice.
  const receipt = await waitForMail(customer.email, new RegExp(`Receipt ${overPaid.receiptNo}`), 60_000);
  expect(unfoldHeaders(receipt.raw)).toMatch(new RegExp(`Subject: .*TEST[ _]Receipt[ _]${overPaid.receiptNo}`));
  expect(receipt.raw.replace(/=\r?\n/g, '')).toContain('Paid in advance: held until the invoice is issued, then applied to it.');

  // The admin sees the held payment among payments, TEST, before any invoice.
  const staff = await adminPage(browser, admin);
  staff.page.on('pageerror', (e) => errors.push(e.message));
  await staff.page.goto('/admin/payments');
  await expect(staff.page.getByRole('row').filter({ hasText: overPaid.receiptNo }).getByText('TEST', { exact: true })).toBeVisible();

  // The flight arrives; at the branch one parcel weighs less, the other more; customs clears each
  // in turn and clearing issues its invoice, to which the payment in advance is applied.
  await call(request, admin, 'POST', `/api/manifests/${manifest.id}/arrive`);
  await call(request, admin, 'PATCH', `/api/packages/${over.id}`, { weightLb: 1 });
  await call(request, admin, 'PATCH', `/api/packages/${short.id}`, { weightLb: 6 });
  for (const parcel of [over, short]) {
    await call(request, admin, 'POST', `/api/packages/${parcel.id}/status`, { status: 'at_customs' });
    await call(request, admin, 'POST', `/api/manifests/${manifest.id}/ready`);
  }
  const overInvoice = await invoiceOf(request, customer.token, over.packageNumber);
  const shortInvoice = await invoiceOf(request, customer.token, short.packageNumber);
  expect(overInvoice.invoiceNo).not.toBe(shortInvoice.invoiceNo);
  const excess = overPaid.amountCents - overInvoice.totalCents;
  const due = shortInvoice.totalCents - shortPaid.amountCents;
  expect(excess).toBeGreaterThan(0);
  expect(due).toBeGreaterThan(0);
  expect(overInvoice).toMatchObject({ status: 'paid', paidCents: overInvoice.totalCents, balanceCents: 0 });
  expect(shortInvoice).toMatchObject({ status: 'partially_paid', paidCents: shortPaid.amountCents, balanceCents: due });

  // The invoice e-mail of the short one says what was paid in advance and what is still due.
  const invoiceMail = await waitForMail(customer.email, new RegExp(`invoice ${shortInvoice.invoiceNo}, ${formatJmd(due)} due`), 60_000);
  expect(invoiceMail.raw.replace(/=\r?\n/g, '')).toContain(
    `Invoice ${shortInvoice.invoiceNo}: ${formatJmd(shortInvoice.totalCents)}, of which ${formatJmd(shortPaid.amountCents)} was paid in advance: ${formatJmd(due)} due.`,
  );

  // The customer: each parcel says how its payment settled.
  await page.goto('/customer/pay-ahead');
  await expect(rowOf(over.packageNumber)).toContainText(
    `Applied ${formatJmd(overInvoice.totalCents)} to ${overInvoice.invoiceNo}; ${formatJmd(excess)} over the invoice went to your account credit.`,
  );
  await expect(rowOf(short.packageNumber)).toContainText(`Applied ${formatJmd(shortPaid.amountCents)} to ${shortInvoice.invoiceNo}.`);
  await pageSettled(page);
  await shot(page, { path: `${SHOTS}/prepay-settled-phone.png`, fullPage: true });

  // The short invoice: the payment applied, the rest due, Pay now offered for it.
  await page.goto(`/customer/invoices/${shortInvoice.invoiceNo}`);
  await expect(page.getByTestId('invoice-status')).toHaveText('Partially Paid');
  await expect(page.getByTestId('invoice-balance')).toHaveText(formatJmd(due));
  const applied = page.getByRole('listitem').filter({ hasText: shortPaid.receiptNo });
  await expect(applied).toContainText(formatJmd(shortPaid.amountCents));
  await expect(applied.getByText('TEST', { exact: true })).toBeVisible();
  await pageSettled(page);
  await shot(page, { path: `${SHOTS}/prepay-rest-due-phone.png`, fullPage: true });

  // The other invoice is paid, with only what it cost taken from the payment.
  await page.goto(`/customer/invoices/${overInvoice.invoiceNo}`);
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(page.getByTestId('invoice-balance')).toHaveText(formatJmd(0));
  await expect(page.getByRole('listitem').filter({ hasText: overPaid.receiptNo })).toContainText(formatJmd(overInvoice.totalCents));

  // The excess is account credit, with its reason.
  await page.goto('/customer/credit');
  await expect(page.getByTestId('credit-balance')).toHaveText(formatJmd(excess));
  const history = page.getByRole('list', { name: 'Account credit history' });
  await expect(history).toContainText(`Paid in advance beyond invoice ${overInvoice.invoiceNo}`);
  await expect(history).toContainText(formatJmd(excess));
  await pageSettled(page);
  await shot(page, { path: `${SHOTS}/prepay-credit-phone.png`, fullPage: true });

  // The admin: both invoices as the customer sees them, the payments applied and marked TEST.
  await staff.page.goto(`/admin/invoices?invoice=${shortInvoice.invoiceNo}`);
  const shortPanel = staff.page.getByRole('dialog', { name: `Invoice ${shortInvoice.invoiceNo}` });
  await expect(shortPanel.getByTestId('invoice-status')).toHaveText('Partially Paid');
  await expect(shortPanel.getByTestId('invoice-balance')).toHaveText(formatJmd(due));
  await expect(shortPanel.getByRole('listitem').filter({ hasText: shortPaid.receiptNo })).toContainText(formatJmd(shortPaid.amountCents));
  await pageSettled(staff.page);
  await shot(staff.page, { path: `${SHOTS}/prepay-admin-rest-due-desktop.png`, fullPage: true });
  await staff.page.goto(`/admin/invoices?invoice=${overInvoice.invoiceNo}`);
  const overPanel = staff.page.getByRole('dialog', { name: `Invoice ${overInvoice.invoiceNo}` });
  await expect(overPanel.getByTestId('invoice-status')).toHaveText('Paid');
  const overApplied = overPanel.getByRole('listitem').filter({ hasText: overPaid.receiptNo });
  await expect(overApplied).toContainText(formatJmd(overInvoice.totalCents));
  await expect(overApplied.getByText('TEST', { exact: true })).toBeVisible();
  await staff.context.close();
  expect(errors).toEqual([]);
});
