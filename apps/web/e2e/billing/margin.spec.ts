import { readFile } from 'node:fs/promises';
import { loginAs, tokenFor } from '../support/auth';
import { auth, receivePackage, registerCustomer, unique } from '../support/services';
import { expect, test } from '../support/test';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/margin-shots';

const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Jamaica' }).format(new Date());

/**
 * A branch manager records what a flight cost (the airline's freight in USD at the day's rate, the
 * agent's handling in JMD), sees each parcel's share by billable weight and the flight's margin,
 * then reads the margin on Reports and downloads it as CSV.
 */
test("a manager enters a flight's costs and reads its margin, on screen and in the CSV", async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = await tokenFor(request, 'courier_admin');
  const headers = auth(admin);
  const keisha = await registerCustomer(request, { firstName: 'Keisha', lastName: 'Margin' });
  const andre = await registerCustomer(request, { firstName: 'Andre', lastName: 'Margin' });
  // Billable 3, 1 and 6 lb: 2.3 and 0.5 round up to the next pound.
  const parcels = [
    await receivePackage(request, admin, { mailbox: keisha.mailbox, weightLb: 2.3, description: 'Sneakers' }),
    await receivePackage(request, admin, { mailbox: keisha.mailbox, weightLb: 0.5, description: 'Phone case' }),
    await receivePackage(request, admin, { mailbox: andre.mailbox, weightLb: 6, description: 'Blender' }),
  ];
  const flight = `JM ${unique().slice(-4)}`;
  const created = await request.post('/api/manifests', { headers, data: { type: 'AIR', flightOrVessel: flight, departureDate: today() } });
  expect(created.status(), await created.text()).toBe(201);
  const manifest = (await created.json()) as { id: number; manifestNumber: string };
  const added = await request.post(`/api/manifests/${manifest.id}/packages`, { headers, data: { packageIds: parcels.map((p) => p.id) } });
  expect(added.ok(), await added.text()).toBe(true);
  for (const step of ['close', 'ship', 'arrive'])
    expect((await request.post(`/api/manifests/${manifest.id}/${step}`, { headers })).ok()).toBe(true);
  for (const p of parcels)
    for (const status of ['at_customs', 'ready_for_pickup']) {
      const moved = await request.post(`/api/packages/${p.id}/status`, { headers, data: { status } });
      expect(moved.ok(), await moved.text()).toBe(true);
    }
  // What the invoices earned: their totals less GCT and customs duty, read from the invoices themselves.
  let revenueCents = 0;
  for (const customer of [keisha, andre]) {
    const list = (await (await request.get('/api/invoices?limit=50', { headers: auth(customer.token) })).json()) as {
      data: Array<{ invoiceNo: string; status: string }>;
    };
    for (const inv of list.data.filter((i) => i.status !== 'void')) {
      const d = (await (await request.get(`/api/invoices/${inv.invoiceNo}`, { headers: auth(customer.token) })).json()) as {
        totalCents: number;
        gctCents: number;
        customsCents: number;
      };
      revenueCents += d.totalCents - d.gctCents - d.customsCents;
    }
  }
  expect(revenueCents).toBeGreaterThan(0);
  // USD 20.00 at 157.25 is JMD 3,145.00; with JMD 1,000.01 of handling, JMD 4,145.01.
  const costCents = 414_501;

  await loginAs(page, request, 'branch_manager');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/staff/maniefest');
  await page.getByRole('button', { name: `Costs of ${manifest.manifestNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Costs of ${manifest.manifestNumber}` });
  await expect(dialog.getByText('No costs yet')).toBeVisible();

  // By keyboard: add a line, fill it, add the next.
  await dialog.getByRole('button', { name: 'Add a cost' }).focus();
  await page.keyboard.press('Enter');
  const freight = dialog.getByRole('group', { name: 'Cost line 1' });
  // The new line takes the focus; it starts as USD freight at the courier's rate.
  await expect(freight.getByLabel('What for')).toBeFocused();
  await expect(freight.getByLabel('What for')).toHaveValue('freight');
  await page.keyboard.press('Tab');
  await expect(freight.getByLabel('Amount')).toBeFocused();
  await page.keyboard.type('20');
  await freight.getByLabel('Rate (JMD per USD)').fill('157.25');
  await freight.getByLabel('Note (optional)').fill(`MAWB for ${flight}`);
  await expect(dialog.getByTestId('line-jmd-1')).toHaveText('JMD 3,145.00');
  await dialog.getByRole('button', { name: 'Add a cost' }).click();
  const handling = dialog.getByRole('group', { name: 'Cost line 2' });
  await handling.getByLabel('What for').selectOption('handling');
  await handling.getByLabel('Currency').selectOption('JMD');
  await expect(handling.getByLabel('Rate (JMD per USD)')).toBeDisabled();
  await handling.getByLabel('Amount').fill('1,000.01');
  await handling.getByLabel('Amount').press('Enter');
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Costs saved' })).toBeVisible();
  await expect(dialog.getByTestId('flight-costs')).toHaveText('JMD 4,145.01');
  await expect(dialog.getByTestId('flight-revenue')).toHaveText(
    `JMD ${Number(money(revenueCents)).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  // 4,145.01 over 3:1:6 lb is 1,243.503, 414.501 and 2,487.006: the cent left goes to the largest remainder.
  const shares = dialog.getByTestId('parcel-shares');
  await expect(shares.getByRole('row').filter({ hasText: parcels[0]?.packageNumber ?? '' })).toContainText('1,243.50');
  await expect(shares.getByRole('row').filter({ hasText: parcels[1]?.packageNumber ?? '' })).toContainText('414.50');
  await expect(shares.getByRole('row').filter({ hasText: parcels[2]?.packageNumber ?? '' })).toContainText('2,487.01');
  await shot(page, { path: `${SHOTS}/01-costs-panel.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  // The dark colours settle a frame after the switch.
  await page.waitForTimeout(500);
  await shot(page, { path: `${SHOTS}/02-costs-panel-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, { path: `${SHOTS}/03-costs-panel-375.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Reports: the flight's margin, and the CSV says the same.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/staff/reports');
  const flights = page.getByTestId('margin-flights');
  const row = flights.getByRole('row').filter({ hasText: manifest.manifestNumber });
  // The reports load one after another; a busy machine takes its time.
  await expect(row).toContainText('4,145.01', { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'GCT and duty for the tax return' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Margin per flight as CSV' }).click();
  const csv = (await readFile(await (await download).path(), 'utf8')).trim().split('\r\n');
  expect(csv[0]).toBe(
    "Manifest,Type,Flight / vessel,MAWB / BL,Departure,Parcels,Billable lb,MAWB / BL freight (JMD),Agent's handling (JMD),Customs broker (JMD),Local delivery (JMD),Other (JMD),Costs (JMD),Revenue (JMD),Margin (JMD)",
  );
  expect(csv).toContain(
    `${manifest.manifestNumber},AIR,${flight},,${today()},3,10,3145.00,1000.01,0.00,0.00,0.00,4145.01,${money(revenueCents)},${money(revenueCents - costCents)}`,
  );
  await row.scrollIntoViewIfNeeded();
  await shot(page, { path: `${SHOTS}/04-margin-report.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, { path: `${SHOTS}/05-margin-report-dark.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, { path: `${SHOTS}/06-margin-report-375.png`, fullPage: true });
});
