import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { tokenFor } from '../support/auth';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/tickets-live-shots';
const PHONE = { width: 375, height: 740 };
const DESK = { width: 1280, height: 800 };
/**
 * Polling would take 30 s; a live reply must show well within that (a busy machine included), so
 * a pass here is the stream's doing.
 */
const LIVE = 12_000;

async function signedIn(browser: Browser, token: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return page;
}
const pageErrors: string[] = [];
const snap = (page: Page, name: string) => shot(page, { path: path.join(SHOTS, `${name}.png`), fullPage: false });
async function checkA11y(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('a reply appears live on the customer’s phone, with who is typing, and the desk sees it was seen', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const customerToken = await tokenFor(request, 'customer');
  const adminToken = await tokenFor(request, 'courier_admin');
  const subject = `Blender not in my account ${Date.now()}`;
  const created = await request.post('/api/tickets', {
    headers: { authorization: `Bearer ${customerToken}` },
    data: { subject, department: 'Packages', message: 'UPS says it was delivered to Miami yesterday.' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const ticket = (await created.json()) as { id: number; ticket_no: string };

  // The customer, on a phone, has the ticket open; the admin, at a desk, has its page open.
  const customer = await signedIn(browser, customerToken, PHONE);
  await customer.goto(`/customer/support-tickets?ticket=${ticket.ticket_no}`);
  const thread = customer.getByRole('dialog', { name: subject });
  await expect(thread.getByText('UPS says it was delivered')).toBeVisible();
  const desk = await signedIn(browser, adminToken, DESK);
  await desk.goto(`/admin/support-tickets/${ticket.id}`);
  await expect(desk.getByRole('heading', { name: subject })).toBeVisible();

  // The admin types: the customer reads "Andrea is typing…" without a reload.
  const reply = desk.getByLabel('Reply');
  await reply.click();
  await reply.pressSequentially('We found it on the shelf', { delay: 20 });
  await expect(thread.getByTestId('typing-mark')).toHaveText('Andrea is typing…', { timeout: LIVE });
  await snap(customer, 'typing-customer-375');
  await checkA11y(customer);

  // The reply arrives in the open thread; the typing mark goes.
  await reply.pressSequentially('; it flies on Thursday.');
  await desk.getByRole('button', { name: 'Send reply' }).click();
  await expect(thread.getByText('We found it on the shelf; it flies on Thursday.')).toBeVisible({ timeout: LIVE });
  await expect(thread.getByTestId('typing-mark')).toHaveText('');
  await snap(customer, 'reply-live-customer-375');

  // The customer's open thread read it: the desk shows "Seen" under its reply.
  const mine = desk.getByRole('listitem').filter({ hasText: 'We found it on the shelf' });
  await expect(mine.getByText('Seen')).toBeVisible({ timeout: LIVE });
  await snap(desk, 'seen-desk');
  await checkA11y(desk);

  // The customer answers with the keyboard alone; it reaches the desk live.
  await thread.getByLabel('Reply').focus();
  await customer.keyboard.type('Thank you!');
  const send = thread.getByRole('button', { name: 'Send reply' });
  for (let i = 0; i < 6 && !(await send.evaluate((el) => el === document.activeElement)); i++) await customer.keyboard.press('Tab');
  await expect(send).toBeFocused();
  await customer.keyboard.press('Enter');
  await expect(desk.getByText('Thank you!')).toBeVisible({ timeout: LIVE });

  // Dark mode, both sides.
  await customer.emulateMedia({ colorScheme: 'dark' });
  await desk.emulateMedia({ colorScheme: 'dark' });
  await snap(customer, 'thread-customer-375-dark');
  await snap(desk, 'thread-desk-dark');
  await checkA11y(customer);
  await checkA11y(desk);
  expect(pageErrors).toEqual([]);
});

test('with the stream refused, a reply still arrives by polling', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const customerToken = await tokenFor(request, 'customer');
  const adminToken = await tokenFor(request, 'courier_admin');
  const subject = `Polling fallback ${Date.now()}`;
  const created = await request.post('/api/tickets', {
    headers: { authorization: `Bearer ${customerToken}` },
    data: { subject, department: 'Billing', message: 'Was I charged twice?' },
  });
  const ticket = (await created.json()) as { id: number; ticket_no: string };
  const customer = await signedIn(browser, customerToken, PHONE);
  // A proxy that will not stream: the stream's request fails every time.
  await customer.route('**/api/tickets/live', (route) => route.fulfill({ status: 502, body: '' }));
  await customer.clock.install();
  await customer.goto(`/customer/support-tickets?ticket=${ticket.ticket_no}`);
  const thread = customer.getByRole('dialog', { name: subject });
  await expect(thread.getByText('Was I charged twice?')).toBeVisible();
  const answered = await request.post(`/api/tickets/${ticket.id}/messages`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { message: 'Only once: the second was a hold that drops off.' },
  });
  expect(answered.ok()).toBe(true);
  await customer.clock.fastForward(30_000);
  await expect(thread.getByText('Only once: the second was a hold')).toBeVisible({ timeout: 15_000 });
});
