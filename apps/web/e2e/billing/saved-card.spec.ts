import { tokenFor } from '../support/auth';
import { unfoldHeaders, waitForMail } from '../support/mailbox';
import { auth, billPackage, pageAs, registerCustomer } from '../support/services';
import { expect, test } from '../support/test';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/billing-shots';

test('a customer saves a card through 3-D Secure, pays new invoices automatically after a notice, and removes the card', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A new customer of the demo courier, which is in test mode (the PowerTranz simulator keeps its cards).
  const customer = await registerCustomer(request, { firstName: 'Carda' });
  const admin = await tokenFor(request, 'courier_admin');
  await pageAs(page, customer.token);
  await page.setViewportSize({ width: 375, height: 800 });

  await page.goto('/customer/cards');
  await expect(page.getByRole('heading', { name: 'Cards and automatic payment' })).toBeVisible();
  await expect(page.getByText('No card saved')).toBeVisible();
  const form = page.getByRole('form', { name: 'Save a card' });
  // A mistyped number is refused on the spot, in our words.
  await form.getByLabel('Name on the card').fill('Carda Forwarder');
  await form.getByLabel('Card number').fill('4012 0000 0002 0007');
  await form.getByLabel('Expiry (MM/YY)').fill('12/30');
  await form.getByLabel('Security code').fill('123');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(form.getByText('This card number is not valid: check the digits')).toBeVisible();
  await shot(page, { path: `${SHOTS}/saved-card-form-phone.png`, fullPage: true });
  await form.getByLabel('Card number').fill('4012 0000 0002 0006');
  await form.getByRole('button', { name: 'Save card' }).click();

  // The bank's check (the simulator's challenge, password 3ds2), then back to the card.
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await expect(page.getByText('TEST card processor (PowerTranz simulator): no real card is charged.')).toBeVisible();
  await page.getByLabel(/Password/).fill('3ds2');
  await shot(page, { path: `${SHOTS}/saved-card-challenge-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Return to the merchant' }).click();
  await expect(page).toHaveURL(/\/customer\/cards\?card=saved/);
  await expect(page.getByRole('status').filter({ hasText: 'Card saved' })).toBeVisible();
  await expect(page.getByText('Visa ending 0006, expires 12/30')).toBeVisible();
  await expect(page.getByText('TEST', { exact: true }).first()).toBeVisible();

  // Automatic payment on (keyboard: the checkbox takes Space).
  const autopay = page.getByRole('checkbox', { name: 'Pay new invoices automatically with this card' });
  await autopay.focus();
  await page.keyboard.press('Space');
  await expect(autopay).toBeChecked();
  // Kept after a reload: the server has it.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Pay new invoices automatically with this card' })).toBeChecked();
  await shot(page, { path: `${SHOTS}/saved-card-autopay-phone.png`, fullPage: true });

  // The next invoice: the customer is told the amount and the day, then the job charges the card.
  const invoice = await billPackage(request, admin, customer.token, customer.mailbox);
  const notice = await waitForMail(customer.email, new RegExp(`Invoice ${invoice.invoiceNo}.*will be charged`));
  expect(unfoldHeaders(notice.raw)).toMatch(/Subject: (=\?UTF-8\?Q\?)?Jamaica/);
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/invoices/${invoice.invoiceNo}`, { headers: auth(customer.token) });
        return ((await res.json()) as { status: string }).status;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe('paid');
  await page.goto('/customer/cards');
  const charge = page.getByRole('listitem').filter({ hasText: invoice.invoiceNo });
  await expect(charge.getByText(/^Paid \(receipt RCT-/)).toBeVisible();
  await shot(page, { path: `${SHOTS}/saved-card-charged-phone.png`, fullPage: true });
  await page.goto(`/customer/invoices/${invoice.invoiceNo}`);
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');

  // Dark mode, desktop: the card page.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/customer/cards');
  await expect(page.getByText('Visa ending 0006, expires 12/30')).toBeVisible();
  await shot(page, { path: `${SHOTS}/saved-card-dark-desktop.png`, fullPage: true });

  // Paying before arrival: nothing of this customer is on a manifest yet.
  await page.goto('/customer/pay-ahead');
  await expect(page.getByRole('heading', { name: 'Pay before arrival' })).toBeVisible();
  await expect(page.getByText('No parcels on their way')).toBeVisible();
  await page.goto('/customer/cards');

  // Removing asks first; then the card is gone.
  await page.getByRole('button', { name: 'Remove card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this card?' });
  await expect(dialog.getByText(/Nothing more will be charged to it/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove card' }).click();
  await expect(page.getByText('No card saved')).toBeVisible();
  expect(errors).toEqual([]);
});
