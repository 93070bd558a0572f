import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '@courier/shared/schemas/notifications';
import { customerRoutes } from '@/app/routes/customer/routes';
import { tokenStore } from '@/lib/storage';
import { stubApi } from '@/test/fake-api';
import { demoCustomerProfile, demoTicket, fakeToken, renderInSession } from '@/test/fake-session';

const profile = demoCustomerProfile();

const TICKET = demoTicket();

/** The reply's notice as the API gives it, and 11 more unread: the badge shows its cap. */
function feedOf(unread: boolean): AppNotification[] {
  const notice = (id: number, title: string, link: string | null): AppNotification => ({
    id,
    courierId: 1,
    type: 'ticket_answered',
    title,
    body: TICKET.subject,
    link,
    read: !unread,
    createdAt: '2026-11-28T14:05:00.000Z',
  });
  return [
    notice(100, `Reply to ticket ${TICKET.ticket_no}`, `/customer/support-tickets?ticket=${TICKET.ticket_no}`),
    ...Array.from({ length: 11 }, (_, i) => notice(i + 1, `Invoice INV-${i + 1} issued`, null)),
  ];
}

/** The customer portal as routed in the app, signed in, over a fake API whose "mark all read" empties the count. */
function renderPortal(path: string) {
  let unread = true;
  const count = () => (unread ? 12 : 0);
  const api = stubApi({
    'GET /customers/profile': profile,
    'GET /notifications/unread-count': () => ({ unreadCount: count() }),
    'GET /notifications': () => ({ data: feedOf(unread), total: 12, page: 1, limit: 20, unreadCount: count() }),
    'POST /notifications/read-all': () => {
      unread = false;
      return { updated: 12 };
    },
    'POST /notifications/100/read': { ok: true },
    [`GET /tickets/customer/${profile.id}`]: { data: [TICKET], total: 1, page: 1, limit: 50 },
    [`GET /tickets/${TICKET.id}`]: TICKET,
  });
  tokenStore.set(fakeToken('customer'));
  const router = renderInSession(customerRoutes, path);
  return { router, api };
}

const sidebarItem = () =>
  within(screen.getByRole('navigation', { name: 'Customer navigation' })).getByRole('link', { name: /^Notifications/ });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a customer's notifications", () => {
  it('open what they are about: the ticket in its dialog on the tickets page', async () => {
    const user = userEvent.setup();
    const { router } = renderPortal('/customer/support-tickets');
    // The badge: the count after the label, 9+ at most.
    await waitFor(() => expect(sidebarItem()).toHaveTextContent(/^Notifications9\+$/));

    await user.click(sidebarItem());
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/notifications'));
    await user.click(await screen.findByRole('link', { name: `Reply to ticket ${TICKET.ticket_no}` }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(`/customer/support-tickets?ticket=${TICKET.ticket_no}`),
    );
    const dialog = await screen.findByRole('dialog', { name: TICKET.subject });
    expect(await within(dialog).findByText('It is on the next flight.')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('"Mark all as read" says 0 unread and takes the badge off the sidebar', async () => {
    const user = userEvent.setup();
    const { api } = renderPortal('/customer/notifications');
    expect(await screen.findByText('12 unread')).toBeInTheDocument();
    await waitFor(() => expect(sidebarItem()).toHaveTextContent(/^Notifications9\+$/));

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('0 unread')).toBeInTheDocument();
    await waitFor(() => expect(sidebarItem()).toHaveTextContent(/^Notifications$/));
    expect(api.changes().map((c) => `${c.method} ${c.path}`)).toEqual(['POST /notifications/read-all']);
  });
});
