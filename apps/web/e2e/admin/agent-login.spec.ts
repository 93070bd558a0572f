import { tokenFor } from '../support/auth';
import { auth, registerCustomer, unique } from '../support/services';
import { expect, test } from '../support/test';
import { shot } from '../support/screenshots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/agent-login-shots';

/**
 * The Miami agent's own login: the courier admin gives it an account; the agent signs in on the
 * staff page, lands on its files with only its screens in the sidebar, fixes a refused row of its
 * file and sends it again, and the parcel is received.
 */
test('the US agent signs in, sees only its screens, fixes a refused row and sends it again', async ({ page, request }) => {
  test.setTimeout(240_000);
  const adminToken = await tokenFor(request, 'courier_admin');
  const customer = await registerCustomer(request, { firstName: 'Agentfile' });
  const email = `agent.${unique()}@miami.test`;
  const password = 'Agent#Miami2026';
  const made = await request.post('/api/staff', {
    headers: auth(adminToken),
    data: { firstName: 'Miami', lastName: 'Agent', email, password, role: 'agent' },
  });
  expect(made.status(), await made.text()).toBe(201);

  // The agent's file went in with one row refused (a weight it could not read).
  const login = await request.post('/api/auth/staff/login', { data: { email, password } });
  const agentToken = ((await login.json()) as { token: string }).token;
  const tracking = `1ZAGT${unique().slice(-9)}`;
  const csv = ['Tracking #,Mailbox,Weight', `${tracking},${customer.mailbox},heavy`].join('\r\n');
  const up = await request.post('/api/package-imports', {
    headers: auth(agentToken),
    multipart: { file: { name: `miami-${unique()}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(up.status(), await up.text()).toBe(201);
  const { id, fileName } = (await up.json()) as { id: number; fileName: string };
  const started = await request.post(`/api/package-imports/${id}/import`, {
    headers: auth(agentToken),
    data: { mapping: { trackingNumber: 'Tracking #', mailbox: 'Mailbox', weightLb: 'Weight' } },
  });
  expect(started.status()).toBe(202);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/package-imports/${id}`, { headers: auth(agentToken) })).json()) as { status: string }).status,
    )
    .toBe('done');

  // The agent signs in on the staff page and lands on its files; the sidebar has its two screens only.
  await page.goto('/staff/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/staff\/package-import$/);
  await expect(page.getByRole('heading', { name: 'Import Packages', level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Maniefest' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Customers|Invoices|Payments|Settings/ })).toHaveCount(0);

  // The refused row, fixed and sent again.
  const item = page.getByRole('listitem').filter({ hasText: fileName });
  await item.getByRole('button', { name: 'Fix refused rows' }).click();
  const rows = page.getByRole('list', { name: 'Refused rows' });
  await expect(rows).toContainText('Row 2');
  await rows.getByLabel('Row 2 Weight').fill('4.5');
  await shot(page, { path: `${SHOTS}/01-fix-row.png`, fullPage: true });
  await rows.getByRole('button', { name: 'Send row 2 again' }).click();
  await expect(
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: /Row 2: Received as PKG-\d+/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByText('Every row of this file is in.')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, { path: `${SHOTS}/02-agent-375.png`, fullPage: true });

  // What it may not see, it is refused.
  expect((await request.get('/api/customers', { headers: auth(agentToken) })).status()).toBe(403);
  expect((await request.get('/api/invoices', { headers: auth(agentToken) })).status()).toBe(403);
});
