import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AnnouncementsPage from '@/app/routes/communications/announcements-page';
import InvoicesPage from '@/app/routes/billing/invoices-page';
import PaymentsPage from '@/app/routes/billing/payments-page';
import PackagesPage from '@/app/routes/packages/packages-page';
import StaffSupportTicketsPage from '@/app/routes/tickets/staff-support-tickets-page';
import { RolesPage } from '@/app/routes/organisation/roles-page';
import { StaffPage } from '@/app/routes/organisation/staff-page';
import { SessionProvider } from '@/lib/session';
import { tokenStore } from '@/lib/storage';
import { fakeToken } from '@/test/fake-session';

/**
 * The super admin's lists mix couriers: each row's dates are in its own courier's zone, not the
 * platform's. 2026-11-23 20:00 UTC is 3:00 PM on Nov 23 in Jamaica and 5:00 AM on Nov 24 in Tokyo.
 */
const AT = '2026-11-23T20:00:00Z';
const TOKYO_DAY = 'Nov 24, 2026';
const JAMAICA_DAY = 'Nov 23, 2026';

const superAdminProfile = {
  id: 1,
  first_name: 'Sam',
  last_name: 'Admin',
  email: 'super@x.test',
  username: null,
  avatarUrl: null,
  phone: null,
  role: { name: 'super_admin', permissions: [] },
  permissions: [],
  courier: null,
  branch: null,
  impersonated: false,
  timeZone: 'America/Jamaica',
};

const COURIERS = [
  { id: 1, name: 'Kingston Express', timeZone: 'America/Jamaica' },
  { id: 2, name: 'Tokyo Express', timeZone: 'Asia/Tokyo' },
] as const;

type Courier = (typeof COURIERS)[number];
const customer = { customerId: 5, customerName: 'Kim Lee', mailboxNumber: 'KE-1' };
/** What every billing and package row says of its courier and customer. */
const courierFields = (c: Courier) => ({ ...customer, id: c.id, courierId: c.id, courierName: c.name, timeZone: c.timeZone });

/** One row of each courier per list, the same instant in every date field. */
const LISTS: Array<{ name: string; path: string; api: string; Page: ComponentType; row: (c: Courier) => object; flat?: boolean }> = [
  {
    name: 'Packages',
    path: 'packages',
    api: '/api/packages',
    Page: PackagesPage,
    row: (c) => ({
      ...courierFields(c),
      packageNumber: `PKG-${c.id}`,
      trackingNumber: `TRK-${c.id}`,
      status: 'received',
      holdReason: null,
      branchName: null,
      mode: 'AIR',
      manifestNumber: null,
      weightLb: 1,
      receivedAt: AT,
    }),
  },
  {
    name: 'Invoices',
    path: 'invoices',
    api: '/api/invoices',
    Page: InvoicesPage,
    row: (c) => ({
      ...courierFields(c),
      invoiceNo: `INV-${c.id}`,
      status: 'unpaid',
      totalCents: 1000,
      paidCents: 0,
      balanceCents: 1000,
      packageCount: 1,
      issuedAt: AT,
    }),
  },
  {
    name: 'Payments',
    path: 'payments',
    api: '/api/payments',
    Page: PaymentsPage,
    row: (c) => ({
      ...courierFields(c),
      receiptNo: `RCT-${c.id}`,
      amountCents: 500,
      method: 'cash',
      reference: null,
      branchName: null,
      takenByName: null,
      tenderedCents: null,
      changeCents: null,
      invoiceNos: [],
      paidAt: AT,
    }),
  },
  {
    name: 'Support Tickets',
    path: 'support-tickets',
    api: '/api/tickets',
    Page: StaffSupportTicketsPage,
    row: (c) => ({
      id: c.id,
      ticket_no: `TKT-${c.id}`,
      subject: 'Where is it?',
      status: 'Pending',
      department: 'Packages',
      courier: { id: c.id, name: c.name },
      timeZone: c.timeZone,
      customer: { id: 5, firstName: 'Kim', lastName: 'Lee', mailboxNumber: 'KE-1' },
      unread: false,
      messageCount: 1,
      createdAt: AT,
      updatedAt: AT,
    }),
  },
  {
    name: 'Staff',
    path: 'staff',
    api: '/api/staff',
    Page: StaffPage,
    row: (c) => ({
      id: c.id,
      courierId: c.id,
      courierName: c.name,
      timeZone: c.timeZone,
      firstName: 'Pat',
      lastName: `Clerk ${c.id}`,
      name: `Pat Clerk ${c.id}`,
      email: `pat${c.id}@x.test`,
      phone: null,
      role: 'staff',
      roleId: null,
      roleName: null,
      branchId: null,
      branchName: null,
      active: true,
      lastLoginAt: AT,
      createdAt: AT,
    }),
  },
  {
    name: 'Roles',
    path: 'roles',
    api: '/api/roles',
    Page: RolesPage,
    row: (c) => ({
      id: c.id,
      courierId: c.id,
      courierName: c.name,
      timeZone: c.timeZone,
      name: `Counter ${c.id}`,
      description: null,
      permissions: [],
      staffCount: 0,
      createdAt: AT,
      updatedAt: AT,
    }),
  },
  {
    name: 'Notifications',
    path: 'notifications',
    api: '/api/notifications/announcements',
    Page: AnnouncementsPage,
    flat: true,
    row: (c) => ({
      id: c.id,
      title: `Hello ${c.name}`,
      body: 'Body',
      courier: { id: c.id, name: c.name },
      timeZone: c.timeZone,
      createdAt: AT,
    }),
  },
];

function stubApi(api: string, rows: object[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/auth/profile') return json(superAdminProfile);
      if (url.pathname === api) return json({ data: rows, total: rows.length, page: 1, limit: 25 });
      if (url.pathname === '/api/platform/couriers/options') return json([]);
      return json({ data: [], total: 0, page: 1, limit: 25 });
    }),
  );
}

function renderAsSuperAdmin(Page: ComponentType, path: string) {
  tokenStore.set(fakeToken('super_admin'));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/superadmin/${path}`]}>
        <SessionProvider>
          <Page />
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

/** The element of the list that holds a courier's row: its table row, or its list item. */
async function rowOf(courier: Courier, flat: boolean): Promise<HTMLElement> {
  const name = await screen.findAllByText(courier.name, { exact: false });
  const holder = name.map((n) => n.closest<HTMLElement>(flat ? 'li' : 'tr')).find((el) => el !== null);
  if (!holder) throw new Error(`no row of ${courier.name}`);
  return holder;
}

describe("the super admin's mixed-courier lists show each row's dates in its courier's zone", () => {
  it.each(LISTS)('$name', async ({ Page, path, api, row, flat = false }) => {
    stubApi(api, COURIERS.map(row));
    renderAsSuperAdmin(Page, path);
    const [jamaica, tokyo] = COURIERS;
    const tokyoRow = await rowOf(tokyo, flat);
    const jamaicaRow = await rowOf(jamaica, flat);
    expect(within(tokyoRow).getAllByText(new RegExp(TOKYO_DAY)).length).toBeGreaterThan(0);
    expect(within(tokyoRow).queryByText(new RegExp(JAMAICA_DAY))).toBeNull();
    expect(within(jamaicaRow).getAllByText(new RegExp(JAMAICA_DAY)).length).toBeGreaterThan(0);
  });
});
