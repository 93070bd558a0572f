import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { TICKET_POLL_MS } from '@courier/shared/constants/limits';
import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { tokenFor } from '../support/auth';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/tickets-shots';
/**
 * The bell and the badges poll every 30 s (TICKET_POLL_MS). The pages run on Playwright's
 * clock, which keeps time as usual until the journey moves it one interval ahead: the next poll
 * then happens at once instead of after up to 30 s of waiting (CI time). The count must
 * show within that one interval plus the request, with no reload.
 */
async function oneInterval(page: Page) {
  await page.clock.fastForward(TICKET_POLL_MS);
}
/** The request the poll makes, on a busy machine. */
const POLL_REQUEST = 15_000;
const PHONE = { width: 375, height: 740 };
/** The smallest PNG the API accepts by its magic bytes. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A page in its own browser context, signed in with the token (each person has their own storage). */
async function signedIn(browser: Browser, token: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return page;
}

/** Uncaught errors of any page of the journey; none are expected. */
const pageErrors: string[] = [];

/** Axe on the page once the toasts have gone (a toast fading out is read as low contrast). */
async function checkA11y(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
}

const snap = (page: Page, name: string) => shot(page, { path: path.join(SHOTS, `${name}.png`), fullPage: false });

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test.describe('support tickets', () => {
  test('a customer opens a ticket, the admin bell shows it, the admin answers, the customer sees the answer', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const adminToken = await tokenFor(request, 'courier_admin');
    const customerToken = await tokenFor(request, 'customer');
    const subject = `Parcel from Amazon not showing ${Date.now()}`;

    // The admin is already at work; the bell has nothing new yet.
    const admin = await signedIn(browser, adminToken);
    await admin.clock.install();
    await admin.goto('/admin/dashboard');
    const bell = admin.getByTestId('ticket-bell');
    await expect(bell).toBeVisible();
    await expect(bell).toHaveAccessibleName('Support tickets');

    // The customer opens a ticket with a photo.
    const customer = await signedIn(browser, customerToken);
    await customer.clock.install();
    await customer.goto('/customer/support-tickets');
    await expect(customer.getByRole('heading', { name: 'Support Tickets', level: 1 })).toBeVisible();
    await customer.getByRole('button', { name: 'New Ticket' }).click();
    const dialog = customer.getByRole('dialog', { name: 'New support ticket' });
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByLabel('Department').selectOption('Packages');
    await dialog.getByLabel('Message').fill('My tracking says delivered to Miami on Monday, but it is not in my account.');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'tracking.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByText('tracking.png')).toBeVisible();
    await checkA11y(customer);
    await dialog.getByRole('button', { name: 'Create ticket' }).click();
    await expect(customer.locator('[data-sonner-toast]').filter({ hasText: 'Ticket created successfully' })).toBeVisible();
    await expect(customer.getByRole('button', { name: new RegExp(subject) })).toBeVisible();
    // Read on this ticket's own row: other journeys may have left tickets of the same customer.
    await expect(customer.getByRole('button', { name: new RegExp(subject) })).toContainText('Awaiting answer');

    // Within one polling interval the admin's bell counts it, without a reload.
    await oneInterval(admin);
    await expect(bell).toHaveAccessibleName('Support tickets: 1 unread', { timeout: POLL_REQUEST });
    await expect(bell).toHaveText('1');
    const sidebarItem = admin.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: /Support Tickets/ });
    await expect(sidebarItem).toContainText('1', { timeout: POLL_REQUEST });
    await bell.click();
    const menu = admin.getByRole('menu');
    await expect(menu.getByText('Unread tickets')).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /View All Tickets/ })).toBeVisible();
    await snap(admin, 'bell-open-desktop');
    await checkA11y(admin);

    // Opening it from the bell lands on the support-tickets page with ?ticket= and that ticket open.
    await menu.getByRole('menuitem', { name: new RegExp(subject) }).click();
    await expect(admin).toHaveURL(/\/admin\/support-tickets\?ticket=TKT-\d{6}$/);
    const ticketNo = new URL(admin.url()).searchParams.get('ticket') ?? '';
    const thread = admin.getByRole('dialog', { name: `Ticket ${ticketNo}` });
    await expect(thread.getByText('My tracking says delivered to Miami')).toBeVisible();
    await expect(thread.getByRole('button', { name: 'tracking.png' })).toBeVisible();
    // The attachment opens for the courier's admin (fetched with the session, not a public link).
    const [tab] = await Promise.all([admin.context().waitForEvent('page'), thread.getByRole('button', { name: 'tracking.png' }).click()]);
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();
    // Opening it read it: the bell is clear again (its page sits behind the modal thread, so the attribute is read).
    await expect(bell).toHaveAttribute('aria-label', 'Support tickets');

    await thread.getByLabel('Status').selectOption('In Progress');
    await expect(admin.locator('[data-sonner-toast]').filter({ hasText: 'Ticket status updated' })).toBeVisible();
    await thread.getByLabel('Reply').fill('We found it at the Miami warehouse; it flies to Kingston on Thursday.');
    await thread.getByRole('button', { name: 'Send reply' }).click();
    const sent = admin.locator('[data-sonner-toast]').filter({ hasText: 'Reply sent' });
    await expect(sent).toBeVisible();
    // Toasts sit below the header, never over its controls.
    const header = await admin.locator('header').first().boundingBox();
    const toastBox = await sent.boundingBox();
    expect(toastBox && header && toastBox.y >= header.y + header.height).toBe(true);
    await expect(thread.getByText('We found it at the Miami warehouse')).toBeVisible();
    await expect(thread.getByLabel('Status')).toHaveValue('In Progress');
    await snap(admin, 'ticket-thread-admin-desktop');
    await checkA11y(admin);
    await thread.getByRole('button', { name: 'Close' }).click();
    await expect(admin).toHaveURL(/\/admin\/support-tickets$/);
    await expect(admin.getByRole('table')).toContainText(ticketNo);
    await snap(admin, 'ticket-list-admin-desktop');
    await checkA11y(admin);

    // The ticket also has its own page (support-tickets/{id}).
    await admin.getByRole('link', { name: ticketNo }).click();
    await expect(admin).toHaveURL(/\/admin\/support-tickets\/\d+$/);
    await expect(admin.getByRole('heading', { name: subject })).toBeVisible();
    await checkA11y(admin);

    // The customer's sidebar badge appears within one interval; the ticket shows the answer.
    const customerItem = customer.getByRole('navigation', { name: 'Customer navigation' }).getByRole('link', { name: /Support Tickets/ });
    await oneInterval(customer);
    await expect(customerItem).toContainText('1', { timeout: POLL_REQUEST });
    await expect(customer.getByText('New reply')).toBeVisible({ timeout: POLL_REQUEST });
    await customer.getByRole('button', { name: new RegExp(subject) }).click();
    const customerThread = customer.getByRole('dialog', { name: subject });
    await expect(customerThread.getByText('We found it at the Miami warehouse')).toBeVisible();
    await expect(customerThread.getByText('In Progress').first()).toBeVisible();
    await snap(customer, 'ticket-thread-customer-desktop');
    await checkA11y(customer);
    await customerThread.getByRole('button', { name: 'Close' }).click();
    // Reading the answer clears the customer's badge.
    await expect(customerItem).toHaveText('Support Tickets');
    await snap(customer, 'ticket-list-customer-desktop');

    // The same screens on a phone.
    const adminPhone = await signedIn(browser, adminToken, PHONE);
    await adminPhone.goto('/admin/support-tickets');
    // Under 640 px the list is cards, not a table.
    await expect(adminPhone.getByRole('list', { name: 'Support tickets' })).toContainText(ticketNo);
    await snap(adminPhone, 'ticket-list-admin-375');
    await adminPhone.getByTestId('ticket-bell').click();
    await expect(adminPhone.getByRole('menu').getByText('No unread tickets')).toBeVisible();
    await snap(adminPhone, 'bell-open-375');
    await adminPhone.keyboard.press('Escape');
    await adminPhone.goto(`/admin/support-tickets?ticket=${ticketNo}`);
    await expect(adminPhone.getByRole('dialog').getByText('We found it at the Miami warehouse')).toBeVisible();
    await snap(adminPhone, 'ticket-thread-admin-375');
    const customerPhone = await signedIn(browser, customerToken, PHONE);
    await customerPhone.goto(`/customer/support-tickets?ticket=${ticketNo}`);
    await expect(customerPhone.getByRole('dialog').getByText('We found it at the Miami warehouse')).toBeVisible();
    await snap(customerPhone, 'ticket-thread-customer-375');
    await customerPhone.goto('/customer/support-tickets');
    await expect(customerPhone.getByRole('button', { name: new RegExp(subject) })).toBeVisible();
    await snap(customerPhone, 'ticket-list-customer-375');

    // The super admin's bell links to their own support-tickets page with the courier.
    const superToken = await tokenFor(request, 'super_admin');
    const superAdmin = await signedIn(browser, superToken);
    await superAdmin.goto('/superadmin/dashboard');
    await superAdmin.getByTestId('ticket-bell').click();
    await superAdmin
      .getByRole('menu')
      .getByRole('menuitem', { name: new RegExp(subject) })
      .click();
    await expect(superAdmin).toHaveURL(new RegExp(`/superadmin/support-tickets\\?ticket=${ticketNo}&courier=\\d+$`));
    await expect(superAdmin.getByRole('dialog').getByText('We found it at the Miami warehouse')).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('a staff member without tickets_view has no Support Tickets item and no bell', async ({ browser, request }) => {
    const adminToken = await tokenFor(request, 'courier_admin');
    const auth = { authorization: `Bearer ${adminToken}` };
    const branches = await request.get('/api/branches/options', { headers: auth });
    const [branch] = (await branches.json()) as Array<{ id: number }>;
    if (!branch) throw new Error('the demo data has no branch');
    const role = await request.post('/api/roles', {
      headers: auth,
      data: { name: `Warehouse only ${Date.now()}`, permissions: ['dashboard_view', 'packages_view', 'packages_scan'] },
    });
    expect(role.ok(), await role.text()).toBe(true);
    const email = `no-tickets-${Date.now()}@jamaicaexpress.test`;
    const password = 'Warehouse#2026';
    const staff = await request.post('/api/staff', {
      headers: auth,
      data: {
        firstName: 'Devon',
        lastName: 'Reid',
        email,
        role: 'staff',
        roleId: ((await role.json()) as { id: number }).id,
        branchId: branch.id,
        password,
      },
    });
    expect(staff.ok(), await staff.text()).toBe(true);

    const page = await signedIn(browser, await tokenFor(request, { email, password, apiLogin: '/api/auth/staff/login' }));
    await page.goto('/staff/dashboard');
    const nav = page.getByRole('navigation', { name: 'Staff navigation' });
    await expect(nav.getByRole('link', { name: 'Packages' })).toBeVisible();
    await expect(nav.getByRole('link', { name: /Support Tickets/ })).toHaveCount(0);
    await expect(page.getByTestId('ticket-bell')).toHaveCount(0);
    // Without time_tracking_view there is no clock either; the demo staff member has one on their dashboard.
    await expect(page.getByText('Time clock')).toHaveCount(0);
    const demoStaff = await signedIn(browser, await tokenFor(request, 'staff'));
    await demoStaff.goto('/staff/dashboard');
    await expect(demoStaff.getByText('You are clocked out')).toBeVisible();
    await demoStaff.getByRole('button', { name: 'Clock in' }).click();
    await expect(demoStaff.locator('[data-sonner-toast]').filter({ hasText: 'Clocked in' })).toBeVisible();
    await expect(demoStaff.getByText(/Clocked in since/)).toBeVisible();
    await expect(demoStaff.getByTestId('ticket-bell')).toBeVisible();
  });

  test('the pickers: a branch audience for batch e-mails, chosen couriers for an announcement that reaches the admin feed', async ({
    browser,
    request,
  }) => {
    const adminToken = await tokenFor(request, 'courier_admin');
    const admin = await signedIn(browser, adminToken);
    await admin.goto('/admin/batch-emails');
    await admin.getByLabel('Audience').selectOption('branch');
    const branch = admin.getByLabel('Branch');
    await expect(branch.locator('option', { hasText: 'May Pen' })).toHaveCount(1);
    await branch.selectOption({ label: 'May Pen' });
    await snap(admin, 'batch-email-branch-picker-desktop');
    await checkA11y(admin);

    const superToken = await tokenFor(request, 'super_admin');
    const superAdmin = await signedIn(browser, superToken, PHONE);
    await superAdmin.goto('/superadmin/notifications');
    const title = `Hurricane closure ${Date.now()}`;
    await superAdmin.getByLabel('Title').fill(title);
    await superAdmin.getByLabel('Message').fill('Warehouses close at noon on Friday.');
    await superAdmin.getByLabel('Send to').selectOption('chosen');
    await superAdmin.getByRole('checkbox', { name: 'Jamaica Express Post (JXP)' }).check();
    await snap(superAdmin, 'announcement-couriers-375');
    await checkA11y(superAdmin);
    await superAdmin.getByRole('button', { name: 'Send announcement' }).click();
    await expect(superAdmin.locator('[data-sonner-toast]').filter({ hasText: 'Announcement sent' })).toBeVisible();
    await expect(superAdmin.getByText(title)).toBeVisible();

    await admin.goto('/admin/notifications');
    await expect(admin.getByText(title)).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
});
