import type { APIRequestContext, Page } from '@playwright/test';
import { openInvoiceOfDemoCustomer } from '../support/invoices';
import { pdfText } from '../support/pdf';
import { expect, test } from '../support/test';
import { tokenFor } from '../support/auth';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/front-desk-shots';

const money = (cents: number) => `JMD ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface Detail {
  invoiceNo: string;
  status: string;
  totalCents: number;
  balanceCents: number;
  packages: Array<{ id: number; packageNumber: string; computedDutyCents: number }>;
  lines: Array<{ kind: string; packageId: number | null; amountCents: number }>;
}

async function invoiceDetail(request: APIRequestContext, token: string, invoiceNo: string): Promise<Detail> {
  const res = await request.get(`/api/invoices/${invoiceNo}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Detail;
}

async function expectToast(page: Page, text: string | RegExp) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
  await expect(toast).toBeVisible();
  return (await toast.textContent()) ?? '';
}

test('front desk: a customs assessment replaces the duty line, a partial cash payment gives change, its receipt says the balance after, the audit log shows both', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const customerToken = await tokenFor(request, 'customer');
  const open = await openInvoiceOfDemoCustomer(request, customerToken);
  const adminToken = await tokenFor(request, 'courier_admin');
  const before = await invoiceDetail(request, adminToken, open.invoiceNo);
  // The package with the largest computed duty: the assessment replaces that line.
  const pkg = [...before.packages].sort((a, b) => b.computedDutyCents - a.computedDutyCents)[0];
  if (!pkg) throw new Error('the invoice has no package');
  await page.addInitScript((t) => window.localStorage.setItem('token', t), adminToken);

  // Customs assessment: the package is chosen explicitly, and its duty line is replaced.
  await page.goto(`/admin/invoices?invoice=${open.invoiceNo}`);
  const dialog = page.getByRole('dialog', { name: `Invoice ${open.invoiceNo}` });
  await dialog.getByRole('button', { name: 'Customs assessment' }).click();
  const customs = page.getByRole('dialog', { name: 'Customs assessment' });
  await expect(customs.getByText(`Computed duty ${money(pkg.computedDutyCents)}`).first()).toBeVisible();
  await customs.getByLabel('Assessed duty (JMD)').fill('1234.50');
  if (before.packages.filter((p) => p.computedDutyCents > 0).length !== 1) {
    // None preselected: saving without a package says so.
    await customs.getByRole('button', { name: 'Save' }).click();
    await expect(customs.getByRole('alert')).toHaveText('Choose the package customs assessed');
  }
  await customs.getByRole('radio', { name: new RegExp(pkg.packageNumber) }).check();
  await shot(page, { path: `${SHOTS}/customs-dialog.png`, fullPage: true });
  await customs.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Customs assessment saved');
  const assessed = await invoiceDetail(request, adminToken, open.invoiceNo);
  const dutyLines = assessed.lines.filter((l) => l.kind === 'customs_duty' && l.packageId === pkg.id);
  expect(dutyLines.map((l) => l.amountCents)).toEqual([1234_50]);
  const computedCharged = before.lines
    .filter((l) => l.kind === 'customs_duty' && l.packageId === pkg.id)
    .reduce((s, l) => s + l.amountCents, 0);
  expect(computedCharged).toBe(pkg.computedDutyCents);
  expect(assessed.totalCents - before.totalCents).toBe(1234_50 - computedCharged);
  await expect(dialog.getByTestId('customs-history')).toContainText(`computed ${money(pkg.computedDutyCents)} → assessed JMD 1,234.50`);
  await expect(dialog.getByTestId('invoice-balance')).toHaveText(money(assessed.balanceCents));

  // A partial cash payment: 500.00 with 1,000.00 tendered, 500.00 change due.
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  const pay = page.getByRole('dialog', { name: 'Record payment' });
  // The courier admin has no branch: she names the till.
  await pay.getByLabel('Branch (till)').selectOption({ label: 'May Pen' });
  await pay.getByLabel(new RegExp(`^${open.invoiceNo} · balance`)).fill('500.00');
  await pay.getByLabel('Amount tendered (JMD, optional)').fill('1000.00');
  await expect(pay.getByTestId('change-due')).toHaveText('JMD 500.00');
  await shot(page, { path: `${SHOTS}/record-payment-change.png`, fullPage: true });
  await pay.getByRole('button', { name: 'Record payment' }).click();
  const toastText = await expectToast(page, /Payment recorded: receipt RCT-\d{6}, change due JMD 500\.00/);
  const receiptNo = /RCT-\d{6}/.exec(toastText)?.[0] ?? '';

  // Its receipt, read back: the balance after THIS payment.
  const receipt = await request.get(`/api/payments/${receiptNo}/receipt`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(receipt.headers()['content-type']).toBe('application/pdf');
  const text = await pdfText(await receipt.body());
  expect(text).toContain(`${open.invoiceNo} (balance after: ${money(assessed.balanceCents - 500_00)})`);
  expect(text).toContain('Tendered JMD 1,000.00');
  expect(text).toContain('Change given JMD 500.00');

  // The admin reads both in the audit log.
  await page.goto('/admin/audit-log');
  const table = page.getByRole('table');
  await expect(table.getByText(`Payment recorded · ${receiptNo}`)).toBeVisible();
  await expect(table.getByText(`Customs assessed · ${open.invoiceNo}`)).toBeVisible();
  await shot(page, { path: `${SHOTS}/audit-log.png`, fullPage: true });
});
