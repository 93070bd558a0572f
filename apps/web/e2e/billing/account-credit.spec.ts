import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { waitForMail } from '../support/mailbox';
import { expect, test } from '../support/test';
import { tokenFor } from '../support/auth';
import { auth, billPackage, jmd, unique } from '../support/services';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/credit-shots';

test('a referred customer registers with the code, pays their first invoice, both get credit; the referrer pays partly with credit online', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const adminToken = await tokenFor(request, 'courier_admin');
  await request.put('/api/settings/referral-rewards', {
    headers: auth(adminToken),
    data: { referrerRewardCents: 500_00, referredRewardCents: 250_00 },
  });

  // The referrer: a customer of the demo courier, with a referral link.
  const validate = await (await request.get(`/api/couriers/validate/${DEFAULT_API_KEY}`)).json();
  const branches = await (await request.get(`/api/branches/public/${validate.data.id}`)).json();
  const referrerEmail = `referrer.${unique()}@example.test`;
  const created = await request.post('/api/customers/register', {
    data: {
      accountType: 'individual',
      title: 'Mrs.',
      firstName: 'Paulette',
      lastName: 'Referrer',
      email: referrerEmail,
      phone: '876-555-0140',
      password: 'Referrer#2026',
      trn: '123-456-789',
      address: '2 Hope Road',
      parish: 'St. Andrew',
      city: 'Kingston',
      branchId: branches.data[0].id,
      api_key: DEFAULT_API_KEY,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const referrer = (await created.json()) as { token: string; customer: { mailboxNumber: string } };
  const account = (await (await request.get('/api/account-credit', { headers: auth(referrer.token) })).json()) as {
    referralCode: string;
    referralLink: string;
  };
  expect(account.referralLink).toContain(`ref=${account.referralCode}`);

  // The new customer follows the link (375 px): the code is filled in beside the registration fields.
  await page.setViewportSize({ width: 375, height: 800 });
  const link = new URL(account.referralLink);
  await page.goto(`/register${link.search}`);
  await page.getByLabel('Individual').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Title').selectOption('Mr.');
  await page.getByLabel('First Name').fill('Kemar');
  await page.getByLabel('Last Name').fill('Referred');
  await page.getByLabel('TRN').fill('222-333-444');
  await page.getByRole('button', { name: 'Next' }).click();
  const referredEmail = `referred.${unique()}@example.test`;
  await page.getByLabel('Email').fill(referredEmail);
  await page.getByLabel('Phone').fill('876-555-0141');
  await page.getByLabel('Password', { exact: true }).fill('Referred#2026');
  await page.getByLabel('Confirm Password').fill('Referred#2026');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Address & Branch')).toBeVisible();
  await expect(page.getByLabel('Referral or coupon code')).toHaveValue(account.referralCode);
  await page.getByLabel('Street Address').fill('4 Hope Road');
  await page.getByLabel('Parish').selectOption('St. Andrew');
  await page.getByLabel('City').fill('Kingston');
  await page.getByLabel('Branch').selectOption({ index: 1 });
  await shot(page, { path: `${SHOTS}/credit-register-with-code-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration successful! You are now logged in.')).toBeVisible();
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  const referredToken = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  const profile = (await (await request.get('/api/customers/profile', { headers: auth(referredToken) })).json()) as {
    mailboxNumber: string;
  };

  // Their first package is billed and paid in full at the counter: both sides are credited, once.
  const first = await billPackage(request, adminToken, referredToken, profile.mailboxNumber);
  const paid = await request.post('/api/payments', {
    headers: auth(adminToken),
    data: { method: 'cash', branchId: branches.data[0].id, allocations: [{ invoiceNo: first.invoiceNo, amountCents: first.balanceCents }] },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const balance = async (token: string) =>
    ((await (await request.get('/api/account-credit', { headers: auth(token) })).json()) as { balanceCents: number }).balanceCents;
  expect(await balance(referredToken)).toBe(250_00);
  expect(await balance(referrer.token)).toBe(500_00);
  await waitForMail(referrerEmail, /JMD 500\.00 referral credit added/);
  await waitForMail(referredEmail, /JMD 250\.00 referral credit added/);

  // The referrer, on a phone: an invoice, part of it from credit, the rest online in test mode.
  const invoice = await billPackage(request, adminToken, referrer.token, referrer.customer.mailboxNumber);
  expect(invoice.balanceCents).toBeGreaterThan(500_00);
  await page.evaluate((t) => localStorage.setItem('token', t), referrer.token);
  await page.goto(`/customer/invoices/${invoice.invoiceNo}`);
  // Credit and coupon fold under the balance due.
  await page.getByText('Use account credit or a coupon').click();
  const form = page.getByRole('form', { name: 'Use account credit' });
  await expect(form.getByText(`Account credit: ${jmd(500_00)} available`)).toBeVisible();
  await shot(page, { path: `${SHOTS}/credit-invoice-before-phone.png`, fullPage: true });
  await form.getByRole('button', { name: 'Apply' }).click();
  const rest = invoice.balanceCents - 500_00;
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: `${jmd(rest)} left to pay` })).toBeVisible();
  await expect(page.getByTestId('invoice-status')).toHaveText('Partially Paid');
  await expect(page.getByTestId('invoice-balance')).toHaveText(jmd(rest));
  await shot(page, { path: `${SHOTS}/credit-invoice-after-credit-phone.png`, fullPage: true });
  await page.getByRole('button', { name: `Pay now ${jmd(rest)}` }).click();
  await expect(page).toHaveURL(/\/api\/dev\/gateway\/checkout\//);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(page.getByTestId('invoice-balance')).toHaveText('JMD 0.00');

  // The referrer's Account Credit page: the balance used up, the history says why.
  await page.goto('/customer/credit');
  await expect(page.getByTestId('credit-balance')).toHaveText('JMD 0.00');
  const history = page.getByRole('list', { name: 'Account credit history' });
  await expect(history).toContainText('Referral reward');
  await expect(history).toContainText(`Used on ${invoice.invoiceNo}`);
  await expect(page.getByTestId('referral-code')).toHaveText(account.referralCode);
  await shot(page, { path: `${SHOTS}/credit-account-page-phone.png`, fullPage: true });

  // The admin sees who referred whom.
  await page.evaluate((t) => localStorage.setItem('token', t), adminToken);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/referrals');
  await expect(page.getByRole('list', { name: 'Referrals' }).getByRole('listitem').filter({ hasText: 'Kemar Referred' })).toContainText(
    'Paulette Referrer',
  );
  await shot(page, { path: `${SHOTS}/credit-admin-referrals-desktop.png`, fullPage: true });
  expect(errors).toEqual([]);
});
