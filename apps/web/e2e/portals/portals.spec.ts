import type { Page } from '@playwright/test';
import { pageSettled } from '../support/settled';
import { expect, test } from '../support/test';
import { DEFAULT_BRANCH_MANAGER_PERMISSIONS, DEFAULT_STAFF_PERMISSIONS, STAFF_SIDEBAR } from '@courier/shared/constants/permissions';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO, LOGIN_PAGE, signIn } from '../support/auth';
import { shot } from '../support/screenshots';

/** Each demo person with their login page and portal. */
const PEOPLE = {
  super_admin: { ...DEMO.super_admin, login: LOGIN_PAGE.super_admin, home: '/superadmin' },
  courier_admin: { ...DEMO.courier_admin, login: LOGIN_PAGE.courier_admin, home: '/admin' },
  branch_manager: { ...DEMO.branch_manager, login: LOGIN_PAGE.branch_manager, home: '/staff' },
  staff: { ...DEMO.staff, login: LOGIN_PAGE.staff, home: '/staff' },
  customer: { ...DEMO.customer, login: LOGIN_PAGE.customer, home: '/customer' },
};
type Who = keyof typeof PEOPLE;

const SHOTS = process.env.PORTAL_SHOTS_DIR ?? '/tmp/portal-shots';

/** Signs in through the login form, then opens the portal's dashboard. */
async function signInToDashboard(page: Page, login: string, email: string, password: string, home: string) {
  await page.goto(login);
  await signIn(page, { email, password }, login);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 15_000 });
  await page.goto(`${home}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/** Moves inside the single-page app by its sidebar, as a person would. */
async function openFromSidebar(page: Page, portal: string, label: string) {
  await page
    .getByRole('navigation', { name: `${portal} navigation` })
    .getByRole('link', { name: label, exact: true })
    .click();
  await expect(page.getByRole('heading', { name: label, exact: true })).toBeVisible();
}

async function sidebarLabels(page: Page, portal: string): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: `${portal} navigation` });
  await expect(nav.getByRole('link').first()).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.replace(/\s*\d+\+?$/, '').trim());
}

/** The staff sidebar as shown, grouped into sections: the fixed order within each section. */
const STAFF_SHOWN_ORDER = [
  'Dashboard',
  'Scan',
  'Packages',
  'Packages Delivery Request',
  'Unknown Packages',
  'Maniefest',
  'Reconciliation',
  'Uncollected',
  'Signature',
  'Consolidations',
  'Transfers',
  'Returns & discards',
  'On the way',
  'Customers',
  'Business Customers',
  'Shop For Me',
  'Insurance claims',
  'Reports',
  'Invoices',
  'Payments',
  'Support Tickets',
  'Staff',
  'Settings',
];
/** The forwarding services' screens after the fixed list, each shown with any of its permissions. */
const SERVICE_ITEMS = [
  { label: 'Consolidations', anyOf: ['packages_view', 'packages_scan'] },
  { label: 'Transfers', anyOf: ['packages_scan'] },
  { label: 'Shop For Me', anyOf: ['customers_view', 'tickets_view'] },
  { label: 'Insurance claims', anyOf: ['packages_edit'] },
  { label: 'Returns & discards', anyOf: ['packages_edit'] },
  { label: 'On the way', anyOf: ['packages_view'] },
];

const staffLabels = (permissions: readonly string[]) => {
  const held = [
    ...STAFF_SIDEBAR.filter((i) => permissions.includes(i.permission)).map((i) => i.label as string),
    ...SERVICE_ITEMS.filter((i) => i.anyOf.some((p) => permissions.includes(p))).map((i) => i.label),
  ];
  return STAFF_SHOWN_ORDER.filter((label) => held.includes(label));
};

const EXPECTED: Record<Who, { portal: string; labels: string[]; header: RegExp }> = {
  super_admin: {
    portal: 'Super admin',
    // Grouped: Operations, Billing, Support, Organisation; Settings pinned at the bottom.
    labels: [
      'Dashboard',
      'Packages',
      'Manifests',
      'Invoices',
      'Payments',
      'Reports',
      'Support Tickets',
      'Notifications',
      'Couriers',
      'Branches',
      'Staff',
      'Roles',
      'Audit log',
      'Settings',
    ],
    header: /Super Administrator/,
  },
  courier_admin: {
    portal: 'Admin',
    labels: [
      'Dashboard',
      'Scan',
      'Packages',
      'Packages Delivery Request',
      'Consolidations',
      'Returns & discards',
      'On the way',
      'Delivery Locations',
      'Unknown Packages',
      'Import Packages',
      'Maniefest',
      'Reconciliation',
      'Transfers',
      'Uncollected',
      'Signature',
      'Shop For Me',
      'Insurance claims',
      'Customers',
      'Business Customers',
      'Referrals & Coupons',
      'Invoices',
      'Payments',
      'Reports',
      'Support Tickets',
      'Website Inbox',
      'Batch Emails',
      'Notifications',
      'Branches',
      'Staff',
      'Roles',
      'Audit log',
      'Integrations',
      'Settings',
    ],
    header: /Jamaica Express Post/,
  },
  branch_manager: { portal: 'Staff', labels: staffLabels(DEFAULT_BRANCH_MANAGER_PERMISSIONS), header: /Branch Manager/ },
  staff: { portal: 'Staff', labels: staffLabels(DEFAULT_STAFF_PERMISSIONS), header: /Staff/ },
  customer: {
    portal: 'Customer',
    labels: [
      'Dashboard',
      'Packages',
      'Delivery Requests',
      'Consolidation',
      'Shop For Me',
      'Customs Calculator',
      'Invoices',
      'Payments',
      'Account Credit',
      'Cards & Autopay',
      'Pay Before Arrival',
      'Rate Sheet',
      'Support Tickets',
      'Notifications',
      'Profile',
    ],
    header: /Individual Account/,
  },
};

for (const who of Object.keys(PEOPLE) as Who[]) {
  test(`${who} sees exactly their sidebar and header, on a desktop and a phone`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const d = PEOPLE[who];
    const expected = EXPECTED[who];
    await signInToDashboard(page, d.login, d.email, d.password, d.home);
    await expect(page).toHaveURL(new RegExp(`${d.home}/dashboard$`));
    expect(await sidebarLabels(page, expected.portal)).toEqual(expected.labels);
    await expect(page.getByTestId('portal-header')).toContainText(expected.header);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // The courier's own logo, or the default one when it has none (another journey may have
    // uploaded one to the shared demo courier); the super admin has no courier.
    const validate = await page.request.get(`/api/couriers/validate/${DEFAULT_API_KEY}`);
    const courierLogo = who === 'super_admin' ? null : ((await validate.json()).data.logo_url as string | null);
    await expect(
      page
        .getByRole('navigation', { name: `${expected.portal} navigation` })
        .getByRole('img')
        .first(),
    ).toHaveAttribute('src', courierLogo ?? '/default-logo.svg');
    await pageSettled(page);
    await expectNoSeriousA11yViolations(page);
    await shot(page, { path: `${SHOTS}/${who}-desktop.png`, fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('navigation', { name: `${expected.portal} navigation` })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('navigation', { name: `${expected.portal} navigation` });
    await expect(drawer).toBeVisible();
    await shot(page, { path: `${SHOTS}/${who}-phone-menu.png` });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
    await shot(page, { path: `${SHOTS}/${who}-phone.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
}

