import { expect, test } from '../support/test';
import { unfoldHeaders, waitForMail } from '../support/mailbox';

test('assisted purchase: the Missing Information toast, then a real request with extra items', async ({ page }) => {
  await page.goto('/assisted-purchase');
  const form = page.getByRole('form', { name: 'Assisted purchase request' });
  await form.getByRole('button', { name: 'Submit Request' }).click();
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toContainText('Missing Information');
  await expect(toast).toContainText('Please fill in your name, email, and details for at least one item.');
  await expect(form.getByText('Full name is required')).toBeVisible();

  const unique = `Nike Air Max 90, size 9, white ${Date.now()}`;
  await form.getByLabel('Full name').fill('Shanice Walker');
  await form.getByLabel('Email').fill('shanice@example.test');
  await form.getByLabel('Item URL').first().fill('https://www.nike.com/t/air-max-90');
  await form.getByLabel('Item description').first().fill(unique);
  await form.getByLabel('Estimated price (USD)').first().fill('130.00');

  // Add two items, remove one: the remaining one is validated too.
  await form.getByRole('button', { name: 'Add another item' }).click();
  await form.getByRole('button', { name: 'Add another item' }).click();
  await expect(form.getByRole('group', { name: 'Item 3' })).toBeVisible();
  await form.getByRole('button', { name: 'Remove item 3' }).click();
  await expect(form.getByRole('group', { name: 'Item 3' })).toHaveCount(0);
  const item2 = form.getByRole('group', { name: 'Item 2' });
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(item2.getByText('Item URL is required')).toBeVisible();
  await item2.getByLabel('Item URL').fill('https://us.shein.com/dress-p-123.html');
  await item2.getByLabel('Item description').fill('Floral midi dress, size M');
  await item2.getByLabel('Quantity').fill('2');
  await form.getByLabel('Notes (optional)').fill('Please check the dress is in stock in green first.');

  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Request received! We'll e-mail you a quote before we buy anything.")).toBeVisible();

  const mail = await waitForMail('hello@jamaicaexpress.test', new RegExp(unique.split(' ').at(-1) ?? ''));
  // The body is quoted-printable: undo its soft line breaks before reading it.
  const body = mail.raw.replace(/=\r?\n/g, '');
  expect(unfoldHeaders(body)).toMatch(/Subject: Jamaica Express Post: Shop For Me request #/);
  expect(body).toContain('E-mail: shanice@example.test');
  expect(body).toContain('Floral midi dress, size M (qty 2, no estimate)');
  expect(body).toContain('(qty 1, est. USD 130.00 each)');

  await page.goto('/assisted-purchase');
  await expect(page.getByLabel('Full name')).toHaveValue('');
});

test('contact: every field required, then the message is sent and the form cleared', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  for (const message of ['Full name is required', 'Email is required', 'Please choose a subject', 'Message is required']) {
    await expect(form.getByText(message)).toBeVisible();
  }
  const subjects = await form
    .getByLabel('Subject')
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(subjects).toEqual(['', 'general', 'shipping', 'account', 'tracking', 'billing', 'other']);

  const marker = `ref-${Date.now()}`;
  await form.getByLabel('Full name').fill('Devon Thompson');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Subject').selectOption('tracking');
  await form.getByLabel('Message').fill(`My package has not arrived yet (${marker}).`);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Invalid email format')).toBeVisible();
  await form.getByLabel('Email').fill('devon@example.test');
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByText("Message sent! We'll get back to you within one business day.")).toBeVisible();
  await expect(form.getByLabel('Full name')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');
  const mail = await waitForMail('hello@jamaicaexpress.test', new RegExp(marker));
  expect(mail.raw).toContain('Package tracking from Devon Thompson');
});
