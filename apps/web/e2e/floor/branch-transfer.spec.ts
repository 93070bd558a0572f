import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { tokenFor } from '../support/auth';
import { waitForMail } from '../support/mailbox';
import { workerPorts } from '../support/ports';
import { auth, receivePackage, registerCustomer } from '../support/services';
import { shot } from '../support/screenshots';

/** A "ready for pickup" message (its own, or the invoice's that says so), by its subject. */
const READY = /^Subject: .*ready for pickup/im;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/transfer-shots';

async function pageAs(browser: import('@playwright/test').Browser, token: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  return page;
}

const toast = (page: Page, text: string | RegExp) =>
  expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();

/** Every message the sink holds for one address whose text matches. */
async function mailsTo(to: string, match: RegExp) {
  const messages = (await (await fetch(`http://127.0.0.1:${workerPorts().mailbox}/messages`)).json()) as Array<{
    to: string[];
    raw: string;
  }>;
  return messages.filter((m) => m.to.includes(to) && match.test(m.raw));
}

test('a parcel for Chapelton cleared at May Pen travels on a transfer and is ready, and its customer told, only once Chapelton scans it in', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await tokenFor(request, 'courier_admin');
  const manager = await tokenFor(request, 'branch_manager');
  const branches = (await (await request.get('/api/branches/options', { headers: auth(admin) })).json()) as Array<{
    id: number;
    name: string;
  }>;
  const mayPen = branches.find((b) => b.name === 'May Pen')?.id;
  const chapelton = branches.find((b) => b.name === 'Chapelton')?.id;
  // A new customer who collects at Chapelton.
  const customer = await registerCustomer(request, { firstName: 'Chapelton' });
  expect(customer.branchId).toBe(chapelton);
  const pkg = await receivePackage(request, admin, { mailbox: customer.mailbox, weightLb: 3, description: 'Rice cooker' });

  // The flight lands at May Pen: reconciled there and cleared at customs.
  const api = async (method: 'post' | 'get', url: string, data?: object, token = manager) => {
    const res = await request[method](`/api${url}`, { headers: auth(token), ...(data ? { data } : {}) });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  const manifest = await api('post', '/manifests', { type: 'AIR', branchId: mayPen });
  await api('post', `/manifests/${manifest.id}/packages`, { packageIds: [pkg.id] });
  for (const step of ['close', 'ship', 'arrive']) await api('post', `/manifests/${manifest.id}/${step}`);
  await api('post', `/manifests/${manifest.id}/reconciliation/scans`, { trackingNumber: pkg.trackingNumber });
  await api('post', `/manifests/${manifest.id}/ready`, undefined, admin);
  const cleared = await api('get', `/packages/${pkg.id}`, undefined, admin);
  expect(cleared.status).toBe('at_customs');
  expect(cleared.events.map((e: { note: string | null }) => e.note)).toContain(
    'Cleared customs at May Pen; collected at Chapelton: waits for a transfer',
  );

  // May Pen loads it on a transfer to Chapelton by scan, with the keyboard, and sends it.
  const mayPenDesk = await pageAs(browser, manager);
  await mayPenDesk.goto('/staff/transfers');
  await expect(mayPenDesk.getByRole('heading', { name: 'Transfers', level: 1 })).toBeVisible();
  await mayPenDesk.getByRole('button', { name: 'New transfer' }).click();
  const dialog = mayPenDesk.getByRole('dialog', { name: 'New transfer' });
  await expect(dialog.getByLabel('From branch')).toHaveValue(String(mayPen));
  await dialog.getByLabel('To branch').selectOption({ label: 'Chapelton' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await toast(mayPenDesk, /Transfer created: TRF-\d{6}/);
  const scanField = mayPenDesk.getByRole('textbox', { name: /Scan a parcel onto the transfer to Chapelton/ });
  await expect(scanField).toBeFocused();
  await mayPenDesk.keyboard.type(pkg.packageNumber.toLowerCase());
  await mayPenDesk.keyboard.press('Enter');
  await expect(mayPenDesk.getByRole('status').filter({ hasText: `${pkg.packageNumber} added` })).toBeVisible();
  await expect(mayPenDesk.getByRole('heading', { name: 'Parcels (1)' })).toBeVisible();
  await mayPenDesk.getByRole('button', { name: 'Send transfer' }).click();
  await mayPenDesk.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
  await toast(mayPenDesk, 'Transfer sent');
  await expect(mayPenDesk.getByText('Sent', { exact: true }).first()).toBeVisible();
  const transferNumber = (await mayPenDesk.getByRole('heading', { level: 2 }).first().textContent()) ?? '';
  expect(transferNumber).toMatch(/^TRF-\d{6}$/);
  await mayPenDesk.setViewportSize({ width: 375, height: 800 });
  await shot(mayPenDesk, { path: `${SHOTS}/transfer-sent-375.png`, fullPage: true });
  const onTheVan = await api('get', `/packages/${pkg.id}`, undefined, admin);
  expect(onTheVan.status).toBe('in_transfer');
  // Not ready yet: the customer has been told nothing of pickup.
  expect(await mailsTo(customer.email, READY)).toHaveLength(0);

  // Chapelton scans it in: the transfer is received, the parcel ready there, the customer told.
  const chapeltonDesk = await pageAs(browser, await tokenFor(request, 'courier_admin'));
  await chapeltonDesk.goto('/admin/transfers');
  const list = chapeltonDesk.getByRole('table', { name: 'Transfers' });
  await list.getByRole('button', { name: `Open ${transferNumber}` }).click();
  const scanIn = chapeltonDesk.getByRole('textbox', { name: 'Scan parcels in at Chapelton' });
  await expect(scanIn).toBeFocused();
  await chapeltonDesk.keyboard.type(pkg.trackingNumber);
  await chapeltonDesk.keyboard.press('Enter');
  await expect(chapeltonDesk.getByRole('status').filter({ hasText: `${pkg.packageNumber} scanned in` })).toBeVisible();
  await expect(chapeltonDesk.getByText('Received', { exact: true }).first()).toBeVisible();
  await expect(chapeltonDesk.getByRole('heading', { name: 'Missing (0)' })).toBeVisible();
  await chapeltonDesk.emulateMedia({ colorScheme: 'dark' });
  await shot(chapeltonDesk, { path: `${SHOTS}/transfer-received-dark.png`, fullPage: true });

  const ready = await api('get', `/packages/${pkg.id}`, undefined, admin);
  expect(ready.status).toBe('ready_for_pickup');
  const mail = await waitForMail(customer.email, READY);
  // Quoted-printable folds long lines; unfold them to read the text.
  const text = mail.raw.replace(/=\r?\n/g, '');
  expect(text).toMatch(/at our Chapelton branch/);
  expect(text).not.toMatch(/at our May Pen branch/);
  expect(await mailsTo(customer.email, READY)).toHaveLength(1);
  // The history shows the transfer, step by step.
  const notes = ready.events.map((e: { note: string | null }) => e.note);
  expect(notes).toEqual(
    expect.arrayContaining([
      `Put on ${transferNumber} to Chapelton`,
      `Sent from May Pen to Chapelton on ${transferNumber}`,
      `Arrived at Chapelton on ${transferNumber}`,
    ]),
  );
});
