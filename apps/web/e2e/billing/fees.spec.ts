import { expect, test } from '../support/test';
import { loginAs, tokenFor } from '../support/auth';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/fees-shots';

/** A day in the courier's zone (Jamaica), YYYY-MM-DD, `days` from today. */
function jamaicaDay(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Jamaica', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

test('an admin adds a fee and changes a rate from a future date; a customer insures a package, invoiced with its premium naming the fee', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const tag = `${Date.now()}`.slice(-8);

  // The admin adds a fee for a service request (no invoice of another journey changes), then a new rate from next week.
  await loginAs(page, request, 'courier_admin');
  await page.goto('/admin/settings?tab=fees');
  await expect(page.getByRole('heading', { name: 'Fees' })).toBeVisible();
  await expect(page.getByText(/General Consumption Tax \(JM\) 15% from Apr 1, 2020 · in force/)).toBeVisible();
  await page.getByRole('button', { name: 'Add fee' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(`Repack ${tag}`);
  await dialog.getByLabel('Applies to').selectOption('service_request');
  await dialog.getByLabel('Computed as').selectOption('fixed');
  await dialog.getByLabel('Amount (JMD)').fill('500');
  await dialog.getByRole('button', { name: 'Add fee' }).click();
  await expect(dialog).toHaveCount(0);
  const item = page.getByRole('listitem', { name: `Repack ${tag}` });
  await expect(item).toContainText('A service request · JMD 500.00');

  const nextWeek = jamaicaDay(7);
  await item.getByRole('button', { name: 'Change rate' }).click();
  await dialog.getByLabel('Amount (JMD)').fill('650');
  await dialog.getByLabel('In force from').fill(nextWeek);
  await dialog.getByRole('button', { name: 'Save new rate' }).click();
  await expect(dialog).toHaveCount(0);
  // Today's rate stays in force; the new one waits for its day.
  await expect(item).toContainText('A service request · JMD 500.00');
  await expect(item).toContainText(/From [A-Z][a-z]{2} \d{1,2}, \d{4}: JMD 650.00/);
  await item.getByText(/History \(2\)/).click();
  await shot(page, { path: `${SHOTS}/fees-tab.png`, fullPage: true });

  // A package of the demo customer, declared at US$ 300, arrives.
  const admin = { authorization: `Bearer ${await tokenFor(request, 'courier_admin')}` };
  const customerToken = await tokenFor(request, 'customer');
  const profile = await request.get('/api/customers/profile', { headers: { authorization: `Bearer ${customerToken}` } });
  const { mailboxNumber } = (await profile.json()) as { mailboxNumber: string };
  const received = await request.post('/api/packages', {
    headers: admin,
    data: { trackingNumber: `1ZINS${tag}`, weightLb: 2, mailbox: mailboxNumber, description: `Camera ${tag}` },
  });
  expect(received.ok(), await received.text()).toBe(true);
  const pkg = (await received.json()) as { id: number; packageNumber: string };
  const valued = await request.patch(`/api/packages/${pkg.id}`, {
    headers: admin,
    data: { declaredValueUsdCents: 300_00, note: 'Value from the invoice' },
  });
  expect(valued.ok(), await valued.text()).toBe(true);

  // The customer insures it from the package's page (phone width).
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const customer = await context.newPage();
  customer.on('pageerror', (e) => errors.push(e.message));
  await customer.addInitScript((t) => window.localStorage.setItem('token', t), customerToken);
  await customer.goto('/customer/packages');
  await customer.getByRole('button', { name: `Timeline of ${pkg.packageNumber}` }).click();
  const cover = customer.getByRole('region', { name: 'Insurance and storage' });
  // US$300 at the demo rate of 150 is JMD 45,000: 2% is JMD 900.00 (above the JMD 600 minimum).
  const insure = cover.getByLabel('Insure for its declared value (premium JMD 900.00)');
  await expect(cover.getByText('Rate: 2% of the declared value, at least JMD 600.00')).toBeVisible();
  // The box follows the saved choice: it ticks once the server has it.
  await insure.click();
  await expect(insure).toBeChecked();
  await shot(customer, { path: `${SHOTS}/package-insured-phone.png`, fullPage: true });

  // It is made ready: the invoice carries the premium, and the line names its fee.
  for (const status of ['in_transit', 'at_customs', 'ready_for_pickup']) {
    const moved = await request.post(`/api/packages/${pkg.id}/status`, { headers: admin, data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  const list = await request.get('/api/invoices?limit=50', { headers: { authorization: `Bearer ${customerToken}` } });
  let invoiceNo: string | null = null;
  for (const inv of ((await list.json()) as { data: Array<{ invoiceNo: string }> }).data) {
    const detail = (await (await request.get(`/api/invoices/${inv.invoiceNo}`, { headers: admin })).json()) as {
      lines: Array<{ description: string }>;
    };
    if (detail.lines.some((l) => l.description.includes(pkg.packageNumber))) {
      invoiceNo = inv.invoiceNo;
      break;
    }
  }
  expect(invoiceNo).not.toBeNull();
  await customer.goto(`/customer/invoices/${invoiceNo}`);
  const premium = customer.getByRole('row').filter({ hasText: `Insurance ${pkg.packageNumber} (USD 300.00 declared)` });
  await expect(premium).toContainText('JMD 900.00');
  await expect(premium).toContainText('Fee: Insurance');
  await expect(customer.getByRole('row').filter({ hasText: `Freight ${pkg.packageNumber}` })).toBeVisible();
  await shot(customer, { path: `${SHOTS}/invoice-premium-phone.png`, fullPage: true });

  // Once invoiced, the insurance is fixed.
  await customer.goto('/customer/packages');
  await customer.getByRole('button', { name: `Timeline of ${pkg.packageNumber}` }).click();
  await expect(customer.getByRole('region', { name: 'Insurance and storage' }).getByRole('checkbox')).toBeDisabled();
  await context.close();
  expect(errors).toEqual([]);
});
