import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { tokenFor } from '../support/auth';
import { signOnPad } from '../support/signature';
import { shot } from '../support/screenshots';

const BILLING_ALREADY_COLLECTED = 'The packages of this invoice have already been collected';
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/billing-shots';

async function useToken(page: Page, token: string) {
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
}

async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

interface InvoiceRow {
  invoiceNo: string;
  status: string;
  balanceCents: number;
}

/** An open invoice of the demo customer: the demo data invoices its ready packages. */
async function openInvoice(request: APIRequestContext, customerToken: string): Promise<InvoiceRow> {
  const res = await request.get('/api/invoices?limit=50', { headers: { authorization: `Bearer ${customerToken}` } });
  expect(res.ok()).toBe(true);
  const { data } = (await res.json()) as { data: InvoiceRow[] };
  const open = data.find((i) => i.status === 'unpaid');
  if (!open) throw new Error('the demo data has no unpaid invoice for the demo customer');
  return open;
}

test.describe('billing', () => {
  test('staff take a partial and a final payment, the customer signs, the invoice shows paid', async ({ page, request, browser }) => {
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const customerToken = await tokenFor(request, 'customer');
    const invoice = await openInvoice(request, customerToken);
    const staffToken = await tokenFor(request, 'staff');
    await useToken(page, staffToken);

    // Staff: find the invoice and take a first, partial payment in cash.
    await page.goto(`/staff/invoices?invoice=${invoice.invoiceNo}`);
    const dialog = page.getByRole('dialog', { name: `Invoice ${invoice.invoiceNo}` });
    await expect(dialog.getByTestId('invoice-balance')).toHaveText(
      `JMD ${(invoice.balanceCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    await shot(page, { path: `${SHOTS}/staff-invoice-desktop.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    const pay = page.getByRole('dialog', { name: 'Record payment' });
    const field = pay.getByLabel(new RegExp(`^${invoice.invoiceNo} · balance`));
    // More than the balance is refused before it is sent.
    await field.fill(((invoice.balanceCents + 100) / 100).toFixed(2));
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expect(pay.getByRole('alert').first()).toContainText(`The payment is more than the balance of ${invoice.invoiceNo}`);
    await field.fill('1000.00');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(page, /Payment recorded: receipt RCT-\d{6}/);
    await expect(dialog.getByTestId('invoice-status')).toHaveText('Partially Paid');
    await expect(dialog.getByTestId('invoice-balance')).toHaveText(
      `JMD ${((invoice.balanceCents - 100_000) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );

    // The final payment, by bank transfer with its reference.
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await pay.getByLabel('Method').selectOption('bank_transfer');
    await pay.getByRole('button', { name: 'Pay full balance' }).first().click();
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expect(pay.getByText('Please enter the bank transfer reference')).toBeVisible();
    await pay.getByLabel('Reference').fill('NCB-20260131-7781');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expectToast(page, /Payment recorded/);
    await expect(dialog.getByTestId('invoice-status')).toHaveText('Paid');
    await expect(dialog.getByTestId('invoice-balance')).toHaveText('JMD 0.00');

    // The customer signs on the staff signature screen; the packages turn delivered.
    await page.goto('/staff/sign-signature');
    await page.getByRole('button', { name: new RegExp(invoice.invoiceNo) }).click();
    await expect(page.getByTestId('sign-balance')).toHaveText('JMD 0.00');
    await shot(page, { path: `${SHOTS}/sign-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, { path: `${SHOTS}/sign-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Sign to confirm collection' }).click();
    await expect(page.getByText("Please enter the collector's name")).toBeVisible();
    await page.getByLabel("Collector's name").fill('Kimberly Williams');
    await signOnPad(page);
    await page.getByRole('button', { name: 'Confirm collection', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Collection recorded: the packages are delivered' })).toBeVisible();
    await shot(page, { path: `${SHOTS}/sign-done.png`, fullPage: true });

    // The customer sees the invoice paid, its packages delivered, and opens its PDF.
    const customer = await browser.newContext();
    const customerPage = await customer.newPage();
    await useToken(customerPage, customerToken);
    await customerPage.goto(`/customer/invoices/${invoice.invoiceNo}`);
    await expect(customerPage.getByTestId('invoice-status')).toHaveText('Paid');
    await expect(customerPage.getByText(/Delivered/).first()).toBeVisible();
    await expect(customerPage.getByText('Collected by Kimberly Williams', { exact: false })).toBeVisible();
    await expect(customerPage.getByText('Account number: 354-123-456')).toBeVisible();
    await shot(customerPage, { path: `${SHOTS}/customer-invoice-desktop.png`, fullPage: true });
    await customerPage.setViewportSize({ width: 375, height: 800 });
    await shot(customerPage, { path: `${SHOTS}/customer-invoice-375.png`, fullPage: true });
    await customerPage.setViewportSize({ width: 1280, height: 800 });
    await expectNoSeriousA11yViolations(customerPage);
    // The new tab is sent to the PDF's bytes: a browser with a PDF viewer shows them there, the
    // headless shell (no viewer) downloads them from it.
    const downloaded: string[] = [];
    customer.on('page', (opened) => opened.on('download', (d) => downloaded.push(d.url())));
    const pdfResponse = customerPage.waitForResponse((r) => r.url().includes(`/api/invoices/${invoice.invoiceNo}/pdf`));
    const popup = customerPage.waitForEvent('popup');
    await customerPage.getByRole('button', { name: 'Download PDF' }).click();
    const res = await pdfResponse;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    // The bytes the tab shows are the same the API serves: a real PDF.
    const pdf = await request.get(`/api/invoices/${invoice.invoiceNo}/pdf`, { headers: { authorization: `Bearer ${customerToken}` } });
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const tab = await popup;
    await expect.poll(() => (tab.url().startsWith('blob:') ? tab.url() : (downloaded[0] ?? tab.url()))).toMatch(/^blob:/);
    await customer.close();
    expect(errors).toEqual([]);
  });

  test("a report's CSV matches the figures on screen", async ({ page, request }) => {
    const adminToken = await tokenFor(request, 'courier_admin');
    await useToken(page, adminToken);
    await page.goto('/admin/reports');
    // The figures under the chart are folded behind "Show table".
    await page.getByRole('button', { name: 'Show table' }).click();
    const table = page.getByTestId('revenue-table');
    await expect(table).toBeVisible();
    await shot(page, { path: `${SHOTS}/reports-desktop.png`, fullPage: true });
    const screenRows = await table.locator('tbody tr').evaluateAll((rows) =>
      rows.map((r) =>
        // The screen says a period as "Nov 24, 2026" over its ISO day (<time datetime>), the CSV's form.
        Array.from(r.querySelectorAll('td')).map(
          (td) => td.querySelector('time')?.getAttribute('datetime') ?? (td.textContent ?? '').replaceAll(',', ''),
        ),
      ),
    );
    expect(screenRows.length).toBeGreaterThan(0);
    const firstPeriod = await table.locator('tbody tr td time').first().textContent();
    expect(firstPeriod).toMatch(/^[A-Z][a-z]{2}\s\d{1,2},\s\d{4}$/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Revenue invoiced and collected as CSV' }).click();
    const file = await (await download).path();
    const csv = (await readFile(file, 'utf8')).trim().split('\r\n');
    expect(csv[0]).toBe('Period,Invoiced (JMD),Collected (JMD)');
    expect(csv.slice(1).map((line) => line.split(','))).toEqual(screenRows);
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, { path: `${SHOTS}/reports-375.png`, fullPage: true });
  });

  test('the customer reads the rate sheet and estimates with the courier rates', async ({ page, request }) => {
    const customerToken = await tokenFor(request, 'customer');
    await useToken(page, customerToken);
    await page.goto('/customer/rate-sheet');
    await expect(page.getByRole('heading', { name: 'Rate Sheet', level: 1 })).toBeVisible();
    await expect(page.getByRole('row', { name: /^1 lb JMD 650\.00$/ })).toBeVisible();
    await expect(page.getByText('GCT (on freight only)')).toBeVisible();
    await shot(page, { path: `${SHOTS}/rate-sheet-desktop.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.goto('/customer/customs-calculator');
    await page.getByLabel('Weight (lbs)').fill('2.3');
    await page.getByLabel('Item value (USD)').fill('150');
    // 3 lb 1450.00 + processing 300.00 (demo fee 0.1-5 lb) + GCT 15% 217.50 + customs on CIF 23,950.00
    // (duty 4,790.00 + SCF 71.85 + levy 119.75 + GCT on import 4,339.74 + CAF 2,500.00 + stamp 100.00 = 11,921.34)
    await expect(page.getByText('Estimated total').locator('..')).toContainText('JMD 13,888.84');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, { path: `${SHOTS}/calculator-375.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.goto('/customer/payments');
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    await page.goto('/customer/invoices');
    await expect(page.getByRole('link', { name: /^INV-\d{6}$/ }).first()).toBeVisible();
    await shot(page, { path: `${SHOTS}/customer-invoices-375.png`, fullPage: true });
  });

  test('the super admin sees invoices, payments and reports across couriers; admins reach both signature paths', async ({
    page,
    request,
  }) => {
    const superToken = await tokenFor(request, 'super_admin');
    await useToken(page, superToken);
    await page.goto('/superadmin/invoices');
    const row = page.getByRole('row', { name: /INV-000001/ });
    await expect(row).toContainText('Jamaica Express Post');
    await row.getByRole('button', { name: 'View' }).click();
    await expect(page.getByRole('dialog', { name: 'Invoice INV-000001' }).getByTestId('invoice-status')).toBeVisible();
    await shot(page, { path: `${SHOTS}/superadmin-invoice.png`, fullPage: true });
    await page.goto('/superadmin/payments');
    await expect(page.getByRole('row', { name: /RCT-000001/ })).toContainText('Jamaica Express Post');
    await page.goto('/superadmin/reports');
    await expect(page.getByTestId('total-invoiced')).not.toHaveText('JMD 0.00');

    const adminPage = await page.context().browser()?.newPage();
    if (!adminPage) throw new Error('no browser');
    await useToken(adminPage, await tokenFor(request, 'courier_admin'));
    await adminPage.goto('/courier/admin/sign-signature/INV-000001');
    await expect(adminPage.getByRole('heading', { name: 'Signature', level: 1 })).toBeVisible();
    await expect(adminPage.getByText(BILLING_ALREADY_COLLECTED)).toBeVisible();
    await adminPage.goto('/admin/sign-signature');
    await expect(adminPage.getByRole('heading', { name: 'Find the invoice' })).toBeVisible();
    await adminPage.close();
  });
});
