import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { loginAs } from '../support/auth';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/integrations-shots';
const API_KEY = 'ck_demo_jamaica_express_2026';

/** A customer of the demo courier of their own, so the journey never depends on earlier ones. */
async function registerCustomer(request: APIRequestContext, firstName: string, lastName: string) {
  const validate = await (await request.get(`/api/couriers/validate/${API_KEY}`)).json();
  const branches = await (await request.get(`/api/branches/public/${validate.data.id}`)).json();
  const res = await request.post('/api/customers/register', {
    data: {
      accountType: 'individual',
      title: 'Ms.',
      firstName,
      lastName,
      email: `${firstName}.${lastName}@example.test`.toLowerCase(),
      phone: '876-555-0188',
      password: 'Import#Journey1',
      trn: '999-888-777',
      address: '1 Import Lane',
      parish: 'Kingston',
      city: 'Kingston',
      branchId: branches.data[0].id,
      api_key: API_KEY,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { token: string; customer: { mailboxNumber: string } };
  return { token: body.token, mailbox: body.customer.mailboxNumber, name: `${firstName} ${lastName}` };
}

async function preAlert(request: APIRequestContext, token: string, trackingNumber: string) {
  const res = await request.post('/api/customer/pre-alerts', {
    headers: { authorization: `Bearer ${token}` },
    data: { trackingNumber, merchant: 'Amazon', description: 'Import journey parcel', declaredValueUsdCents: 3000 },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * The agent's spreadsheet: 300 rows, a third for each of two customers (one by mailbox, one by
 * consignee name only) and a third for a mailbox nobody has; with 5 bad weights, 3 rows without a
 * tracking number and 2 tracking numbers listed twice. Its mailbox and weight headers are words our
 * guess does not know, so the admin maps them.
 */
async function agentWorkbook(stamp: string, alice: { mailbox: string }, bob: { name: string }) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Received');
  sheet.addRow(['Tracking Number', 'Acct', 'Consignee', 'Gross Wt', 'Dimensions', 'Pcs', 'Shipper', 'Contents', 'Declared Value', 'Date']);
  const tracking = (i: number) => `IMPJ${stamp}${String(i).padStart(4, '0')}`;
  for (let i = 0; i < 300; i++) {
    const who = i % 3 === 0 ? [alice.mailbox, ''] : i % 3 === 1 ? ['', bob.name] : ['NOBODY-99', ''];
    let t = tracking(i);
    let weight: string | number = 1 + (i % 20) * 0.5;
    if (i >= 290 && i < 295) weight = 'about 3';
    if (i >= 295 && i < 298) t = '';
    if (i >= 298) t = tracking(i - 297); // rows 1 and 2 again
    sheet.addRow([t, who[0], who[1], weight, '12x9x4', 1, 'Amazon', `Item ${i}`, '$25.00', '11/20/2026']);
  }
  return { data: Buffer.from(await wb.xlsx.writeBuffer()), tracking };
}

test('an admin maps and imports the agent’s 300-row spreadsheet with bad rows, reads the report, and pre-alerts match', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const alice = await registerCustomer(request, 'Alice', `Importer${stamp}`);
  const bob = await registerCustomer(request, 'Bob', `Consignee${stamp}`);
  const { data, tracking } = await agentWorkbook(stamp, alice, bob);
  // Alice pre-alerted two of hers, Bob one of his (listed by name only in the file).
  for (const t of [tracking(0), tracking(3)]) await preAlert(request, alice.token, t);
  await preAlert(request, bob.token, tracking(4));

  await loginAs(page, request, 'courier_admin');
  await page.goto('/admin/package-import');
  await expect(page.getByRole('heading', { name: 'Import Packages' })).toBeVisible();
  await page.getByLabel('The warehouse agent’s file (CSV or Excel .xlsx)').setInputFiles({
    name: `agent-${stamp}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: data,
  });
  await page.getByRole('button', { name: 'Read the file' }).click();

  const mapping = page.getByRole('form', { name: 'Column mapping' });
  await expect(mapping.getByText(`agent-${stamp}.xlsx: 300 rows`)).toBeVisible();
  // Guessed from the header words; the two the guess cannot know are the admin's choice.
  await expect(mapping.getByLabel('Tracking number')).toHaveValue('Tracking Number');
  await expect(mapping.getByLabel('Mailbox')).toHaveValue('');
  await mapping.getByRole('button', { name: 'Check every row' }).click();
  await expect(mapping.getByRole('alert')).toContainText('Choose the column that holds the weight');
  await mapping.getByLabel('Mailbox').selectOption('Acct');
  await mapping.getByLabel('Weight (lb)').selectOption('Gross Wt');
  await mapping.getByRole('button', { name: 'Check every row' }).click();

  const summary = page.getByRole('list', { name: 'Summary' });
  await expect(summary).toContainText('Not imported (errors): 8');
  await expect(summary).toContainText('Duplicates in file: 2');
  await expect(summary).toContainText('Pre-alerts matched: 3');
  await expect(page.getByRole('table', { name: 'What the import will do with each row' })).toContainText(
    'The weight "about 3" is not a number of pounds',
  );
  await shot(page, { path: `${SHOTS}/import-preview.png`, fullPage: true });

  // 290 good rows less the 2 repeated: 97 for Alice, 97 for Bob, 96 to Unknown Packages.
  await page.getByRole('button', { name: 'Import 290 packages' }).click();
  await expect(page.getByText(`Import finished: agent-${stamp}.xlsx`)).toBeVisible({ timeout: 60_000 });
  await expect(summary).toContainText('Received: 194');
  await expect(summary).toContainText('To Unknown Packages: 96');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download report (CSV)' }).click(),
  ]);
  const report = (await readFile(await download.path())).toString('utf8').trim().split(/\r?\n/);
  expect(report[0]).toBe('Row,Tracking number,Result,Package,Customer,Pre-alert matched,Messages');
  expect(report).toHaveLength(301);
  expect(report.filter((l) => l.includes(',Not imported,'))).toHaveLength(8);
  expect(report.find((l) => l.startsWith(`2,${tracking(0)},Received,PKG-`))).toContain(alice.mailbox);
  await shot(page, { path: `${SHOTS}/import-report.png`, fullPage: true });

  // The customers' pre-alerts are matched: received, with the package.
  for (const who of [alice, bob]) {
    const res = await request.get('/api/customer/pre-alerts', { headers: { authorization: `Bearer ${who.token}` } });
    const items = ((await res.json()) as { data: Array<{ trackingNumber: string; status: string }> }).data;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.status).toBe('received');
  }

  // The earlier files list has it with its report; importing it again creates nothing twice.
  await page.getByRole('button', { name: 'Import another file' }).click();
  await expect(page.getByRole('button', { name: `Report of agent-${stamp}.xlsx` })).toBeVisible();
  await page.getByLabel('The warehouse agent’s file (CSV or Excel .xlsx)').setInputFiles({
    name: `agent-${stamp}-again.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: data,
  });
  await page.getByRole('button', { name: 'Read the file' }).click();
  // The mapping is remembered.
  await expect(mapping.getByLabel('Mailbox')).toHaveValue('Acct');
  await mapping.getByRole('button', { name: 'Check every row' }).click();
  await expect(summary).toContainText('Already received: 290');
  await expect(page.getByRole('button', { name: 'Import 0 packages' })).toBeDisabled();
});
