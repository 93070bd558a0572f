import { tokenFor } from '../support/auth';
import { auth, jmd, pageAs, receivePackage, registerCustomer, unique } from '../support/services';
import { expect, test } from '../support/test';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/return-request-shots';

/**
 * A customer asks, on a phone, for a parcel to go back to the sender (the courier's fee shown, then
 * confirmed); the parcel can no longer move on; staff see it in their bell and the Returns & discards
 * queue, record the return with its tracking number; the parcel ends Returned to Sender and the fee
 * is on the customer's invoice.
 */
test('a customer asks for a return to the sender; staff record it from the queue; the fee is invoiced', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const adminToken = await tokenFor(request, 'courier_admin');
  const customer = await registerCustomer(request, { firstName: 'Keisha', lastName: 'Grant' });
  const pkg = await receivePackage(request, adminToken, { mailbox: customer.mailbox, weightLb: 2, description: 'Wrong size shoes' });
  const fees = (await (await request.get(`/api/customer/packages/${pkg.id}/return`, { headers: auth(customer.token) })).json()) as {
    prices: { return: { feeCents: number; feeName: string } };
  };
  const fee = jmd(fees.prices.return.feeCents);

  // The customer, on a phone: the choice with each price, then a confirmation that says the fee again.
  const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await phone.newPage();
  await pageAs(page, customer.token);
  await page.goto(`/customer/packages?package=${pkg.id}`);
  const panel = page.getByRole('region', { name: 'Return to sender or discard' });
  await expect(panel).toContainText(`Return to sender: ${fee}`);
  await panel.getByLabel('Instructions (optional)').fill(`RA-${unique().slice(-6)}`);
  await panel.getByRole('button', { name: 'Return to sender' }).click();
  const confirm = page.getByRole('dialog', { name: `Return ${pkg.packageNumber} to the sender?` });
  await expect(confirm).toContainText(`${fee} (${fees.prices.return.feeName}) is invoiced when it is done`);
  await shot(page, { path: `${SHOTS}/01-confirm-375.png` });
  await confirm.getByRole('button', { name: `Confirm for ${fee}` }).click();
  await expect(panel.getByRole('status')).toContainText('The parcel will not be forwarded');
  await shot(page, { path: `${SHOTS}/02-requested-375.png`, fullPage: true });

  // It leaves the normal flow: it can no longer be shipped.
  const shipped = await request.post(`/api/packages/${pkg.id}/status`, { headers: auth(adminToken), data: { status: 'in_transit' } });
  expect(shipped.status()).toBe(409);
  expect(await shipped.text()).toContain('returned to the sender: it cannot move on');

  // Staff: the bell has it, the queue lists it; the return is recorded with its tracking number.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await desk.newPage();
  await pageAs(staff, adminToken);
  await staff.goto('/admin/notifications');
  await expect(staff.getByText(`Return to sender requested: ${pkg.packageNumber}`).first()).toBeVisible();
  await staff.goto('/admin/return-requests');
  const list = staff.getByRole('list', { name: 'Return and discard requests' });
  const item = list.getByRole('listitem').filter({ hasText: pkg.packageNumber });
  await item.getByRole('button', { name: 'Record what was done' }).click();
  await item.getByRole('button', { name: 'Record: returned to sender' }).click();
  await expect(item.getByText('Enter the tracking number the parcel was sent back with')).toBeVisible();
  await item.getByLabel('Return tracking number').fill('9400111899223100');
  await item.getByRole('button', { name: 'Record: returned to sender' }).click();
  const sure = staff.getByRole('dialog', { name: 'Record the return?' });
  await expect(sure).toContainText(fee);
  await shot(staff, { path: `${SHOTS}/03-queue-record.png`, fullPage: true });
  await sure.getByRole('button', { name: 'Record return' }).click();
  await expect(staff.locator('[data-sonner-toast]').filter({ hasText: 'Recorded: returned to the sender' }).first()).toBeVisible();
  await expect(list.getByText(pkg.packageNumber)).toHaveCount(0);
  await desk.close();

  // The customer: the parcel is Returned to Sender, with the tracking number and the fee's invoice.
  await page.reload();
  await expect(panel.getByRole('status')).toContainText('Returned to the sender');
  await expect(panel.getByRole('status')).toContainText('tracking 9400111899223100');
  const invoiceNo = /on invoice (INV-\d+)/.exec((await panel.getByRole('status').textContent()) ?? '')?.[1];
  expect(invoiceNo).toBeTruthy();
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, { path: `${SHOTS}/04-done-375-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/customer/invoices/${invoiceNo}`);
  await expect(page.getByText(`${fees.prices.return.feeName} ${pkg.packageNumber}`)).toBeVisible();
  await phone.close();
});
