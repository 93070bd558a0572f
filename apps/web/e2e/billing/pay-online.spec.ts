import { PAYMENT_METHOD_LABELS } from '@courier/shared/constants/billing';
import { openInvoiceOfDemoCustomer } from '../support/invoices';
import { expect, test } from '../support/test';
import { tokenFor } from '../support/auth';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/billing-shots';

test('a customer pays an invoice online through the gateway simulator and sees it paid; the admin refunds it', async ({
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
  await page.getByRole('button', { name: `Pay now ${amount}` }).click();

  // The hosted checkout (the simulator speaking WiPay's protocol), then back.
  await expect(page).toHaveURL(/\/api\/dev\/gateway\/checkout\//);
  await expect(page.getByRole('heading', { name: `Pay JMD ${(invoice.balanceCents / 100).toFixed(2)}` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/pay-online-checkout-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Approve payment' }).click();

  await expect(page).toHaveURL(new RegExp(`/customer/invoices/${invoice.invoiceNo}\\?payment=processing`));
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(page.getByRole('status').filter({ hasText: `Payment received: invoice ${invoice.invoiceNo} is paid` })).toBeVisible();
  await expect(page.getByTestId('invoice-balance')).toHaveText('JMD 0.00');
  await expect(page.getByRole('button', { name: /Pay now/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/pay-online-paid-phone.png`, fullPage: true });

  // One payment, online, recorded from the gateway's notification.
  const payments = await request.get('/api/payments?limit=50', { headers: { authorization: `Bearer ${token}` } });
  const rows = ((await payments.json()) as { data: Array<{ method: string; invoiceNos: string[]; amountCents: number }> }).data.filter(
    (p) => p.invoiceNos.includes(invoice.invoiceNo) && p.method === 'online',
  );
  expect(rows).toEqual([expect.objectContaining({ method: 'online', amountCents: invoice.balanceCents })]);

  // The courier admin: no WiPay account of its own yet (the demo's test gateway took it), then a
  // refund of the whole online payment, which reopens the invoice.
  const admin = await browser.newContext();
  const adminToken = await tokenFor(request, 'courier_admin');
  await admin.addInitScript((t) => window.localStorage.setItem('token', t), adminToken);
  const adminPage = await admin.newPage();
  adminPage.on('pageerror', (e) => errors.push(e.message));
  await adminPage.goto('/admin/settings?tab=bank-details');
  await expect(adminPage.getByText('Online card payments (WiPay)')).toBeVisible();
  await expect(adminPage.getByText('Not set up')).toBeVisible();
  await expect(adminPage.getByText('this demo server uses its test gateway')).toBeVisible();
  await adminPage.screenshot({ path: `${SHOTS}/pay-online-settings-desktop.png`, fullPage: true });
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
    adminPage.locator('[data-sonner-toast]').filter({ hasText: `Refund recorded: balance of ${invoice.invoiceNo} is ${amount}` }),
  ).toBeVisible();
  await expect(panel.getByTestId('invoice-status')).toHaveText(invoice.status === 'unpaid' ? 'Unpaid' : 'Partially Paid');
  await expect(panel.getByTestId('invoice-balance')).toHaveText(amount);
  await expect(panel.getByRole('list', { name: 'Refunds' })).toContainText('Customer cancelled the order');
  await expect(panel.getByRole('list', { name: 'Refunds' })).toContainText(`−${amount}`);
  await adminPage.screenshot({ path: `${SHOTS}/pay-online-refunded-desktop.png`, fullPage: true });
  await admin.close();
  expect(errors).toEqual([]);
});
