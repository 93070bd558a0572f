import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { waitForMail } from '../support/mailbox';
import { expect, test } from '../support/test';
import { DEMO } from '../support/auth';

const SUPER = DEMO.super_admin;

/** Waits for the toast, then closes it, so a later identical toast cannot be mistaken for it. */
async function expectToast(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.locator('[data-close-button]').dispatchEvent('click');
  await expect(toast).toHaveCount(0);
}

/**
 * The super admin invites a courier by e-mail; the invitee opens the link from the mail
 * (read from the loopback SMTP server), sets the courier up and lands on the set-up checklist. The
 * link works once. Other journeys share the database: the address and code are this run's own.
 */
test('a courier invitation is accepted end to end, once', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const suffix = randomBytes(3).toString('hex');
  const email = `owner-${suffix}@islandship.test`;
  const code = `I${suffix.toUpperCase()}`.slice(0, 7);

  // The super admin invites from the couriers screen.
  const login = await request.post('/api/auth/super-admin/login', { data: SUPER });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  await page.goto('/superadmin/couriers');
  await page.getByRole('button', { name: 'Invite a courier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a courier' });
  await dialog.getByLabel('Invitee email').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(page, `Invitation sent to ${email}`);
  const invitations = page.getByRole('table', { name: 'Invitations' });
  const row = invitations.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Pending');

  // The invitee reads the mail and opens the link (quoted-printable may fold it).
  const mail = await waitForMail(email, /courier-invitation\//);
  const unfolded = mail.raw.replace(/=\r?\n/g, '');
  const path = unfolded.match(/\/courier-invitation\/[\w-]+/)?.[0];
  if (!path) throw new Error('no invitation link in the mail');
  const invitee = await browser.newContext({ reducedMotion: 'reduce' });
  const setup = await invitee.newPage();
  setup.on('pageerror', (e) => errors.push(e.message));
  await setup.goto(path);
  await expect(setup.getByRole('heading', { name: 'Set up your courier' })).toBeVisible();
  await expect(setup.getByText(`You were invited as ${email}.`)).toBeVisible();

  // A mismatched confirmation is caught before anything is sent.
  await setup.getByLabel('Courier name').fill('Island Ship Express');
  await setup.getByLabel('Courier code').fill(code);
  await setup.getByLabel('First name').fill('Maya');
  await setup.getByLabel('Last name').fill('Brown');
  await setup.getByLabel('Password', { exact: true }).fill('IslandShip#2026');
  await setup.getByLabel('Confirm password').fill('IslandShip#2027');
  await setup.getByRole('button', { name: 'Set up courier' }).click();
  await expect(setup.getByText('Passwords do not match')).toBeVisible();
  await setup.getByLabel('Confirm password').fill('IslandShip#2026');
  await setup.getByRole('button', { name: 'Set up courier' }).click();

  // Signed in as the new courier's admin, on the dashboard with the set-up checklist.
  await expect(setup).toHaveURL(/\/admin\/dashboard$/);
  const checklist = setup.getByRole('list', { name: 'Set-up steps' });
  await expect(setup.getByRole('heading', { name: 'Set up your courier' })).toBeVisible();
  await expect(checklist.getByRole('listitem')).toHaveCount(8);
  await expect(checklist.getByRole('link', { name: 'Review your fees and taxes' })).toHaveAttribute('href', '/admin/settings?tab=fees');
  await expect(checklist.getByRole('link', { name: 'Add a branch' })).toHaveAttribute('href', '/admin/branches');
  await expect(checklist.getByRole('link', { name: 'Add your bank transfer details' })).toHaveAttribute(
    'href',
    '/admin/settings?tab=bank-details',
  );
  // The default rates of a new courier are there already; the bank details are not.
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Set your shipping rates' })).toHaveAttribute('data-done', 'true');
  const bankItem = checklist.getByRole('listitem').filter({ hasText: 'Add your bank transfer details' });
  await expect(bankItem).toHaveAttribute('data-done', 'false');

  // Following an item reaches its screen; filling it in ticks it on the way back.
  await checklist.getByRole('link', { name: 'Add your bank transfer details' }).click();
  await expect(setup).toHaveURL(/\/admin\/settings\?tab=bank-details$/);
  await expect(setup.getByRole('tab', { name: 'Bank Transfer Details' })).toHaveAttribute('aria-selected', 'true');
  const profile = (await (
    await setup.request.get('/api/auth/profile', {
      headers: { authorization: `Bearer ${await setup.evaluate(() => localStorage.getItem('token'))}` },
    })
  ).json()) as { courier: { id: number; code: string } };
  expect(profile.courier.code).toBe(code);
  const saved = await setup.request.put(`/api/couriers/${profile.courier.id}/bank-details`, {
    headers: { authorization: `Bearer ${await setup.evaluate(() => localStorage.getItem('token'))}` },
    data: { bank_details: 'NCB Savings\nAccount 123-456' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await setup.goto('/admin/dashboard');
  await expect(bankItem).toHaveAttribute('data-done', 'true');

  // The link works once: opened again, a clear page with the way home.
  const again = await invitee.newPage();
  await again.goto(path);
  await expect(again.getByRole('heading', { name: 'This invitation has expired or was already used' })).toBeVisible();
  await again.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(again).toHaveURL(/\/$/);

  // The super admin sees it used, with the courier it created.
  await page.reload();
  await expect(row).toContainText('Used');
  await expect(row.getByRole('link', { name: 'Island Ship Express' })).toBeVisible();
  await invitee.close();
  expect(errors).toEqual([]);
});

test('the super admin revokes a pending invitation after confirming, and its link stops working', async ({ page, request }) => {
  const email = `revoke-${randomBytes(3).toString('hex')}@islandship.test`;
  const login = await request.post('/api/auth/super-admin/login', { data: SUPER });
  const { token } = (await login.json()) as { token: string };
  const sent = await request.post('/api/platform/courier-invitations', {
    headers: { authorization: `Bearer ${token}` },
    data: { email },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const mail = await waitForMail(email, /courier-invitation\//);
  const path = mail.raw.replace(/=\r?\n/g, '').match(/\/courier-invitation\/[\w-]+/)?.[0];
  if (!path) throw new Error('no invitation link in the mail');

  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  await page.goto('/superadmin/couriers');
  const row = page.getByRole('table', { name: 'Invitations' }).getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: `Revoke the invitation to ${email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke invitation' });
  await expect(confirm).toContainText(`Revoke the invitation to ${email}? Its link stops working at once.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: `Revoke the invitation to ${email}` }).click();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expectToast(page, 'Invitation revoked');
  await expect(row).toContainText('Revoked');

  const res = await request.get(`/api${path.replace('/courier-invitation/', '/courier-invitations/')}`);
  expect(res.status()).toBe(410);
});
