import { tokenFor } from '../support/auth';
import { expect, test } from '../support/test';
import { expectOneLabelOf, gun, loopbackPrinter } from './floor-steps';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/warehouse-shots';

/**
 * The warehouse floor by keyboard: a 3-piece shipment received piece by piece with labels going
 * straight to a (loopback) label printer, one piece flagged hazardous and refused by the AIR
 * manifest, then the pieces put away by scanning the parcel and then the shelf.
 */
test('three pieces received, one hazardous refused by AIR, put away by scan, printed to the branch printer', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const printer = await loopbackPrinter();
  const stamp = Date.now().toString().slice(-8);
  const tracking = `1ZPCS${stamp}01`;
  const shelf = `W${stamp}-1`;
  const admin = await tokenFor(request, 'courier_admin');
  const auth = { authorization: `Bearer ${admin}` };
  // The parcels are the demo customer's, of May Pen: its shelves and printer take them.
  const branches = (await (await request.get('/api/branches/options', { headers: auth })).json()) as Array<{ id: number; name: string }>;
  const branchId = branches.find((b) => b.name === 'May Pen')?.id ?? 0;
  // The station prints on its branch's printer; earlier runs' printers are taken away first.
  for (const p of (await (await request.get('/api/label-printers', { headers: auth })).json()) as Array<{ id: number }>) {
    await request.delete(`/api/label-printers/${p.id}`, { headers: auth });
  }
  const registered = await request.post('/api/label-printers', {
    headers: auth,
    data: { branchId, name: 'Loopback Zebra', host: '127.0.0.1', port: printer.port },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  expect((await request.post('/api/shelves', { headers: auth, data: { branchId, code: shelf } })).status()).toBe(201);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript((t) => window.localStorage.setItem('token', t), admin);
  const received: Array<{ id: number; packageNumber: string }> = [];
  page.on('response', async (res) => {
    if (res.request().method() === 'POST' && /\/api\/packages$/.test(res.url()) && res.status() === 201) received.push(await res.json());
  });
  await page.goto('/admin/scan');
  const autoPrint = page.getByRole('checkbox', { name: 'Auto-print labels' });
  if (!(await autoPrint.isChecked())) await autoPrint.check();
  const field = page.getByLabel('Tracking number');
  const result = page.getByTestId('scan-result');

  // Piece 1 of 3: the clerk types the weight, the mailbox and the pieces, Enter receives.
  await field.focus();
  await gun(page, tracking);
  await expect(page.getByLabel('Weight (lb)')).toBeFocused();
  await page.keyboard.type('4.5');
  await page.getByLabel('Mailbox number').focus();
  await page.keyboard.type('JXP-10001');
  await page.getByLabel('Boxes in this shipment').focus();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(result).toContainText('piece 1 of 3, 1 of 3 in');
  await shot(page, { path: `${SHOTS}/01-piece-1-of-3.png`, fullPage: true });

  // Pieces 2 and 3: the same tracking number scanned again asks for the next piece's weight.
  for (const [n, weight] of [
    [2, '6'],
    [3, '1.25'],
  ] as const) {
    await field.focus();
    await gun(page, tracking);
    await expect(result).toContainText(`${n - 1} of 3 pieces in`);
    await expect(page.getByLabel('Weight (lb)')).toBeFocused();
    await page.keyboard.type(weight);
    await page.keyboard.press('Enter');
    await expect(result).toContainText(`piece ${n} of 3, ${n} of 3 in`);
  }
  // The screen can show the third piece before its response's body has been read here.
  await expect.poll(() => received.length).toBe(3);

  // Each label went to the printer: one ZPL label per job, with its package number as Code 128.
  await expect.poll(() => printer.jobs.length, { timeout: 10_000 }).toBe(3);
  for (const [i, job] of printer.jobs.entries()) {
    expectOneLabelOf(job, received[i]?.packageNumber ?? '');
    expect(job).toContain(`Piece ${i + 1} of 3`);
  }

  // The last piece is flagged hazardous (lithium batteries) at the station.
  const hazard = page.getByRole('region', { name: 'Hazard' });
  await hazard.getByLabel('What it is').focus();
  await hazard.getByLabel('What it is').selectOption('lithium_batteries');
  await hazard.getByRole('button', { name: 'Flag parcel' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Hazard recorded; the customer has been told')).toBeVisible();
  await expect(hazard.getByRole('status')).toContainText('Hazardous: Lithium batteries');
  await shot(page, { path: `${SHOTS}/02-hazard-flagged.png`, fullPage: true });

  // The AIR manifest refuses it, in our words, by scan; the other pieces join.
  const air = (await (await request.post('/api/manifests', { headers: auth, data: { type: 'AIR' } })).json()) as { id: number };
  const hazardous = received[2]?.packageNumber ?? '';
  const refused = await request.post(`/api/manifests/${air.id}/packages`, { headers: auth, data: { scan: hazardous } });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(
    `${hazardous} is flagged hazardous (lithium batteries): dangerous goods cannot fly. Ship it by sea, or return or dispose of it`,
  );
  await page.goto('/admin/maniefest');
  await shot(page, { path: `${SHOTS}/03-manifests.png`, fullPage: true });

  // Put away: scan each piece, then the shelf.
  await page.goto('/admin/scan');
  await page.getByRole('button', { name: 'Put away' }).focus();
  await page.keyboard.press('Enter');
  const putAway = page.getByTestId('put-away');
  for (const box of received) {
    await putAway.getByLabel('Parcel to put away').focus();
    await gun(page, box.packageNumber);
    await expect(putAway.getByTestId('scan-result')).toContainText(`${box.packageNumber}: scan the shelf`);
    await expect(putAway.getByLabel(`Shelf for ${box.packageNumber}`)).toBeFocused();
    await gun(page, shelf);
    await expect(putAway.getByTestId('scan-result')).toContainText(`${box.packageNumber} put away on ${shelf}`);
  }
  await shot(page, { path: `${SHOTS}/04-put-away.png`, fullPage: true });
  const shelves = (await (await request.get('/api/shelves', { headers: auth })).json()) as Array<{ code: string; parcelCount: number }>;
  expect(shelves.find((s) => s.code === shelf)?.parcelCount).toBe(3);

  // The set-up: the shelf lists its three parcels; "Test print" sends one test label to the printer.
  await page.getByText('Shelves and label printers').focus();
  await page.keyboard.press('Enter');
  const printers = page.getByRole('list', { name: 'Label printers' });
  await expect(printers).toContainText('Loopback Zebra');
  await expect(page.getByRole('list', { name: 'Shelves' }).getByRole('listitem').filter({ hasText: shelf })).toContainText('3 parcel(s)');
  await printers.getByRole('button', { name: 'Test print' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Label sent to Loopback Zebra')).toBeVisible();
  await expect.poll(() => printer.jobs.length).toBe(4);
  expect(printer.jobs[3]).toContain('TEST PRINT');
  await shot(page, { path: `${SHOTS}/05-shelves-and-printers.png`, fullPage: true });

  // With the printer unplugged the station says so and opens the PDF instead.
  await new Promise<void>((r) => printer.server.close(() => r()));
  const fallback = await request.post(`/api/packages/${received[0]?.id}/print-label`, { headers: auth, data: {} });
  expect(((await fallback.json()) as { printed: boolean; message: string }).message).toBe(
    'Printer Loopback Zebra cannot be reached: the PDF label opens instead',
  );
  await context.close();
});
