import { PAYMENT_METHOD_LABELS } from '@courier/shared/constants/billing';
import { openInvoiceOfDemoCustomer } from '../support/invoices';
import { waitForMail } from '../support/mailbox';
import { pdfText } from '../support/pdf';
import { expect, test } from '../support/test';
import { DEMO, tokenFor } from '../support/auth';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/billing-shots';

test('the demo customer pays an invoice through test mode and sees TEST everywhere; the admin refunds it; live, Pay now is gone', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const token = await tokenFor(request, 'customer');
  const invoice = await openInvoiceOfDemoCustomer(request, token);
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  await page.setViewportSize({ width: 375, height: 800 });

  await page.goto(`/customer/invoices/${invoice.invoiceNo}`);
  await expect(page.getByTestId('invoice-status')).toHaveText(invoice.status === 'unpaid' ? 'Unpaid' : 'Partially Paid');
  const amount = `JMD ${(invoice.balanceCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  // The demo courier is in test mode: Pay now says so before the customer leaves.
  await expect(page.getByText('Test mode: no card is charged.')).toBeVisible();
  await shot(page, { path: `${SHOTS}/pay-online-test-mode-phone.png`, fullPage: true });
  await page.getByRole('button', { name: `Pay now ${amount}` }).click();

  // The hosted checkout (the test gateway speaking WiPay's protocol), then back.
  await expect(page).toHaveURL(/\/api\/dev\/gateway\/checkout\//);
  await expect(page.getByText('TEST gateway (simulator): no real card is charged.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Pay JMD ${(invoice.balanceCents / 100).toFixed(2)}` })).toBeVisible();
  await shot(page, { path: `${SHOTS}/pay-online-checkout-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Approve payment' }).click();

  await expect(page).toHaveURL(new RegExp(`/customer/invoices/${invoice.invoiceNo}\\?payment=processing`));
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(page.getByRole('status').filter({ hasText: `Payment received: invoice ${invoice.invoiceNo} is paid` })).toBeVisible();
  await expect(page.getByTestId('invoice-balance')).toHaveText('JMD 0.00');
  await expect(page.getByRole('button', { name: /Pay now/ })).toHaveCount(0);
  const onlineLine = page.getByRole('listitem').filter({ hasText: PAYMENT_METHOD_LABELS.online });
  await expect(onlineLine.getByText('TEST', { exact: true })).toBeVisible();
  await shot(page, { path: `${SHOTS}/pay-online-paid-phone.png`, fullPage: true });

  // One payment, online, recorded from the gateway's notification, marked TEST.
  const payments = await request.get('/api/payments?limit=50', { headers: { authorization: `Bearer ${token}` } });
  type Row = { receiptNo: string; method: string; invoiceNos: string[]; amountCents: number; test: boolean };
  const rows = ((await payments.json()) as { data: Row[] }).data.filter(
    (p) => p.invoiceNos.includes(invoice.invoiceNo) && p.method === 'online',
  );
  expect(rows).toEqual([expect.objectContaining({ method: 'online', amountCents: invoice.balanceCents, test: true })]);
  const receiptNo = rows[0]?.receiptNo ?? '';

  // The customer's payments, the receipt PDF and the receipt e-mail say TEST.
  await page.goto('/customer/payments');
  // A phone shows the payments as cards.
  const paymentRow = page.getByTestId('table-card').filter({ hasText: receiptNo });
  await expect(paymentRow.getByText('TEST', { exact: true })).toBeVisible();
  await shot(page, { path: `${SHOTS}/pay-online-payments-test-phone.png`, fullPage: true });
  const receipt = await request.get(`/api/payments/${receiptNo}/receipt`, { headers: { authorization: `Bearer ${token}` } });
  expect(receipt.ok()).toBe(true);
  const receiptText = await pdfText(await receipt.body());
  expect(receiptText).toContain(`TEST Receipt ${receiptNo}`);
  expect(receiptText).toContain('TEST payment made in test mode: no money was taken.');
  const mail = await waitForMail(DEMO.customer.email, new RegExp(`TEST Receipt ${receiptNo}`));
  expect(mail.raw).toContain('no money was taken');

  // The courier admin: no WiPay account of its own yet (the demo's test gateway took it), then a
  // refund of the whole online payment: a credit note, the invoice stays paid.
  const admin = await browser.newContext();
  const adminToken = await tokenFor(request, 'courier_admin');
  await admin.addInitScript((t) => window.localStorage.setItem('token', t), adminToken);
  const adminPage = await admin.newPage();
  adminPage.on('pageerror', (e) => errors.push(e.message));
  await adminPage.goto('/admin/payments');
  await expect(adminPage.getByRole('row').filter({ hasText: receiptNo }).getByText('TEST', { exact: true })).toBeVisible();
  await shot(adminPage, { path: `${SHOTS}/pay-online-admin-payments-desktop.png`, fullPage: true });
  await adminPage.goto('/admin/settings?tab=bank-details');
  await expect(adminPage.getByText('Online card payments (WiPay)')).toBeVisible();
  await expect(adminPage.getByText('Not set up')).toBeVisible();
  await expect(adminPage.getByText('Test mode is on (the platform administrator switches it)')).toBeVisible();
  await shot(adminPage, { path: `${SHOTS}/pay-online-settings-desktop.png`, fullPage: true });
  await adminPage.goto(`/admin/invoices?invoice=${invoice.invoiceNo}`);
  const panel = adminPage.getByRole('dialog', { name: `Invoice ${invoice.invoiceNo}` });
  await panel.getByRole('button', { name: 'Refund a payment' }).click();
  const refund = adminPage.getByRole('dialog', { name: 'Refund a payment' });
  // The online payment (an earlier journey may have paid part of this invoice in cash).
  const paymentSelect = refund.getByLabel('Payment');
  const onlineOption = paymentSelect.locator('option', { hasText: PAYMENT_METHOD_LABELS.online });
  await paymentSelect.selectOption((await onlineOption.first().getAttribute('value')) ?? '');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund.getByText('Enter the reason for the refund')).toBeVisible();
  await refund.getByLabel('Reason').fill('Customer cancelled the order');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(
    adminPage
      .locator('[data-sonner-toast]')
      .filter({ hasText: new RegExp(`Refund recorded: credit note CN-\\d{6} on ${invoice.invoiceNo}`) }),
  ).toBeVisible();
  await expect(panel.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(panel.getByTestId('invoice-balance')).toHaveText('JMD 0.00');
  await expect(panel.getByRole('list', { name: 'Refunds' })).toContainText('Customer cancelled the order');
  await expect(panel.getByRole('list', { name: 'Refunds' })).toContainText(`−${amount}`);
  await shot(adminPage, { path: `${SHOTS}/pay-online-refunded-desktop.png`, fullPage: true });
  await admin.close();

  // The super admin sees the demo courier in test mode and takes it live: with no WiPay account
  // of its own, its customer is no longer offered Pay now. Then back to test mode for the demo.
  const platform = await browser.newContext();
  const superToken = await tokenFor(request, 'super_admin');
  await platform.addInitScript((t) => window.localStorage.setItem('token', t), superToken);
  const superPage = await platform.newPage();
  superPage.on('pageerror', (e) => errors.push(e.message));
  await superPage.goto('/superadmin/couriers');
  const demoRow = superPage.getByRole('row').filter({ hasText: 'Jamaica Express Post' });
  await expect(demoRow.getByText('TEST', { exact: true })).toBeVisible();
  await shot(superPage, { path: `${SHOTS}/pay-online-superadmin-couriers-desktop.png`, fullPage: true });
  await demoRow.getByRole('link', { name: 'Jamaica Express Post', exact: true }).click();
  await expect(superPage.getByTestId('payment-test-mode')).toContainText('Test mode');
  await superPage.getByRole('button', { name: 'Switch test mode off' }).click();
  await superPage.getByRole('dialog').getByRole('button', { name: 'Take live' }).click();
  await expect(superPage.locator('[data-sonner-toast]').filter({ hasText: 'Test mode is off' })).toBeVisible();
  await expect(superPage.getByTestId('payment-test-mode')).toContainText('Live');
  await shot(superPage, { path: `${SHOTS}/pay-online-superadmin-live-desktop.png`, fullPage: true });
  // The refund was a credit note, so the paid invoice stays paid: an open one shows the rule.
  const unpaid = await openInvoiceOfDemoCustomer(request, token);
  await page.goto(`/customer/invoices/${unpaid.invoiceNo}`);
  await expect(page.getByTestId('invoice-balance')).toBeVisible();
  await expect(page.getByTestId('invoice-status')).not.toHaveText('Paid');
  await expect(page.getByRole('button', { name: /Pay now/ })).toHaveCount(0);
  const refused = await request.post(`/api/invoices/${unpaid.invoiceNo}/pay-online`, { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(422);
  await superPage.getByRole('button', { name: 'Switch test mode on' }).click();
  await superPage.getByRole('dialog').getByRole('button', { name: 'Switch to test mode' }).click();
  await expect(superPage.getByTestId('payment-test-mode')).toContainText('Test mode');
  await platform.close();
  expect(errors).toEqual([]);
});
