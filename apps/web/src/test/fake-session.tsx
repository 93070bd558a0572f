import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { TicketWithMessages } from '@courier/shared/schemas/tickets';
import { SessionProvider } from '@/lib/session';

/**
 * A session for component tests: a token of the JWT's shape (the web app reads its role and expiry,
 * the API alone verifies it), the demo people's profiles as the API answers them, and their demo data.
 */

const base64Url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An access token for `role` that expires in `expInSeconds` (negative: already expired). */
export function fakeToken(role: string, expInSeconds = 3600): string {
  const exp = Math.floor(Date.now() / 1000) + expInSeconds;
  return `${base64Url({ alg: 'HS256' })}.${base64Url({ role, type: 'access', exp })}.sig`;
}

export const DEMO_COURIER = { id: 1, name: 'Jamaica Express Post', code: 'JXP', logo_url: null };

/** The demo customer, Kimberly Williams (JXP-10001), with `overrides`. */
export function demoCustomerProfile<T extends object>(overrides: T = {} as T) {
  return {
    id: 5,
    firstName: 'Kimberly',
    lastName: 'Williams',
    email: 'customer@example.test',
    accountType: 'individual',
    businessName: null,
    title: null,
    mailboxNumber: 'JXP-10001',
    phone: null,
    trn: null,
    address: null,
    parish: null,
    city: null,
    country: 'Jamaica',
    avatarUrl: null,
    branch: null,
    courier: DEMO_COURIER,
    role: 'customer',
    createdAt: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

/** The demo courier admin, Andrea Campbell, as `GET /api/auth/profile` answers, with `overrides`. */
export function demoAdminProfile<T extends object>(overrides: T = {} as T) {
  return {
    id: 2,
    first_name: 'Andrea',
    last_name: 'Campbell',
    email: 'admin@jamaicaexpress.test',
    username: null,
    avatarUrl: null,
    phone: null,
    role: { name: 'courier_admin', permissions: [] as string[] },
    permissions: [] as string[],
    courier: DEMO_COURIER,
    branch: null,
    impersonated: false,
    timeZone: 'America/Jamaica',
    ...overrides,
  };
}

/** The demo customer's open ticket, their question and the desk's reply (message 41), with `overrides`. */
export function demoTicket(overrides: Partial<TicketWithMessages> = {}): TicketWithMessages {
  return {
    id: 7,
    ticket_no: 'TKT-000007',
    subject: 'Where is my parcel',
    status: 'In Progress',
    department: 'Packages',
    courier: { id: DEMO_COURIER.id, name: DEMO_COURIER.name },
    timeZone: 'America/Jamaica',
    customer: { id: 5, firstName: 'Kimberly', lastName: 'Williams', mailboxNumber: 'JXP-10001' },
    unread: true,
    messageCount: 2,
    createdAt: '2026-11-28T14:00:00.000Z',
    updatedAt: '2026-11-28T14:05:00.000Z',
    seenUpTo: null,
    messages: [
      {
        id: 40,
        user_id: null,
        customer_id: 5,
        author: { name: 'Kimberly Williams', kind: 'customer' },
        message: 'It says delivered in Miami.',
        attachments: [],
        createdAt: '2026-11-28T14:00:00.000Z',
      },
      {
        id: 41,
        user_id: 9,
        customer_id: null,
        author: { name: 'Ana Brown', kind: 'staff' },
        message: 'It is on the next flight.',
        attachments: [],
        createdAt: '2026-11-28T14:05:00.000Z',
      },
    ],
    ...overrides,
  };
}

/**
 * Renders `routes` at `path` as the app does: a fresh query client (no retries), the session (signed
 * in when a token is stored) and a memory router the session navigates. Returns the router.
 */
export function renderInSession(routes: Parameters<typeof createMemoryRouter>[0], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}
