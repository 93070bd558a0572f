import { openInvoiceOfDemoCustomer } from '../support/invoices';
import { pdfText } from '../support/pdf';
import { expect, test } from '../support/test';
import { DEMO } from '../support/auth';

/**
 * Branded documents: the admin sets the GCT registration number and A4 paper in
 * Company Settings; the invoice comes out on A4 with "GCT Reg. No.", and the Payments page's
 * "Print receipt (80 mm)" opens an 80 mm wide receipt. Journeys share one database: both settings
 * are put back at the end.
 */
const ADMIN = DEMO.courier_admin;
const CUSTOMER = DEMO.customer;
const GCT = '000-111-222';

test.use({ viewport: { width: 1600, height: 1000 } });

const mediaBox = (bytes: Buffer) => (/\/MediaBox\s*\[([^\]]+)\]/.exec(bytes.toString('latin1'))?.[1] ?? '').trim().split(/\s+/).map(Number);

test('Company Settings brand the PDFs: GCT Reg. No. and A4 on the invoice, and an 80 mm receipt from Payments', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const login = await request.post('/api/auth/login', { data: ADMIN });
  const token = ((await login.json()) as { token: string }).token;
  const auth = { authorization: `Bearer ${token}` };
  const customer = await request.post('/api/customers/login', { data: CUSTOMER });
  const open = await openInvoiceOfDemoCustomer(request, ((await customer.json()) as { token: string }).token);
  // The admin has no branch of their own: the payment names its till.
  const [till] = (await (await request.get('/api/branches/options', { headers: auth })).json()) as Array<{ id: number }>;
  const paid = await request.post('/api/payments', {
    headers: auth,
    data: { method: 'cash', branchId: till?.id, allocations: [{ invoiceNo: open.invoiceNo, amountCents: 100 }] },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const { receiptNo } = (await paid.json()) as { receiptNo: string };
  const courierId = ((await (await request.get('/api/auth/profile', { headers: auth })).json()) as { courier: { id: number } }).courier.id;
  const before = (await (await request.get(`/api/couriers/${courierId}`, { headers: auth })).json()) as Record<string, string | null>;
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);

  try {
    await page.goto('/admin/settings');
    await page.getByLabel('GCT registration number').fill(GCT);
    await page.getByLabel('Paper size').selectOption('A4');
    await page.getByRole('button', { name: 'Save Company Settings' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Company settings updated successfully!' })).toBeVisible();

    const invoice = await request.get(`/api/invoices/${open.invoiceNo}/pdf`, { headers: auth });
    const invoiceBytes = await invoice.body();
    expect(await pdfText(invoiceBytes)).toContain(`GCT Reg. No.: ${GCT}`);
    expect(mediaBox(invoiceBytes)).toEqual([0, 0, 595.28, 841.89]);

    await page.goto(`/admin/payments?search=${receiptNo}`);
    // The button asks for the thermal layout; the PDF is read again here (the browser keeps no copy of a body it turned into a blob).
    const asked = page.waitForRequest((r) => r.url().includes(`/api/payments/${receiptNo}/receipt`));
    await page.getByRole('button', { name: `Print receipt ${receiptNo} (80 mm)` }).click();
    const url = new URL((await asked).url());
    expect(url.searchParams.get('format')).toBe('thermal');
    const receipt = await (await request.get(url.pathname + url.search, { headers: auth })).body();
    const [, , width] = mediaBox(receipt);
    expect(width).toBeCloseTo(226.77, 1);
    const text = await pdfText(receipt);
    expect(text).toContain(`Receipt ${receiptNo}`);
    expect(text).toContain(`GCT Reg. No.: ${GCT}`);
  } finally {
    const restored = await request.put(`/api/couriers/${courierId}`, {
      headers: auth,
      data: {
        name: before.name,
        first_name: before.first_name,
        last_name: before.last_name,
        email: before.email,
        gct_registration_number: before.gct_registration_number ?? '',
        paper_size: before.paper_size ?? 'letter',
      },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
  }
});
