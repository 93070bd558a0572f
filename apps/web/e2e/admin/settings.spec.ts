import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { waitForMail } from '../support/mailbox';
import { workerPorts } from '../support/ports';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO, loginAs } from '../support/auth';
import { shot } from '../support/screenshots';

const ADMIN = DEMO.courier_admin;
const STAFF = DEMO.staff;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/settings-shots';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAF0lEQVR42mNkaGhgIAUwjmoY1TCqAQcAJNQEAbZ6CMQAAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Waits for the toast, then closes it, so a later identical toast cannot be mistaken for it. */
async function expectToast(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible();
  // A modal dialog's overlay may cover the toaster, so the click goes to the button itself.
  await toast.locator('[data-close-button]').dispatchEvent('click');
  await expect(toast).toHaveCount(0);
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test.describe('courier admin settings', () => {
  test('every tab saves and says so', async ({ page, request }) => {
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const { token } = await loginAs(page, request, 'courier_admin');
    const auth = { authorization: `Bearer ${token}` };
    // Other journeys share this database: note what is changed here, to put it back at the end.
    const courierId = ((await (await request.get('/api/auth/profile', { headers: auth })).json()) as { courier: { id: number } }).courier
      .id;
    const before = (await (await request.get(`/api/couriers/${courierId}`, { headers: auth })).json()) as Record<string, string>;
    const feesBefore = (await (await request.get('/api/settings/additional-fees', { headers: auth })).json()) as Record<string, unknown>;
    await page.goto('/admin/settings');
    await expect(page.getByRole('tab', { name: 'Company Settings' })).toHaveAttribute('aria-selected', 'true');

    // Company Settings: logo, company information, shipping addresses.
    await expect(page.getByLabel('Courier Code')).toHaveValue('JXP');
    // Checked before any toast: the toaster's own colours are the app shell's concern.
    await expectNoSeriousA11yViolations(page);
    await expect(page.getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0);
    await page.getByLabel('Upload a new logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectToast(page, 'Logo updated successfully!');
    await expect(page.getByRole('img', { name: /logo$/ }).first()).toHaveAttribute('src', /\/api\/files\/logos\/[a-f0-9]{32}\.png/);
    // The portal (its sidebar header) shows the new logo too (the session is refreshed after the upload).
    await expect(page.locator('aside img[src*="/api/files/logos/"]').first()).toBeVisible();

    await page.getByLabel('Courier Name').fill('Jamaica Express Post Ltd');
    await page.getByRole('button', { name: 'Save Company Settings' }).click();
    await expectToast(page, 'Company settings updated successfully!');

    await page.getByLabel('AIR Shipping Address').fill('8351 NW 68th Street\nSuite JXP-AIR\nMiami, FL 33166');
    await page.getByRole('button', { name: 'Save Shipping Addresses' }).click();
    await expectToast(page, 'Shipping addresses updated!');
    await shot(page, { path: `${SHOTS}/company-desktop.png`, fullPage: true });

    // Shipping Rates: create, then delete only after confirming.
    await openTab(page, 'Shipping Rates');
    const rates = page.getByRole('table', { name: 'Shipping rates' });
    await expect(rates.getByText('10 lb')).toBeVisible();
    await page.getByRole('button', { name: 'Add Rate' }).click();
    await page.getByLabel('Weight').fill('11');
    await page.getByLabel('Cost (JMD)').fill('4650');
    await page.getByRole('dialog').getByRole('button', { name: 'Add Rate' }).click();
    await expectToast(page, 'Shipping rate created');
    await page.getByLabel('Search rates...').fill('4650');
    await expect(rates.getByText('11 lb')).toBeVisible();
    await page.getByRole('button', { name: 'Delete rate for 11' }).click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this shipping rate?');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(rates.getByText('11 lb')).toBeVisible();
    await page.getByRole('button', { name: 'Delete rate for 11' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Shipping rate deleted');
    await expect(rates.getByText('11 lb')).toHaveCount(0);
    await shot(page, { path: `${SHOTS}/rates-desktop.png`, fullPage: true });

    // Additional Fees.
    await openTab(page, 'Additional Fees');
    await expect(page.getByText('Manage Shipping Fees')).toBeVisible();
    await page.getByLabel('GCT (%)').fill('101');
    await page.getByRole('button', { name: 'Save Fees' }).click();
    await expect(page.getByText('GCT must be a percentage from 0 to 100')).toBeVisible();
    await page.getByLabel('GCT (%)').fill('15');
    await page.getByLabel('Switching Fee (JMD)').fill('250');
    await page.getByRole('button', { name: 'Save Fees' }).click();
    await expectToast(page, 'Additional fees updated successfully!');

    // Processing Fees: 'to' is required; delete asks first.
    await openTab(page, 'Processing Fees');
    await page.getByRole('button', { name: 'Add Fee' }).click();
    await page.getByLabel('Weight Range').fill('150lbs - 200lbs');
    await page.getByLabel('Fee (JMD)').fill('1500');
    await page.getByRole('dialog').getByRole('button', { name: 'Add Fee' }).click();
    await expect(page.getByRole('dialog')).toContainText("Weight range must use 'to' between weights");
    await page.getByLabel('Weight Range').fill('150lbs to 200lbs');
    await page.getByRole('dialog').getByRole('button', { name: 'Add Fee' }).click();
    await expectToast(page, 'Processing fee created');
    await page.getByRole('button', { name: 'Delete fee for 150lbs to 200lbs' }).click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this processing fee?');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Processing fee deleted');

    // Bank Transfer Details.
    await openTab(page, 'Bank Transfer Details');
    await page.getByRole('textbox', { name: 'Bank Transfer Details' }).fill('Bank: NCB\nAccount: 354-123-456');
    await page.getByRole('button', { name: 'Save Bank Details' }).click();
    await expectToast(page, 'Bank details updated!');

    // Email Configuration against the loopback SMTP server, then a real test e-mail.
    await openTab(page, 'Email Configuration');
    await page.getByLabel('SMTP Host').fill('127.0.0.1');
    await page.getByLabel('SMTP Port').fill('1');
    await page.getByLabel('SMTP User').fill('mailer@jamaicaexpress.test');
    await page.getByLabel('SMTP Password', { exact: true }).fill('smtp-secret');
    await page.getByLabel('From Email').fill('noreply@jamaicaexpress.test');
    await page.getByLabel('From Name').fill('Jamaica Express Post');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expectToast(page, 'Email configuration saved successfully');
    await expect(page.getByLabel('SMTP Password', { exact: true })).toHaveValue('');
    await expect(page.getByText('A password is saved.')).toBeVisible();

    // Port 1 (allowed by the e2e platform, nothing listens) refuses the connection: one generic reason.
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await page.getByRole('dialog').getByLabel('Email Address').fill('owner@example.test');
    await page.getByRole('dialog').getByRole('button', { name: 'Send Test Email' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to send test email' })).toContainText(
      'Could not connect to the SMTP server',
    );
    await expectToast(page, 'Failed to send test email');
    await page.keyboard.press('Escape');

    // A port that is not an SMTP port is refused under the field.
    await page.getByLabel('SMTP Port').fill('3306');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(page.locator('form').getByText(/^SMTP port must be 1, 25, 465, 587/)).toBeVisible();
    await expectToast(page, 'Failed to save email configuration');

    // The loopback sink has no TLS: only the super admin can allow that for this courier.
    const superLogin = await request.post('/api/auth/super-admin/login', {
      data: DEMO.super_admin,
    });
    const superAuth = { Authorization: `Bearer ${((await superLogin.json()) as { token: string }).token}` };
    const options = (await (await request.get('/api/platform/couriers/options', { headers: superAuth })).json()) as Array<{
      id: number;
      code: string;
    }>;
    const jxp = options.find((o) => o.code === 'JXP');
    const allowed = await request.patch(`/api/platform/couriers/${jxp?.id}/smtp-security`, {
      headers: superAuth,
      data: { allowInsecureSmtp: true },
    });
    expect(allowed.ok(), await allowed.text()).toBe(true);

    await page.getByLabel('SMTP Port').fill(String(workerPorts().smtp));
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expectToast(page, 'Email configuration saved successfully');
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await page.getByRole('dialog').getByLabel('Email Address').fill('bad-address');
    await page.getByRole('dialog').getByRole('button', { name: 'Send Test Email' }).click();
    await expect(page.getByRole('dialog')).toContainText('Please enter a valid email address');
    await page.getByRole('dialog').getByLabel('Email Address').fill('owner@example.test');
    const sent = page.waitForResponse((r) => r.url().endsWith('/email-config/test'));
    await page.getByRole('dialog').getByRole('button', { name: 'Send Test Email' }).click();
    expect(await (await sent).text()).toContain('"success":true');
    await expectToast(page, 'Test email sent successfully');
    await waitForMail('owner@example.test', /Test email from Jamaica Express Post/);
    await shot(page, { path: `${SHOTS}/email-desktop.png`, fullPage: true });

    // Rate Sheet.
    await openTab(page, 'Rate Sheet');
    await expect(page.getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0);
    await page
      .getByLabel('Upload a new rate sheet')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(page.getByText('Please select a PDF, Excel, or Word file')).toBeVisible();
    await page.getByLabel('Upload a new rate sheet').setInputFiles({ name: 'rates.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectToast(page, 'Rate sheet updated successfully!');
    await expect(page.getByRole('link', { name: /View current rate sheet/ })).toHaveAttribute(
      'href',
      /\/api\/files\/rate-sheets\/.+\.pdf$/,
    );

    // Password: a wrong current password, then a real change and back.
    await openTab(page, 'Password');
    await page.getByLabel('Current Password').fill('not the password');
    await page.getByLabel('New Password', { exact: true }).fill('CourierAdmin#2099');
    await page.getByLabel('Confirm New Password').fill('CourierAdmin#2099');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Current password is incorrect');
    await expect(page).toHaveURL(/\/admin\/settings/);
    await page.getByLabel('Current Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Password updated successfully!');
    await page.getByLabel('Current Password').fill('CourierAdmin#2099');
    await page.getByLabel('New Password', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Confirm New Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Password updated successfully!');
    expect(errors).toEqual([]);

    const restore = [
      request.put(`/api/couriers/${courierId}`, {
        headers: auth,
        data: { name: before.name, first_name: before.first_name, last_name: before.last_name, email: before.email },
      }),
      request.put(`/api/couriers/${courierId}/shipping-addresses`, {
        headers: auth,
        data: { shipping_address_air: before.shipping_address_air, shipping_address_sea: before.shipping_address_sea },
      }),
      request.put(`/api/couriers/${courierId}/bank-details`, { headers: auth, data: { bank_details: before.bank_details } }),
      request.put('/api/settings/additional-fees', {
        headers: auth,
        data: {
          gct: feesBefore.gct,
          unknownFee: feesBefore.unknownFee,
          uncollectedFee: feesBefore.uncollectedFee,
          switchingFee: feesBefore.switchingFee,
        },
      }),
    ];
    for (const res of await Promise.all(restore)) expect(res.ok(), await res.text()).toBe(true);
  });

  test('works on a phone', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await loginAs(page, request, 'courier_admin');
    await page.goto('/admin/settings?tab=shipping-rates');
    // Under 640 px the rates are cards, not a table.
    await expect(page.getByRole('list', { name: 'Shipping rates' })).toBeVisible();
    await shot(page, { path: `${SHOTS}/rates-375.png`, fullPage: true });
    await page.goto('/admin/settings');
    await expect(page.getByLabel('Courier Code')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, { path: `${SHOTS}/company-375.png`, fullPage: true });
    await page.goto('/admin/settings?tab=email');
    await expect(page.getByLabel('SMTP Host')).toBeVisible();
    await shot(page, { path: `${SHOTS}/email-375.png`, fullPage: true });
  });
});

test.describe('staff profile', () => {
  test('saves the profile and checks the password confirmation', async ({ page, request }) => {
    await loginAs(page, request, 'staff');
    await page.goto('/staff/settings');
    await expect(page.getByLabel('Email')).toHaveValue(STAFF.email);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Last Name').fill('Brown-Smith');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expectToast(page, 'Profile updated successfully!');

    await page.getByLabel('Current Password').fill(STAFF.password);
    await page.getByLabel('New Password', { exact: true }).fill('StaffMember#2099');
    await page.getByLabel('Confirm New Password').fill('StaffMember#2098');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('New passwords do not match')).toBeVisible();

    await page.getByLabel('Current Password').fill('wrong password');
    await page.getByLabel('Confirm New Password').fill('StaffMember#2099');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Current password is incorrect');
    await shot(page, { path: `${SHOTS}/staff-desktop.png`, fullPage: true });

    await page.getByLabel('Last Name').fill('Brown');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expectToast(page, 'Profile updated successfully!');
  });
});