test('a signed-in user sent to another portal goes to their own home', async ({ page }) => {
  const d = PEOPLE.staff;
  await signInToDashboard(page, d.login, d.email, d.password, d.home);
  await page.goto('/admin/branches');
  await expect(page).toHaveURL(/\/staff(\/dashboard)?$/);
});

test("the admin opens a customer and sees that customer's packages, invoices, payments and tickets", async ({ page }) => {
  const d = PEOPLE.courier_admin;
  await signInToDashboard(page, d.login, d.email, d.password, d.home);
  await page.goto('/admin/customers');
  // Other journeys add customers (an import of 500): find her as staff would.
  await page.getByRole('searchbox').fill('Kimberly');
  await page.getByRole('link', { name: 'Kimberly Williams', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Kimberly Williams' })).toBeVisible();
  const packages = page.getByRole('table', { name: 'Customer packages' });
  // Oldest package numbers first: earlier journeys may have received many more for her.
  await packages.getByRole('button', { name: /^Package/ }).click();
  await expect(packages.getByRole('columnheader', { name: /^Package/ })).toHaveAttribute('aria-sort', 'ascending');
  // Her demo packages (PKG-000001 to 7), never the unknown PKG-000008 that belongs to nobody.
  await expect(packages).toContainText('PKG-000001');
  await expect(packages).toContainText('PKG-000007');
  await expect(packages).not.toContainText('PKG-000008');
  await expect(page.getByRole('table', { name: 'Customer invoices' })).toContainText('INV-000001');
  // Payments and tickets: their list, or the empty state when no journey (on this worker's
  // database) has made one for her yet; either way loaded, not failed.
  for (const [title, table] of [
    ['Payments', 'Customer payments'],
    ['Support tickets', 'Customer support tickets'],
  ]) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: table }).or(page.getByText('No data available')).first()).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.getByText('Cannot filter by')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the admin creates a branch, a role with two permissions and a staff member, who then signs in and sees the items of those permissions', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const id = Date.now().toString(36);
  const d = PEOPLE.courier_admin;
  await signInToDashboard(page, d.login, d.email, d.password, d.home);

  // Branch
  await openFromSidebar(page, 'Admin', 'Branches');
  await page.getByRole('button', { name: 'New branch' }).click();
  const branchDialog = page.getByRole('dialog', { name: 'New branch' });
  await branchDialog.getByRole('button', { name: 'Create branch' }).click();
  await expect(branchDialog.getByText('Branch name is required')).toBeVisible();
  await branchDialog.getByLabel('Name').fill(`Mandeville ${id}`);
  await branchDialog.getByLabel('Code').fill('MDV');
  await branchDialog.getByLabel('Parish').selectOption('Manchester');
  await branchDialog.getByLabel('Phone').fill('(876) 962-0000');
  await branchDialog.getByRole('button', { name: 'Create branch' }).click();
  await expect(branchDialog).toBeHidden();
  await page.getByRole('searchbox').fill(id);
  await expect(page.getByRole('link', { name: `Mandeville ${id}`, exact: true })).toBeVisible();
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  await shot(page, { path: `${SHOTS}/admin-branches.png`, fullPage: true });

  // Role with two permissions
  await openFromSidebar(page, 'Admin', 'Roles');
  await page.getByRole('link', { name: 'New role' }).click();
  await page.getByLabel('Role name').fill(`Counter ${id}`);
  await page.getByRole('checkbox', { name: /^View dashboard_view/ }).check();
  await page.getByRole('checkbox', { name: /^View customers_view/ }).check();
  await shot(page, { path: `${SHOTS}/admin-role-editor.png`, fullPage: true });
  await page.getByRole('button', { name: 'Create role' }).click();
  await expect(page).toHaveURL(/\/admin\/roles\/\d+$/);
  await expect(page.getByRole('heading', { name: `Counter ${id}` })).toBeVisible();

  // Staff member with that role and branch
  await openFromSidebar(page, 'Admin', 'Staff');
  await page.getByRole('button', { name: 'New staff member' }).click();
  const staffDialog = page.getByRole('dialog', { name: 'New staff member' });
  await staffDialog.getByLabel('First name').fill('Shanice');
  await staffDialog.getByLabel('Last name').fill('Thompson');
  const email = `shanice.${id}@jamaicaexpress.test`;
  await staffDialog.getByLabel('Email').fill(email);
  await staffDialog.getByLabel('Role', { exact: true }).selectOption({ label: `Counter ${id}` });
  await staffDialog.getByLabel('Branch').selectOption({ label: `Mandeville ${id}` });
  await staffDialog.getByLabel('Password', { exact: true }).fill('Shanice#2026');
  await staffDialog.getByRole('button', { name: 'Create staff member' }).click();
  await expect(staffDialog).toBeHidden();
  await page.getByRole('searchbox').fill('shanice');
  await expect(page.getByRole('link', { name: 'Shanice Thompson', exact: true })).toBeVisible();
  await shot(page, { path: `${SHOTS}/admin-staff.png`, fullPage: true });

  await page.getByRole('button', { name: 'Log out' }).first().click();
  await page.waitForURL((url) => url.pathname === '/');

  await signInToDashboard(page, '/staff/login', email, 'Shanice#2026', '/staff');
  // Customers, and Shop For Me, which customer records open too.
  expect(await sidebarLabels(page, 'Staff')).toEqual(['Dashboard', 'Customers', 'Shop For Me']);
  await expect(page.getByTestId('portal-header')).toContainText(`Mandeville ${id}`);
  await openFromSidebar(page, 'Staff', 'Customers');
  await page.getByRole('searchbox').fill('Kimberly');
  await expect(page.getByRole('link', { name: 'Kimberly Williams', exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the super admin creates a courier, sees its api key and opens its customers', async ({ page }) => {
  const d = PEOPLE.super_admin;
  const id = Date.now().toString(36).slice(-4).toUpperCase();
  await signInToDashboard(page, d.login, d.email, d.password, d.home);
  await openFromSidebar(page, 'Super admin', 'Couriers');
  await page.getByRole('button', { name: 'New courier' }).click();
  const dialog = page.getByRole('dialog', { name: 'New courier' });
  await dialog.getByLabel('Courier name').fill(`Island Box ${id}`);
  await dialog.getByLabel('Code').fill(`IB${id}`.slice(0, 8));
  await dialog.getByLabel('First name').fill('Omar');
  await dialog.getByLabel('Last name').fill('Grant');
  await dialog.getByLabel('Admin email').fill(`omar.${id.toLowerCase()}@islandbox.test`);
  await dialog.getByLabel('Admin password').fill('IslandBox#2026');
  await dialog.getByRole('button', { name: 'Create courier' }).click();
  await expect(page).toHaveURL(/\/superadmin\/couriers\/\d+$/);
  await expect(page.getByTestId('api-key')).toHaveText(/^ck_/);
  await expect(page.getByRole('button', { name: 'Impersonate' })).toBeVisible();
  await shot(page, { path: `${SHOTS}/superadmin-courier.png`, fullPage: true });
  await page.getByRole('link', { name: '0' }).first().click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByText('No data available')).toBeVisible();
});
