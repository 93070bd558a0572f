import ExcelJS from 'exceljs';
import type { APIRequestContext, Page } from '@playwright/test';
import { type MessagingSimulator, startMessagingSimulator } from '../../../api/src/modules/messaging/simulator';
import { loginAs, tokenFor } from '../support/auth';
import { mailsTo, subjectOf, waitForMail } from '../support/mailbox';
import { workerPorts } from '../support/ports';
import { auth, registerCustomer } from '../support/services';
import { signOnPad } from '../support/signature';
import { expect, test } from '../support/test';
import { shot } from '../support/screenshots';

/**
 * A forwarder's week, end to end: the Miami agent's Excel file (real date cells) imported with one
 * refused row, fixed and sent again; a parcel held for its invoice asks the customer for it; a
 * hazardous parcel the status buttons do not move; a flight of parcels built from the agent's
 * manifest file and shipped, each customer told once per event; arrival, reconciliation and make
 * ready, the "ready" notice by e-mail and on the SMS and WhatsApp the customer chose; a collection at
 * the counter. At the end, each customer's messages are counted.
 */

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/forwarder-week-shots';
const SID = `AC${'f'.repeat(32)}`;
const ANN_PARCELS = 24;
const BEN_PARCELS = 15;

let sim: MessagingSimulator;
test.beforeAll(async () => {
  sim = await startMessagingSimulator(workerPorts().messaging, '127.0.0.1', 50);
});
test.afterAll(async () => sim?.close());

