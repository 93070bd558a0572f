import sharp from 'sharp';
import { tokenFor } from '../support/auth';
import { waitForMail } from '../support/mailbox';
import { expect, test } from '../support/test';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/contents-photo-shots';

/**
 * A photo of the contents as a paid extra: the customer asks for it on a phone (the price shown
 * before confirming), the station says so when the parcel is scanned, staff add a photo of the
 * contents and mark it done; the customer gets the e-mail, sees the photo, and the invoice of the
 * package has the fee as a line naming it.
 */
test('the customer asks for a photo of the contents on a phone; staff take it; the customer sees it and the invoice line', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = { authorization: `Bearer ${await tokenFor(request, 'courier_admin')}` };
  const customerToken = await tokenFor(request, 'customer');
  const staffToken = await tokenFor(request, 'staff');
  const tracking = `1ZCPH${Date.now().toString().slice(-10)}`;
  const received = await request.post('/api/packages', {
    headers: admin,
    data: { trackingNumber: tracking, weightLb: 3, mailbox: 'JXP-10001', merchant: 'Target', description: 'Headphones' },
  });
  expect(received.status(), await received.text()).toBe(201);
  const pkg = (await received.json()) as { id: number; packageNumber: string };

  // The customer, on a phone: the price first, then the confirmation that says it again.
  const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await phone.newPage();
  await page.addInitScript((t) => window.localStorage.setItem('token', t), customerToken);
  await page.goto(`/customer/packages?package=${pkg.id}`);
  const panel = page.getByRole('region', { name: 'Photo of contents' });
  await expect(panel).toContainText('for JMD 500.00, added to this package');
  await panel.getByRole('button', { name: 'Ask for a photo of the contents' }).click();
  const confirm = page.getByRole('dialog', { name: 'Ask for a photo of the contents?' });
  await expect(confirm).toContainText('JMD 500.00 (Photo of contents) goes on this package');
  await shot(page, { path: `${SHOTS}/01-confirm-375.png` });
  await confirm.getByRole('button', { name: 'Confirm for JMD 500.00' }).click();
  await expect(panel.getByRole('status')).toContainText('We will e-mail you when the photos are taken');
  await expect(panel.getByRole('button', { name: 'Cancel request' })).toBeVisible();
  await shot(page, { path: `${SHOTS}/02-requested-375.png` });

  // The station: the parcel scanned again says a photo of the contents is waiting.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await desk.newPage();
  await staff.addInitScript((t) => window.localStorage.setItem('token', t), staffToken);
  await staff.goto('/staff/scan');
  const field = staff.getByRole('textbox', { name: 'Tracking number', exact: true });
  await field.focus();
  await staff.keyboard.type(tracking, { delay: 0 });
  await staff.keyboard.press('Enter');
  await expect(staff.getByRole('alert').filter({ hasText: 'Photo of contents requested' })).toContainText(
    `open ${pkg.packageNumber}, photograph what is inside`,
  );
  await shot(staff, { path: `${SHOTS}/03-station-notice.png`, fullPage: true });

  // On the package: a photo of the contents, then done.
  await staff.goto(`/staff/packages?package=${pkg.id}`);
  const request_ = staff.getByRole('region', { name: 'Photo of contents requested' });
  await expect(request_).toContainText('The customer asked for a photo of the contents');
  await expect(request_.getByRole('button', { name: 'Done: send to the customer' })).toBeDisabled();
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 180, g: 140, b: 90 } } })
    .jpeg()
    .toBuffer();
  await request_.getByLabel('Contents photo file').setInputFiles({ name: 'contents.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(request_).toContainText('1 contents photo(s) taken');
  await request_.getByRole('button', { name: 'Done: send to the customer' }).click();
  await expect(staff.getByRole('dialog').getByRole('status').filter({ hasText: 'Photo of contents taken' })).toBeVisible();
  await shot(staff, { path: `${SHOTS}/04-staff-done.png`, fullPage: true });
  await desk.close();

  // The customer hears by e-mail and sees the photo of the contents.
  // The subject may be folded (at spaces) and the body wrapped (quoted-printable).
  const mail = await waitForMail('customer@example.test', new RegExp(`Photos\\s+of\\s+the\\s+contents\\s+of\\s+${pkg.packageNumber}`));
  expect(mail.raw.replace(/=\r?\n/g, '')).toContain('Photo of contents: JMD 500.00');
  await page.reload();
  const photos = page.getByRole('list', { name: 'Photos of the contents' });
  await expect(photos.getByRole('img')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Photo of contents' }).getByRole('button')).toHaveCount(0);
  await shot(page, { path: `${SHOTS}/05-customer-sees-375.png` });

  // The package's invoice, when it is ready, carries the fee as a line naming it.
  for (const status of ['in_transit', 'at_customs', 'ready_for_pickup']) {
    const moved = await request.post(`/api/packages/${pkg.id}/status`, { headers: admin, data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  const customer = { authorization: `Bearer ${customerToken}` };
  const own = await request.get('/api/invoices?limit=10', { headers: customer });
  const found = ((await own.json()) as { data: Array<{ invoiceNo: string }> }).data;
  const lines: string[] = [];
  for (const inv of found) {
    const one = (await (await request.get(`/api/invoices/${inv.invoiceNo}`, { headers: customer })).json()) as {
      lines: Array<{ description: string; amountCents: number }>;
    };
    lines.push(...one.lines.map((l) => `${l.description}: ${l.amountCents}`));
  }
  expect(lines).toContain(`Photo of contents ${pkg.packageNumber}: 50000`);
  await phone.close();
});
