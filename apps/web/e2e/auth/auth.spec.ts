import type { Page } from '@playwright/test';
import { AUTH_MESSAGES } from '@courier/shared/schemas/auth-form';
import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { waitForMail } from '../support/mailbox';
import { DEMO, signIn } from '../support/auth';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Every path the app navigated to, recorded in the page: the portal pages themselves belong to
 * other journeys (and until they exist the catch-all route moves on to /), so a journey here
 * checks where sign-in and the guard sent the browser.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __paths: string[] };
    w.__paths = [location.pathname];
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        original(data, unused, url);
        w.__paths.push(location.pathname);
      };
    }
  });
});

async function expectNavigatedTo(page: Page, path: string | RegExp) {
  await page.waitForFunction(
    ({ source, flags, exact }) => {
      const paths = (window as unknown as { __paths?: string[] }).__paths ?? [];
      return paths.some((p) => (exact !== null ? p === exact : new RegExp(source, flags).test(p)));
    },
    typeof path === 'string' ? { source: '', flags: '', exact: path } : { source: path.source, flags: path.flags, exact: null },
    { timeout: 15_000 },
  );
}

test.describe('registration wizard', () => {
  test('registers a customer through the four steps, showing each step’s errors', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByText('Jamaica Express Post').first()).toBeVisible();
    const progress = page.getByRole('list', { name: 'Registration progress' });
    for (const label of ['Account', 'Personal', 'Contact', 'Address']) await expect(progress.getByText(label)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    // Step 1: business without a name.
    await page.getByLabel('Business').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Business name is required for business accounts')).toBeVisible();
    await expect(page.getByText('Please fill in all required fields correctly')).toBeVisible();
    await page.getByLabel('Individual').check();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: everything missing.
    await expect(page.getByText('Personal Information')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    for (const message of [
      'Title is required for individual accounts',
      'First name is required',
      'Last name is required',
      'TRN is required',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await page.getByLabel('First Name').fill('Shanice');
    await expect(page.getByText('First name is required')).toHaveCount(0);
    await page.getByLabel('Title').selectOption('Ms.');
    await page.getByLabel('Last Name').fill('Morgan');
    await page.getByLabel('TRN').fill('101-202-303');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: bad e-mail, short and mismatched passwords.
    await expect(page.getByText('Contact Information')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    for (const message of ['Email is required', 'Phone number is required', 'Password is required']) {
      await expect(page.getByText(message)).toBeVisible();
    }
    const email = `shanice.${unique()}@example.test`;
    await page.getByLabel('Email').fill('shanice@example');
    await page.getByLabel('Phone').fill('876-555-0199');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('different');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Invalid email format')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
    await page.getByLabel('Password', { exact: true }).fill('Shanice#2026');
    await page.getByLabel('Confirm Password').fill('Shanice#2026');
    await page.getByRole('button', { name: 'Next' }).click();

    // Previous keeps what was typed.
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByLabel('Phone')).toHaveValue('876-555-0199');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 4.
    await expect(page.getByText('Address & Branch')).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of ['Street address is required', 'Parish is required', 'City is required', 'Branch is required']) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await page.getByLabel('Street Address').fill(' 9 Hope Road ');
    await page.getByLabel('Parish').selectOption('St. Andrew');
    await page.getByLabel('City').fill('Kingston');
    await page.getByLabel('Branch').selectOption({ label: 'Chapelton' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Registration successful! You are now logged in.')).toBeVisible();
    await expectNavigatedTo(page, '/customer/dashboard');

    // Signed in as the new customer, with trimmed, lowercased data and a mailbox number.
    const profile = await page.evaluate(async () => {
      const res = await fetch('/api/customers/profile', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return res.json();
    });
    expect(profile).toMatchObject({ email, address: '9 Hope Road', branch: { name: 'Chapelton' } });
    expect(profile.mailboxNumber).toMatch(/^JXP-\d+$/);

    // A new customer is greeted as new, with their US address and the first step.
    await expect(page.getByText(/^Welcome, /)).toBeVisible();
    await expect(page.getByText(profile.mailboxNumber).first()).toBeVisible();
    await page.getByRole('link', { name: 'Pre-alert your first package' }).click();
    await expect(page).toHaveURL(/\/customer\/packages\?pre-alert/);
    await expect(page.getByRole('dialog', { name: 'Pre-alert a package' })).toBeVisible();
  });

  test('an unknown courier key shows its message, reloads once, then a clear page with a link home', async ({ page }) => {
    await page.goto('/register?api_key=ck_does_not_exist');
    await expect(page.getByText('Courier not found. Reloading page...').first()).toBeVisible();
    // The page reloads after 2 s and tries again ...
    await page.waitForEvent('load', { timeout: 10_000 });
    // ... and failing again, it stops there instead of reloading forever.
    await expect(page.getByRole('heading', { name: 'Registration is not available' })).toBeVisible();
    let reloads = 0;
    page.on('load', () => {
      reloads += 1;
    });
    await page.waitForTimeout(3_000);
    expect(reloads).toBe(0);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('sign-in by role', () => {
  const cases = [
    { role: 'customer', path: '/login', home: '/customer/dashboard' },
    { role: 'courier_admin', path: '/admin/login', home: '/admin/dashboard' },
    { role: 'branch_manager', path: '/staff/login', home: '/staff/dashboard' },
    { role: 'staff', path: '/staff/login', home: '/staff/dashboard' },
    { role: 'super_admin', path: '/superadmin/login', home: '/superadmin/dashboard' },
  ] as const;
  for (const c of cases) {
    test(`${c.role} signs in at ${c.path} and lands on ${c.home}`, async ({ page }) => {
      await signIn(page, c.role, c.path);
      await expectNavigatedTo(page, c.home);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    });
  }

  test('the login pages carry their fixed texts and refuse wrong credentials', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await signIn(page, { email: DEMO.courier_admin.email, password: 'wrong-password' }, '/admin/login');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await page.goto('/staff/login');
    await expect(page.getByRole('heading', { name: 'Staff Login' })).toBeVisible();
    await page.goto('/superadmin/login');
    await expect(page.getByRole('heading', { name: 'Super Admin Login' })).toBeVisible();
    await signIn(page, 'courier_admin', '/superadmin/login');
    await expect(page.getByText('You do not have permission to access this area')).toBeVisible();
    await page.goto('/login');
    for (const phrase of ['Express Delivery', 'Secure Shipping', 'Real-time Tracking'])
      await expect(page.getByText(phrase).first()).toBeAttached();
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', /\/register\?api_key=/);
    await expectNoSeriousA11yViolations(page);
  });
});

// The route guard's journeys (a deep link back after sign-in, another role sent home, a signed-in
// person kept off the sign-in pages) are component tests: route-guard.test.tsx and
// routes/auth/signed-in-redirect.test.tsx.

test('a password is reset from the e-mail actually received', async ({ page, request }) => {
  const email = `reset.${unique()}@example.test`;
  const validate = await (await request.get('/api/couriers/validate/ck_demo_jamaica_express_2026')).json();
  const branches = await (await request.get(`/api/branches/public/${validate.data.id}`)).json();
  const created = await request.post('/api/customers/register', {
    data: {
      accountType: 'individual',
      title: 'Mr.',
      firstName: 'Reset',
      lastName: 'Tester',
      email,
      phone: '876-555-0123',
      password: 'OldPassword#1',
      trn: '999-888-777',
      address: '1 Test Lane',
      parish: 'Clarendon',
      city: 'May Pen',
      branchId: branches.data[0].id,
      api_key: 'ck_demo_jamaica_express_2026',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Your Password' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Password reset email sent. Please check your inbox.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const mail = await waitForMail(email, /reset-password/);
  // Quoted-printable: join soft line breaks and decode "=3D" before reading the link.
  const decoded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(decoded)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link ?? '');

  await page.goto(url.pathname + url.search);
  await expect(page.getByText('Password must be at least 8 characters long').first()).toBeVisible();
  await page.getByLabel('New Password').fill('NewPassword#2');
  await page.getByLabel('Confirm Password').fill('NewPassword#3');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('NewPassword#2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successful! Please login with your new password.')).toBeVisible();
  await expectNavigatedTo(page, '/login');

  await signIn(page, { email, password: 'NewPassword#2' }, '/login');
  await expectNavigatedTo(page, '/customer/dashboard');

  // The link worked once: opened again, it says so instead of showing the form, with a way on.
  await page.evaluate(() => localStorage.clear());
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { name: 'This link has been used or has expired' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await expect(page.getByLabel('New Password')).toHaveCount(0);

  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await expect(page.getByText('Please request a new password reset.')).toBeVisible();
});

test('the super admin impersonates a courier admin through /admin/login?token=', async ({ page, request }) => {
  const superLogin = await (await request.post('/api/auth/super-admin/login', { data: DEMO.super_admin })).json();
  const adminLogin = await (await request.post('/api/auth/login', { data: DEMO.courier_admin })).json();
  const issued = await request.post(`/api/auth/impersonate/${adminLogin.user.id}`, {
    headers: { Authorization: `Bearer ${superLogin.token}` },
  });
  expect(issued.status()).toBe(200);
  const { url } = await issued.json();
  const target = new URL(url);

  await page.goto(target.pathname + target.search);
  await expect(page.getByText('Successfully logged in via impersonation')).toBeVisible();
  await expectNavigatedTo(page, '/admin/dashboard');
  // The impersonated session lives in this tab's session storage, never in the shared local storage.
  const profile = await page.evaluate(async () => {
    const res = await fetch('/api/auth/profile', { headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` } });
    return res.json();
  });
  expect(profile).toMatchObject({ email: DEMO.courier_admin.email, impersonated: true });
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Used once: a second visit fails and the token leaves the address bar.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(target.pathname + target.search);
  await expect(page.getByText('Invalid or expired impersonation token')).toBeVisible();
  // The token leaves the address; the courier's api key (the link is the courier's own) stays.
  await expect(page).toHaveURL(/\/admin\/login(\?api_key=[\w-]+)?$/);
  expect(new URL(page.url()).searchParams.get('token')).toBeNull();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();

  await page.goto('/admin/login?token=not.a.token');
  await expect(page.getByText('Invalid or expired token')).toBeVisible();
});

test('impersonation opens a tab of its own and leaves the super admin signed in everywhere else', async ({ page }) => {
  await signIn(page, 'super_admin');
  await expectNavigatedTo(page, '/superadmin/dashboard');
  await page.goto('/superadmin/couriers');
  await page
    .getByRole('link', { name: /Jamaica Express Post/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/superadmin\/couriers\/\d+$/);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Impersonate' }).first().click()]);
  await expect(tab).toHaveURL(/\/admin\/dashboard$/, { timeout: 15_000 });
  const banner = tab.getByRole('status').filter({ hasText: 'by impersonation' });
  await expect(banner).toBeVisible();
  // The toast that says so sits below the banner, even while the pointer rests on it (which keeps it).
  const said = tab.getByText(AUTH_MESSAGES.impersonationSuccess);
  await said.hover();
  const [toastBox, bannerBox] = await Promise.all([said.boundingBox(), banner.boundingBox()]);
  expect(toastBox?.y).toBeGreaterThanOrEqual((bannerBox?.y ?? 0) + (bannerBox?.height ?? 0));

  // The first tab is still the super admin's, after a reload too.
  await page.goto('/superadmin/dashboard');
  await expect(page).toHaveURL(/\/superadmin\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Super admin navigation' })).toBeVisible();

  // Ending it revokes the impersonated session and brings the super admin's own back in that tab.
  const impersonatedToken = await tab.evaluate(() => sessionStorage.getItem('token'));
  expect(impersonatedToken).not.toBeNull();
  await banner.getByRole('button', { name: 'End impersonation' }).click();
  await expect(tab).toHaveURL(/\/superadmin\/dashboard$/, { timeout: 15_000 });
  const revoked = await tab.evaluate(
    async (token) => (await fetch('/api/auth/profile', { headers: { Authorization: `Bearer ${token}` } })).status,
    impersonatedToken,
  );
  expect(revoked).toBe(401);
});

test('the super admin changes their own password from Settings', async ({ page, request }) => {
  const { email, password } = DEMO.super_admin;
  const next = 'SuperAdmin#2026-new';
  await signIn(page, { email, password }, '/superadmin/login');
  await expectNavigatedTo(page, '/superadmin/dashboard');
  await page.goto('/superadmin/settings');
  const form = page.getByRole('region', { name: 'Your password' });
  await form.getByLabel('Current Password').fill(password);
  await form.getByLabel('New Password', { exact: true }).fill(next);
  await form.getByLabel('Confirm New Password').fill(next);
  await form.getByRole('button', { name: 'Update Password' }).click();
  try {
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Password updated successfully!' })).toBeVisible();
    const signedIn = await request.post('/api/auth/super-admin/login', { data: { email, password: next } });
    expect(signedIn.status()).toBe(200);
  } finally {
    // Put the demo password back for the other journeys.
    const login = await request.post('/api/auth/super-admin/login', { data: { email, password: next } });
    if (login.ok()) {
      const { token } = await login.json();
      await request.put('/api/users/change-password', {
        headers: { Authorization: `Bearer ${token}` },
        data: { current_password: next, new_password: password },
      });
    }
  }
  expect((await request.post('/api/auth/super-admin/login', { data: { email, password } })).status()).toBe(200);
});