/** The screens' waits: a loaded machine has taken over 10 s to answer a scan. */
const see = expect.configure({ timeout: 30_000 });

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** The agent's workbook as their office software saves it: a merged title, date cells, number formats. */
async function agentWorkbook(lines: Array<{ tracking: string; mailbox: string; weight: number | string; contents: string }>, day: Date) {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Miami Agent Office';
  const sheet = wb.addWorksheet('Receipts');
  sheet.addRow(['Miami warehouse receipts']);
  sheet.mergeCells('A1:F1');
  sheet.addRow(['Tracking #', 'Mailbox', 'Weight', 'Pcs', 'Contents', 'Date Received']).font = { bold: true };
  for (const line of lines) {
    const row = sheet.addRow([line.tracking, line.mailbox, line.weight, 1, line.contents, day]);
    row.getCell(3).numFmt = '0.00';
    row.getCell(6).numFmt = 'ddd mmm dd yyyy';
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function packageId(request: APIRequestContext, token: string, tracking: string): Promise<{ id: number; status: string }> {
  const res = await request.get(`/api/packages?search=${tracking}&limit=10`, { headers: auth(token) });
  expect(res.ok(), await res.text()).toBe(true);
  const found = ((await res.json()) as { data: Array<{ id: number; status: string; trackingNumber: string }> }).data.find(
    (p) => p.trackingNumber === tracking,
  );
  if (!found) throw new Error(`no package ${tracking}`);
  return found;
}

test('a forwarder’s week: the agent’s workbook, a fixed row, a hold, a hazard, a flight shipped with one notice per customer, ready, collected', async ({
  page,
  request,
}) => {
  // About 2 minutes on a quiet machine; at a load of 20 on 2 cores it has taken over 4.
  test.setTimeout(420_000);
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const admin = await tokenFor(request, 'courier_admin');
  const manager = await tokenFor(request, 'branch_manager');

  // The courier texts "ready for pickup" by SMS and WhatsApp (the simulator stands in for Twilio).
  const settings = await request.put('/api/settings/messaging', {
    headers: auth(admin),
    data: {
      baseUrl: sim.origin,
      accountSid: SID,
      authToken: 'week-auth-token',
      smsFrom: '+18765550000',
      whatsappFrom: '+18765550001',
      events: { package_ready: { sms: true, whatsapp: true, template: 'Hi {firstName}, {title}. {link}' } },
    },
  });
  expect(settings.ok(), await settings.text()).toBe(true);

  // Three customers who collect at May Pen, where the flight arrives: Ann reads e-mail; Ben chose SMS and WhatsApp for "ready"; Cy pre-alerted without the invoice.
  const ann = await registerCustomer(request, { firstName: 'Ann', lastName: `Week${stamp}`, branchName: 'May Pen' });
  const ben = await registerCustomer(request, { firstName: 'Ben', lastName: `Week${stamp}`, branchName: 'May Pen' });
  const cy = await registerCustomer(request, { firstName: 'Cy', lastName: `Week${stamp}`, branchName: 'May Pen' });
  const phoneDigits = String(Date.now()).slice(-4);
  const phone = `+1876555${phoneDigits}`;
  expect(
    (await request.post('/api/customer/messaging/phone', { headers: auth(ben.token), data: { phone: `876-555-${phoneDigits}` } })).ok(),
  ).toBe(true);
  await expect.poll(() => sim.inbox.find((m) => m.to === phone && m.channel === 'sms')?.body ?? '', { timeout: 15_000 }).toMatch(/\d{6}/);
  const code = /(\d{6})/.exec(sim.inbox.find((m) => m.to === phone && m.channel === 'sms')?.body ?? '')?.[1] ?? '';
  expect((await request.post('/api/customer/messaging/phone/confirm', { headers: auth(ben.token), data: { code } })).ok()).toBe(true);
  const afterCode = sim.inbox.length;
  const chose = await request.put('/api/customer/messaging/channels', {
    headers: auth(ben.token),
    data: { chosen: { package_ready: ['sms', 'whatsapp'] } },
  });
  expect(chose.ok(), await chose.text()).toBe(true);
  const heldTracking = `1ZWKH${stamp}0001`;
  const pre = await request.post('/api/customer/pre-alerts', {
    headers: auth(cy.token),
    data: { trackingNumber: heldTracking, merchant: 'Amazon', description: 'Phone case', declaredValueUsdCents: 1500 },
  });
  expect(pre.ok(), await pre.text()).toBe(true);

  // The agent's workbook: Ann's and Ben's parcels, Cy's, a lithium parcel of Ann's, and a row with a weight in words.
  const annTracking = Array.from({ length: ANN_PARCELS }, (_, i) => `1ZWKA${stamp}${String(i).padStart(4, '0')}`);
  const benTracking = Array.from({ length: BEN_PARCELS }, (_, i) => `1ZWKB${stamp}${String(i).padStart(4, '0')}`);
  const hazardTracking = `1ZWKZ${stamp}0001`;
  const fixedTracking = `1ZWKF${stamp}0001`;
  const lines = [
    ...annTracking.map((tracking, i) => ({ tracking, mailbox: ann.mailbox, weight: 1 + (i % 5), contents: `Clothes ${i}` })),
    ...benTracking.map((tracking, i) => ({ tracking, mailbox: ben.mailbox, weight: 2.5 + (i % 3), contents: `Parts ${i}` })),
    { tracking: heldTracking, mailbox: cy.mailbox, weight: 0.8, contents: 'Phone case' },
    { tracking: hazardTracking, mailbox: ann.mailbox, weight: 1.2, contents: 'Power bank' },
    { tracking: fixedTracking, mailbox: ben.mailbox, weight: 'about 3', contents: 'Brake pads' },
  ];
  // Received two days ago (a date cell, not text).
  const day = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 2));
  const fileName = `agent-week-${stamp}.xlsx`;
  const workbook = await agentWorkbook(lines, day);

  await loginAs(page, request, 'courier_admin');
  await page.goto('/admin/package-import');
  await page.getByLabel('The warehouse agent’s file (CSV or Excel .xlsx)').setInputFiles({
    name: fileName,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook,
  });
  await page.getByRole('button', { name: 'Read the file' }).click();
  const mapping = page.getByRole('form', { name: 'Column mapping' });
  await see(mapping.getByText(`${fileName}: ${lines.length} rows`)).toBeVisible();
  await mapping.getByRole('button', { name: 'Check every row' }).click();
  const summary = page.getByRole('list', { name: 'Summary' });
  await see(summary).toContainText('Not imported (errors): 1');
  const preview = page.getByRole('table', { name: 'What the import will do with each row' });
  await see(preview).toContainText('The weight "about 3" is not a number of pounds');
  // The date cells are read as dates: no row is refused or flagged for its date.
  await see(preview).not.toContainText('is not a date');
  await shot(page, { path: `${SHOTS}/01-import-preview.png`, fullPage: true });
  await page.getByRole('button', { name: `Import ${lines.length - 1} packages` }).click();
  await see(page.getByText(`Import finished: ${fileName}`)).toBeVisible({ timeout: 60_000 });

  // The refused row, fixed and sent again from the file's entry.
  await page.getByRole('button', { name: 'Import another file' }).click();
  const entry = page.getByRole('listitem').filter({ hasText: fileName });
  await entry.getByRole('button', { name: 'Fix refused rows' }).click();
  const refusedRow = lines.length + 2; // after the title and the header
  await entry.getByLabel(`Row ${refusedRow} Weight`).fill('3');
  await shot(page, { path: `${SHOTS}/02-refused-row-fixed.png`, fullPage: true });
  await entry.getByRole('button', { name: `Send row ${refusedRow} again` }).click();
  await see(toast(page, new RegExp(`Row ${refusedRow}: Received as PKG-`))).toBeVisible();

  // Cy's parcel was held for the invoice by the import: she is told what to send.
  const held = await packageId(request, admin, heldTracking);
  expect(held.status).toBe('on_hold');
  const ask = await waitForMail(cy.email, /Merchant invoice needed/);
  expect(ask.raw.replace(/=\r?\n/g, '')).toContain('Upload the merchant invoice');

  // The lithium parcel: flagged, and a plain staff member's status buttons offer no way on.
  const hazard = await packageId(request, admin, hazardTracking);
  const flag = await request.post(`/api/packages/${hazard.id}/hazard`, {
    headers: auth(manager),
    data: { level: 'hazardous', category: 'lithium_batteries' },
  });
  expect(flag.ok(), await flag.text()).toBe(true);
  await loginAs(page, request, 'staff');
  await page.goto(`/staff/packages?package=${hazard.id}`);
  const hazardDialog = page.getByRole('dialog');
  await see(hazardDialog.getByRole('button', { name: 'On Hold', exact: true })).toBeVisible({ timeout: 30_000 });
  await see(hazardDialog.getByRole('button', { name: 'In Transit', exact: true })).toHaveCount(0);
  await shot(page, { path: `${SHOTS}/03-hazard-buttons.png`, fullPage: true });

  // The flight: a manifest built from the agent's manifest file (the lithium parcel refused), closed and shipped.
  const flight = [...annTracking, ...benTracking, fixedTracking];
  await loginAs(page, request, 'branch_manager');
  await page.goto('/staff/maniefest');
  await page.getByRole('button', { name: 'New manifest' }).click();
  const create = page.getByRole('dialog', { name: 'New manifest' });
  await create.getByLabel('Flight').fill('JM 048');
  await create.getByRole('button', { name: 'Create' }).click();
  const created = toast(page, /Manifest created: MAN-\d{6}/);
  await see(created).toBeVisible();
  const manifestNumber = /MAN-\d{6}/.exec((await created.textContent()) ?? '')?.[0] ?? '';
  const dialog = page.getByRole('dialog', { name: `AIR manifest ${manifestNumber}` });
  await dialog.getByLabel('Warehouse manifest CSV').setInputFiles({
    name: `${manifestNumber}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(['Tracking #,Consignee,Pcs', ...[...flight, hazardTracking].map((t) => `${t},,1`)].join('\n')),
  });
  const report = dialog.getByRole('status').filter({ hasText: 'Import:' });
  await see(report).toContainText(`Import: ${flight.length} accepted, 1 refused`, { timeout: 30_000 });
  await see(report).toContainText(`${hazardTracking} refused:`);
  await shot(page, { path: `${SHOTS}/04-manifest-built.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Close manifest' }).click();
  await page.getByRole('dialog', { name: 'Close the manifest' }).getByText('Close', { exact: true }).click();
  await see(toast(page, 'Manifest closed')).toBeVisible();
  await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
  await page.getByRole('dialog', { name: 'Ship the manifest' }).getByRole('button', { name: 'Ship', exact: true }).click();
  await see(toast(page, 'Manifest shipped: the customers are told')).toBeVisible({ timeout: 30_000 });

  // One "shipped" e-mail per customer for all their parcels on the flight.
  await waitForMail(ann.email, new RegExp(`${ANN_PARCELS} packages shipped to Jamaica on ${manifestNumber}`));
  await waitForMail(ben.email, new RegExp(`${BEN_PARCELS + 1} packages shipped to Jamaica on ${manifestNumber}`));

  // Arrival, reconciliation (the first parcel scanned at the screen, the rest by the same call), make ready.
  await dialog.getByRole('button', { name: 'Mark arrived' }).click();
  await page.getByRole('dialog', { name: 'Manifest arrived' }).getByRole('button', { name: 'Mark arrived' }).click();
  await see(toast(page, 'Manifest arrived')).toBeVisible();
  await dialog.getByRole('button', { name: 'Reconcile' }).click();
  await page.waitForURL(/\/staff\/reconciliation\?manifest=\d+/);
  const manifestId = Number(new URL(page.url()).searchParams.get('manifest'));
  await page.getByLabel('Scan a package').fill(flight[0] as string);
  await page.getByLabel('Scan a package').press('Enter');
  await see(page.getByText('Received (1)', { exact: true })).toBeVisible();
  for (const trackingNumber of flight.slice(1)) {
    const scan = await request.post(`/api/manifests/${manifestId}/reconciliation/scans`, {
      headers: auth(manager),
      data: { trackingNumber },
    });
    expect(scan.ok(), await scan.text()).toBe(true);
  }
  await page.reload();
  await see(page.getByText(`Received (${flight.length})`, { exact: true })).toBeVisible();
  await see(page.getByText('Missing (0)', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Close reconciliation' }).click();
  await page.getByRole('dialog', { name: 'Close reconciliation' }).getByText('Close', { exact: true }).click();
  await page.getByRole('button', { name: 'Cleared customs: make ready for pickup' }).click();
  await see(toast(page, 'Cleared packages are ready for pickup')).toBeVisible({ timeout: 30_000 });
  await shot(page, { path: `${SHOTS}/05-made-ready.png`, fullPage: true });

  // "Ready": Ann by the invoice e-mail that says so; Ben by e-mail and once on each channel he chose.
  await waitForMail(ann.email, /Packages ready for pickup: invoice INV-\d+/);
  await waitForMail(ben.email, /Packages ready for pickup: invoice INV-\d+/);
  await expect
    .poll(
      () =>
        sim.inbox
          .filter((m) => m.to === phone && m.body.includes('ready for pickup'))
          .map((m) => m.channel)
          .sort(),
      {
        timeout: 20_000,
      },
    )
    .toEqual(['sms', 'whatsapp']);
  expect(sim.inbox.find((m) => m.to === phone && m.channel === 'sms' && m.body.includes('ready'))?.body).toContain(
    `${BEN_PARCELS + 1} packages ready for pickup`,
  );

  // The counter: Ann pays and collects, signing on the pad.
  const invoices = await request.get('/api/invoices?limit=50', { headers: auth(ann.token) });
  const invoice = ((await invoices.json()) as { data: Array<{ invoiceNo: string; status: string; balanceCents: number }> }).data.find(
    (i) => i.status === 'unpaid',
  );
  if (!invoice) throw new Error('making the flight ready issued Ann no invoice');
  const paid = await request.post('/api/payments', {
    headers: auth(admin),
    data: { method: 'cash', branchId: ann.branchId, allocations: [{ invoiceNo: invoice.invoiceNo, amountCents: invoice.balanceCents }] },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  await loginAs(page, request, 'courier_admin');
  await page.goto(`/admin/sign-signature/${invoice.invoiceNo}`);
  await see(page.getByTestId('sign-balance')).toHaveText('JMD 0.00');
  await page.getByLabel("Collector's name").fill(`Ann Week${stamp}`);
  await page.getByRole('button', { name: 'Sign to confirm collection' }).click();
  await signOnPad(page);
  await shot(page, { path: `${SHOTS}/06-counter.png`, fullPage: true });
  await page.getByRole('button', { name: 'Confirm collection', exact: true }).click();
  await see(page.getByRole('status').filter({ hasText: 'Collection recorded: the packages are delivered' })).toBeVisible();

  // Each customer's messages, counted: one per event, never one per parcel.
  const count = async (email: string, pattern: RegExp) => (await mailsTo(email)).filter((m) => pattern.test(subjectOf(m))).length;
  for (const who of [ann, ben]) {
    expect(await count(who.email, /^.*\d+ packages received at our Miami warehouse/), `${who.email} received`).toBe(1);
    expect(await count(who.email, /shipped to Jamaica/), `${who.email} shipped`).toBe(1);
    expect(await count(who.email, /ready for pickup/), `${who.email} ready`).toBe(1);
  }
  // Ann's file rows were one "received" e-mail; Ben's fixed row came in on its own later.
  expect(await count(ann.email, /received at our Miami warehouse/)).toBe(1);
  expect(await count(ben.email, /Package received at our Miami warehouse: PKG-/)).toBe(1);
  // On his phone, after the confirmation code: "ready" once by SMS and once by WhatsApp, nothing per parcel.
  expect(
    sim.inbox
      .slice(afterCode)
      .filter((m) => m.to === phone)
      .map((m) => m.channel)
      .sort(),
  ).toEqual(['sms', 'whatsapp']);
  expect(await count(cy.email, /Merchant invoice needed/)).toBe(1);
});
