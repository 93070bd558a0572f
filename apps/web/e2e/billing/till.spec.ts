import type { APIRequestContext, Page } from '@playwright/test';
import { openInvoiceOfDemoCustomer } from '../support/invoices';
import { expect, test } from '../support/test';
import { tokenFor } from '../support/auth';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/till-shots';

const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}JMD ${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface CashUp {
  expectedCashCents: number;
  expectedCardCents: number;
  expectedBankTransferCents: number;
  recorded: unknown;
}

async function get<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

async function signIn(page: Page, token: string) {
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
}

test('the front desk: the admin takes cash with no branch of her own, a clerk refunds part of it as a credit note, the cash-up balances to the cent', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const customerToken = await tokenFor(request, 'customer');
  const adminToken = await tokenFor(request, 'courier_admin');
  const staffToken = await tokenFor(request, 'staff');
  const open = await openInvoiceOfDemoCustomer(request, customerToken);
  const branches = await get<Array<{ id: number; name: string }>>(request, adminToken, '/api/branches/options');
  const mayPen = branches.find((b) => b.name === 'May Pen');
  if (!mayPen) throw new Error('no May Pen branch');
  const before = await get<{ timeZone: string }>(request, adminToken, `/api/invoices/${open.invoiceNo}`);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: before.timeZone }).format(new Date());
  const cashUpUrl = `/api/payments/cash-up?branchId=${mayPen.id}&date=${today}`;
  const dayBefore = await get<CashUp>(request, adminToken, cashUpUrl);
  const takeCents = Math.min(1000_00, open.balanceCents);

  // The courier admin has no branch: the payment dialog asks for the till, and says so when it is left out.
  const admin = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const adminPage = await admin.newPage();
  await signIn(adminPage, adminToken);
  await adminPage.goto(`/admin/invoices?invoice=${open.invoiceNo}`);
  const invoice = adminPage.getByRole('dialog', { name: `Invoice ${open.invoiceNo}` });
  await invoice.getByRole('button', { name: 'Record payment' }).click();
  const pay = adminPage.getByRole('dialog', { name: 'Record payment' });
  const till = pay.getByLabel('Branch (till)');
  await expect(till).toHaveValue('');
  await pay.getByLabel(new RegExp(`^${open.invoiceNo} · balance`)).fill((takeCents / 100).toFixed(2));
  await pay.getByLabel('Amount tendered (JMD, optional)').fill('1000.00');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay.getByText('Choose the branch whose till takes this payment')).toBeVisible();
  await till.selectOption({ label: 'May Pen' });
  await shot(adminPage, { path: `${SHOTS}/till-payment-dialog-1366.png`, fullPage: true });
  await pay.getByRole('button', { name: 'Record payment' }).click();
  const toast = adminPage.locator('[data-sonner-toast]').filter({ hasText: /Payment recorded: receipt RCT-\d{6}/ });
  await expect(toast.first()).toBeVisible();
  const receiptNo = /RCT-\d{6}/.exec((await toast.first().textContent()) ?? '')?.[0] ?? '';
  await expect(pay).toBeHidden();
  // The next payment remembers her till.
  await invoice.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay.getByLabel('Branch (till)')).toHaveValue(String(mayPen.id));
  await pay.getByRole('button', { name: 'Cancel' }).click();
  const afterPayment = await get<{ status: string; balanceCents: number }>(request, adminToken, `/api/invoices/${open.invoiceNo}`);

  // A clerk at May Pen refunds part of it over her own till: a credit note, the balance unchanged.
  const clerk = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const clerkPage = await clerk.newPage();
  await signIn(clerkPage, staffToken);
  await clerkPage.goto(`/staff/invoices?invoice=${open.invoiceNo}`);
  const panel = clerkPage.getByRole('dialog', { name: `Invoice ${open.invoiceNo}` });
  await panel.getByRole('button', { name: 'Refund a payment' }).click();
  const refund = clerkPage.getByRole('dialog', { name: 'Refund a payment' });
  await refund.getByLabel('Payment').selectOption({ value: receiptNo });
  // The clerk has a branch: she is not asked for one.
  await expect(refund.getByLabel('Branch handing the cash back')).toHaveCount(0);
  await refund.getByLabel('Amount to refund (JMD)').fill('250.55');
  await refund.getByLabel('Reason').fill('Charged for a box that went back to the shipper');
  await shot(clerkPage, { path: `${SHOTS}/till-refund-dialog-375.png`, fullPage: true });
  await refund.getByRole('button', { name: 'Refund' }).click();
  const refunded = clerkPage.locator('[data-sonner-toast]').filter({ hasText: /Refund recorded: credit note CN-\d{6}/ });
  await expect(refunded.first()).toBeVisible();
  const creditNoteNo = /CN-\d{6}/.exec((await refunded.first().textContent()) ?? '')?.[0] ?? '';
  await expect(panel.getByText(`Credit note ${creditNoteNo}`)).toBeVisible();
  await expect(panel.getByTestId('invoice-balance')).toHaveText(money(afterPayment.balanceCents));
  const afterRefund = await get<{ status: string; balanceCents: number; creditedCents: number }>(
    request,
    adminToken,
    `/api/invoices/${open.invoiceNo}`,
  );
  expect(afterRefund).toMatchObject({ status: afterPayment.status, balanceCents: afterPayment.balanceCents });
  await shot(clerkPage, { path: `${SHOTS}/till-invoice-credit-note-375.png`, fullPage: true });

  // The customer's payment history explains the difference.
  const customer = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const customerPage = await customer.newPage();
  await signIn(customerPage, customerToken);
  await customerPage.goto('/customer/payments');
  await expect(customerPage.getByText(`refunded JMD 250.55 (${creditNoteNo})`)).toBeVisible();
  await shot(customerPage, { path: `${SHOTS}/till-customer-payments-375.png`, fullPage: true });

  // The cash-up of May Pen: the payment in, the refund out, and the count balances to the cent.
  const day = await get<CashUp>(request, adminToken, cashUpUrl);
  expect(day.expectedCashCents - dayBefore.expectedCashCents).toBe(takeCents - 250_55);
  await adminPage.goto('/admin/payments');
  await adminPage.getByLabel('Branch', { exact: true }).selectOption({ label: 'May Pen' });
  await expect(adminPage.getByTestId('cash-up-refunds')).toContainText('JMD 250.55');
  const count = adminPage.getByRole('form', { name: 'Record the cash-up' });
  await count.getByLabel('Opening float (JMD)').fill('5000.00');
  await count.getByLabel('Cash counted, with the float (JMD)').fill(((5000_00 + day.expectedCashCents) / 100).toFixed(2));
  await count.getByLabel('Card batch total (JMD)').fill((day.expectedCardCents / 100).toFixed(2));
  await expect(count.getByTestId('cash-up-difference')).toHaveText('JMD 0.00');
  await count.getByRole('button', { name: 'Record cash-up' }).click();
  await expect(adminPage.getByTestId('cash-up-entries')).toContainText('difference JMD 0.00');
  await shot(adminPage, { path: `${SHOTS}/till-cash-up-1366.png`, fullPage: true });
  await admin.close();
  await clerk.close();
  await customer.close();
});
