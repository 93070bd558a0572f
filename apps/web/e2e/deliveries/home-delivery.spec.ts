import type { Page } from '@playwright/test';
import { waitForMail } from '../support/mailbox';
import { expect, test } from '../support/test';
import { DEMO, tokenFor } from '../support/auth';
import { signOnPad } from '../support/signature';
import { shot } from '../support/screenshots';

/**
 * A home delivery on a phone. The customer asks for it (address prefilled from the
 * profile), the courier admin schedules it with a driver, dispatch is refused while the invoice is
 * unpaid, the customer pays online through the gateway simulator, and the driver completes it with
 * the recipient's name and a signature drawn on the pad. The customer's e-mails arrive, and the
 * admin reads the online payment in the audit log.
 */
const CUSTOMER = DEMO.customer;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/delivery-shots';

test.use({ viewport: { width: 375, height: 812 }, actionTimeout: 15_000 });

async function signInAs(page: Page, token: string) {
  await page.evaluate((t) => window.localStorage.setItem('token', t), token);
}

test('a home delivery is refused while unpaid, then paid and delivered with a signature on a phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now()}`.slice(-6);
  const admin = await tokenFor(request, 'courier_admin');
  const customer = await tokenFor(request, 'customer');
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const profile = await (await request.get('/api/customers/profile', { headers: as(customer) })).json();

  // A new package of the demo customer, ready for pickup and invoiced (unpaid).
  const received = await request.post('/api/packages', {
    headers: as(admin),
    data: { trackingNumber: `1ZHOME${tag}`, weightLb: 2, mailbox: profile.mailboxNumber, description: `Home delivery ${tag}` },
  });
  expect(received.ok(), await received.text()).toBe(true);
  const pkg = await received.json();
  for (const status of ['in_transit', 'at_customs', 'ready_for_pickup']) {
    const moved = await request.post(`/api/packages/${pkg.id}/status`, { headers: as(admin), data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  // Made ready, the package was invoiced automatically: its invoice is among the newest.
  const newest = await (await request.get('/api/invoices?limit=10', { headers: as(admin) })).json();
  let invoiceNo: string | undefined;
  for (const row of newest.data as Array<{ invoiceNo: string }>) {
    const detail = await (await request.get(`/api/invoices/${row.invoiceNo}`, { headers: as(admin) })).json();
    if (detail.packages.some((p: { id: number }) => p.id === pkg.id)) invoiceNo = row.invoiceNo;
  }
  expect(invoiceNo).toMatch(/^INV-\d{6}$/);

  // The customer asks for home delivery on the phone; the street address comes from the profile.
  await page.goto('/');
  await signInAs(page, customer);
  await page.goto('/customer/delivery-requests');
  await page.getByRole('button', { name: 'Request delivery' }).click();
  const ask = page.getByRole('dialog', { name: 'Request delivery' });
  await ask.getByLabel(new RegExp(pkg.packageNumber)).check();
  const street = ask.getByLabel('Street address');
  await expect(street).toHaveValue(new RegExp(profile.address));
  await street.fill(`${profile.address}, gate ${tag}`);
  await ask.getByLabel('Phone').fill('876-555-0123');
  await shot(page, { path: `${SHOTS}/request-375.png`, fullPage: true });
  await ask.getByRole('button', { name: 'Request delivery' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Delivery requested' }).first()).toBeVisible();

  // The courier admin schedules it with a driver.
  await signInAs(page, admin);
  await page.goto('/admin/delivery-requests');
  await page.getByPlaceholder('Mailbox, name, address or phone').fill(`gate ${tag}`);
  await page.getByRole('button', { name: 'Schedule', exact: true }).first().click();
  const schedule = page.getByRole('dialog', { name: 'Schedule delivery' });
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule.getByText('Please choose the driver')).toBeVisible();
  await schedule.getByLabel('Driver').selectOption({ index: 1 });
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule).toBeHidden();
  await waitForMail(CUSTOMER.email, /Delivery scheduled for/);

  // Dispatch is refused while the invoice is unpaid; the admin does not override.
  await page.getByRole('button', { name: 'Dispatch', exact: true }).first().click();
  const refused = page.getByRole('dialog', { name: 'Not paid yet' });
  await expect(refused).toContainText(`cannot be released: invoice ${invoiceNo} has JMD`);
  await shot(page, { path: `${SHOTS}/dispatch-refused-375.png`, fullPage: true });
  await refused.getByRole('button', { name: 'Cancel' }).click();
  const stillReady = await (await request.get(`/api/packages/${pkg.id}`, { headers: as(admin) })).json();
  expect(stillReady.status).toBe('ready_for_pickup');

  // The customer pays online on the phone, through the gateway simulator (WiPay's protocol); the
  // payment is recorded from the gateway's verified notification, not from the redirect.
  const invoice = await (await request.get(`/api/invoices/${invoiceNo}`, { headers: as(admin) })).json();
  await signInAs(page, customer);
  await page.goto(`/customer/invoices/${invoiceNo}`);
  const due = `JMD ${(invoice.balanceCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await page.getByRole('button', { name: `Pay now ${due}` }).click();
  await expect(page).toHaveURL(/\/api\/dev\/gateway\/checkout\//);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/invoices/${invoiceNo}\\?payment=`));
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await waitForMail(CUSTOMER.email, new RegExp(`Receipt RCT-\\d+: ${due.replace(/[.,]/g, '\\$&')} received`));

  // Back to the admin's delivery requests.
  await signInAs(page, admin);
  await page.goto('/admin/delivery-requests');
  await page.getByPlaceholder('Mailbox, name, address or phone').fill(`gate ${tag}`);

  // Now it goes out, and the driver completes it at the door with a signature.
  await page.getByRole('button', { name: 'Dispatch', exact: true }).first().click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Delivery request updated' }).first()).toBeVisible();
  await waitForMail(CUSTOMER.email, /Out for delivery today/);
  await page.getByRole('link', { name: 'Deliver', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Deliver', exact: true })).toBeVisible();
  await expect(page.getByTestId('deliver-address')).toContainText(`gate ${tag}`);
  await page.getByRole('button', { name: 'Sign to complete delivery' }).click();
  await expect(page.getByText("Please enter the recipient's name")).toBeVisible();
  await expect(page.getByText('Please ask the recipient to sign in the box')).toBeVisible();
  await page.getByLabel("Recipient's name").fill('Marcia Brown');
  // A toast over the pad would take the strokes: sign once the dispatch toast has gone.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await signOnPad(page);
  await expect(page.getByRole('button', { name: 'Complete delivery', exact: true })).toBeVisible();
  // The phone's screen only: a full-page shot resizes the viewport, and the pad may take that for
  // a turned phone and clear the signature (seen once in CI: no delivery was sent).
  await shot(page, { path: `${SHOTS}/deliver-375.png` });
  // Nothing on the deliver screen is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Complete delivery' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Delivery completed' })).toBeVisible();
  const delivered = await waitForMail(CUSTOMER.email, /Subject: .*Delivered/);
  // The body is quoted-printable: undo its soft line breaks before reading it.
  const body = delivered.raw.replace(/=\r?\n/g, '');
  expect(body).toContain('Received and signed for by Marcia Brown');
  expect(body).toContain('/customer/delivery-requests');
  const done = await (await request.get(`/api/packages/${pkg.id}`, { headers: as(admin) })).json();
  expect(done.status).toBe('delivered');

  // The customer sees the proof.
  await signInAs(page, customer);
  await page.goto('/customer/delivery-requests');
  await page.getByRole('button', { name: 'Proof', exact: true }).first().click();
  const proof = page.getByRole('dialog', { name: 'Proof of delivery' });
  await expect(proof).toContainText('Received by Marcia Brown');
  await expect(proof.getByRole('img', { name: 'Signature of Marcia Brown' })).toBeVisible();
  await shot(page, { path: `${SHOTS}/proof-375.png`, fullPage: true });

  // The admin reads the online payment in the audit log.
  await signInAs(page, admin);
  await page.goto('/admin/audit-log');
  await page.getByPlaceholder('Action, record or person').fill(invoiceNo as string);
  await expect(page.getByText(`Online payment received · ${invoiceNo}`).first()).toBeVisible();
});
