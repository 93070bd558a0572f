import { tokenFor } from '../support/auth';
import { auth, billPackage, pageAs, registerCustomer, unique } from '../support/services';
import { signOnPad } from '../support/signature';
import { expect, test } from '../support/test';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/authorised-collector-shots';

/**
 * A customer names someone who may collect for them (on a phone, by keyboard); the counter sees that
 * person on the signature screen, checks the ID and releases the parcel to them; the customer's
 * invoice then says who collected, with the ID that was checked.
 */
test('a customer adds an authorised person, and the counter releases a parcel to that person', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const adminToken = await tokenFor(request, 'courier_admin');
  const customer = await registerCustomer(request, { firstName: 'Marcia', lastName: 'Reid' });
  const idNumber = `A${unique().slice(-7)}`;

  // The customer, on a phone: the form by keyboard, then the person listed.
  const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await phone.newPage();
  await pageAs(page, customer.token);
  await page.goto('/customer/profile');
  await expect(page.getByText('No one else may collect for you yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add person' }).click();
  await expect(page.getByText("Please enter the person's full name")).toBeVisible();
  await page.getByLabel('Full name').fill('Dwayne Campbell');
  await page.keyboard.press('Tab');
  await page.keyboard.type('876 555 0199');
  await page.keyboard.press('Tab');
  await page.keyboard.press('End'); // the ID type select: Passport is the last option
  await page.keyboard.press('Tab');
  await page.keyboard.type(idNumber);
  await page.keyboard.press('Enter');
  const people = page.getByRole('list', { name: 'Authorised people' });
  await expect(people).toContainText('Dwayne Campbell');
  await expect(people).toContainText(`Passport ${idNumber} · 876 555 0199`);
  await shot(page, { path: `${SHOTS}/01-profile-375.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, { path: `${SHOTS}/02-profile-375-dark.png`, fullPage: true });

  // A parcel ready and paid at the counter.
  const invoice = await billPackage(request, adminToken, customer.token, customer.mailbox);
  const paid = await request.post('/api/payments', {
    headers: auth(adminToken),
    data: {
      method: 'cash',
      branchId: customer.branchId,
      allocations: [{ invoiceNo: invoice.invoiceNo, amountCents: invoice.balanceCents }],
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // The counter: the customer's authorised person is on the list; the ID is checked before release.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await desk.newPage();
  await pageAs(staff, adminToken);
  await staff.goto(`/admin/sign-signature/${invoice.invoiceNo}`);
  await staff.getByRole('radio', { name: /Dwayne Campbell/ }).check();
  await expect(staff.getByLabel("Collector's name")).toHaveValue('Dwayne Campbell');
  await expect(staff.getByRole('note').filter({ hasText: 'Ask Dwayne Campbell' })).toContainText(`Passport ${idNumber}`);
  // Sent before the ID is checked, nothing goes: the counter is told to check it.
  await staff.getByRole('button', { name: 'Sign to confirm collection' }).click();
  await expect(staff.getByText('Check the ID of the person collecting before releasing')).toBeVisible();
  await staff.getByLabel(`I checked their Passport ${idNumber}`).check();
  // The message goes once the ID is checked; the box is drawn in where it then sits.
  await expect(staff.getByText('Check the ID of the person collecting before releasing')).toHaveCount(0);
  await signOnPad(staff);
  await shot(staff, { path: `${SHOTS}/03-counter.png`, fullPage: true });
  await staff.getByRole('button', { name: 'Confirm collection', exact: true }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Collection recorded: the packages are delivered' })).toBeVisible();
  await desk.close();

  // The customer's invoice says who collected and which ID was checked.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/customer/invoices/${invoice.invoiceNo}`);
  await expect(page.getByText(`Collected by Dwayne Campbell (authorised, Passport ${idNumber} checked)`, { exact: false })).toBeVisible();
  await shot(page, { path: `${SHOTS}/04-invoice-375.png`, fullPage: true });
  await phone.close();
});
