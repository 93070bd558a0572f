import { Secret, TOTP } from 'otpauth';
import { signIn } from '../support/auth';
import { expect, test } from '../support/test';
import { shot } from '../support/screenshots';

const API_KEY = 'ck_demo_jamaica_express_2026';
const PASSWORD = 'TwoSteps#2026';

/** What the person's authenticator app shows `stepsAhead` 30-second steps from now. */
const appCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

test.use({ viewport: { width: 375, height: 812 } });

test('a customer on a phone sets up two-step sign-in, then signs in with the code or a recovery code once, until an admin resets it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const email = `two.steps.${Date.now().toString(36)}@example.test`;
  const validate = await (await request.get(`/api/couriers/validate/${API_KEY}`)).json();
  const branches = await (await request.get(`/api/branches/public/${validate.data.id}`)).json();
  const created = await request.post('/api/customers/register', {
    data: {
      accountType: 'individual',
      title: 'Ms.',
      firstName: 'Two',
      lastName: 'Steps',
      email,
      phone: '876-555-0199',
      password: PASSWORD,
      trn: '999-888-111',
      address: '2 Test Lane',
      parish: 'Clarendon',
      city: 'May Pen',
      branchId: branches.data[0].id,
      api_key: API_KEY,
    },
  });
  expect(created.status()).toBe(201);

  // Signed out, the profile page sends the customer to sign in and back.
  await page.goto('/customer/profile');
  await page.waitForURL(/\/login/);
  await signIn(page, { email, password: PASSWORD }, '/login');
  await page.waitForURL(/\/customer\/profile/);

  const card = page.getByRole('heading', { name: 'Two-step sign-in' }).locator('xpath=ancestor::*[contains(@class,"rounded")][1]');
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot(page, { path: test.info().outputPath('setup.png'), fullPage: true });
  // A wrong code is refused and the set-up stays on screen.
  await page.getByLabel('6-digit code').fill(appCode(secret) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByText('That code is not right. Check your authenticator app and try again.')).toBeVisible();
  await page.getByLabel('6-digit code').fill(appCode(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const listed = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(listed).toHaveCount(10);
  const codes = (await listed.allTextContents()).map((c) => c.trim());
  expect(codes.every((c) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(c))).toBe(true);
  await shot(page, { path: test.info().outputPath('recovery-codes.png'), fullPage: true });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('10 recovery codes left')).toBeVisible();

  // A new device: the password alone is not enough any more.
  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' });
  const other = await phone.newPage();
  const signInOnPhone = async () => {
    await signIn(other, { email, password: PASSWORD }, `/login?api_key=${API_KEY}`);
    await expect(other.getByLabel('Authentication code')).toBeVisible();
  };
  // Signed out by forgetting the session: the portal sends the device back to sign in.
  const signOut = async () => {
    await other.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await other.reload();
    await other.waitForURL(/\/login/);
  };
  await signInOnPhone();
  await shot(other, { path: test.info().outputPath('second-step.png'), fullPage: true });
  await other.getByLabel('Authentication code').fill(appCode(secret, 1));
  await other.getByRole('button', { name: 'Verify' }).click();
  await other.waitForURL(/\/customer\/dashboard/);

  // Signed out, then in with a recovery code, which works once.
  await signOut();
  await signInOnPhone();
  await other.getByLabel('Authentication code').fill(codes[0] as string);
  await other.getByRole('button', { name: 'Verify' }).click();
  await other.waitForURL(/\/customer\/dashboard/);
  await signOut();
  await signInOnPhone();
  await other.getByLabel('Authentication code').fill(codes[0] as string);
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other.getByText('That code is not right. Check your authenticator app and try again.')).toBeVisible();

  // The phone and the codes are lost: the courier admin resets it, after a confirmation.
  const customerId = (await created.json()).customer.id as number;
  const office = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const admin = await office.newPage();
  await admin.goto(`/admin/customers/${customerId}`);
  await admin.waitForURL(/\/admin\/login/);
  await signIn(admin, 'courier_admin', '/admin/login');
  await admin.waitForURL(new RegExp(`/admin/customers/${customerId}$`));
  await admin.getByRole('button', { name: 'Reset two-step sign-in' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
  await expect(admin.getByText(/Two-step sign-in was reset/)).toBeVisible();
  await office.close();

  await other.getByRole('button', { name: 'Back to sign in' }).click();
  await signIn(other, { email, password: PASSWORD }, '/login');
  await other.waitForURL(/\/customer\/dashboard/);
  await phone.close();
});
