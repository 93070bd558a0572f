import { expect, test } from '../support/test';
import { tokenFor } from '../support/auth';

/** The customer's notification opens what it is about; "Mark all as read" clears the sidebar badge. */
test('a customer opens a notification on its ticket, then marks all read and the badge goes', async ({ page, request }) => {
  const adminToken = await tokenFor(request, 'courier_admin');
  const customerToken = await tokenFor(request, 'customer');
  const subject = `Where is my parcel ${Date.now()}`;
  const created = await request.post('/api/tickets', {
    headers: { authorization: `Bearer ${customerToken}` },
    data: { subject, department: 'Packages', message: 'It says delivered in Miami.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const ticket = (await created.json()) as { id: number; ticket_no: string };
  const reply = await request.post(`/api/tickets/${ticket.id}/messages`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { message: 'It is on the next flight.' },
  });
  expect(reply.status(), await reply.text()).toBe(201);

  await page.context().addInitScript((t) => window.localStorage.setItem('token', t), customerToken);
  await page.goto('/customer/dashboard');
  const nav = page.getByRole('navigation', { name: 'Customer navigation' });
  const item = nav.getByRole('link', { name: /^Notifications/ });
  // The badge: a count (9+ at most) after the label.
  await expect(item).toHaveText(/^Notifications(\d|9\+)$/);

  await item.click();
  await expect(page).toHaveURL(/\/customer\/notifications$/);
  await page.getByRole('link', { name: `Reply to ticket ${ticket.ticket_no}` }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/support-tickets\\?ticket=${ticket.ticket_no}$`));
  // The ticket opens in its dialog on the tickets page.
  await expect(page.getByRole('dialog', { name: subject })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await nav.getByRole('link', { name: /^Notifications/ }).click();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('0 unread')).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Notifications/ })).toHaveText('Notifications');
});
